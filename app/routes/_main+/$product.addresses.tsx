import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { Link } from '~/ui/link'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { handleAddressAction } from '~/features/addresses/action.server'
import { AddressBook } from '~/features/addresses/address-book'
import { historyOf } from '~/features/audit/history.server'
import { STAFF_VIEWER } from '~/features/audit/tell'
import { listAddresses } from '~/features/addresses/queries.server'
import { activeProductBySlug, activeProducts } from '~/features/products/queries.server'
import { isAddressIntent } from '~/features/addresses/shared'
import { newIdempotencyKey } from '~/platform/idempotency.server'
import { History } from '~/ui/history'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { PageHeader } from '~/ui/shell'
import { readForm } from '~/ui/read-form.server'

export const handle: LoaderHandle<typeof loader> = {
  name: 'ManageAddresses',
  title: 'Warehouses and offices',
  breadcrumb: (data: { product?: { name: string } } | undefined) =>
    data?.product ? `${data.product.name} warehouses and offices` : 'Warehouses and offices',
  menu: { group: 'Warehouses and offices', label: '{product}', order: 50 },
}
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(data ? `${data.product.name} warehouses and offices` : 'Warehouses and offices')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePortal(request, 'main')
  const db = getDb()
  const product = (await activeProductBySlug(db, params.product)) ?? notFound()
  const owner = { kind: 'product' as const, id: product.id }
  const [addresses, products, history] = await Promise.all([
    listAddresses(db, owner),
    activeProducts(db),
    historyOf(db, STAFF_VIEWER, 'product', owner.id, { limit: 30, only: ['address.*'] }),
  ])
  return {
    product,
    addresses,
    otherProducts: products.filter((p) => p.id !== product.id),
    history,
    idempotencyKey: newIdempotencyKey(),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'main')
  const db = getDb()
  const product = (await activeProductBySlug(db, params.product)) ?? notFound()
  const form = await readForm(request)
  if (!isAddressIntent(form.get('intent'))) return answerForm({ status: 'bad-request' }, '')
  const outcome = await handleAddressAction(db, viewer.userId, { kind: 'product', id: product.id }, form)
  return answerForm(outcome, `/${product.slug}/addresses`)
}

export default function ManageAddresses() {
  const { product, addresses, otherProducts, history, idempotencyKey } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>()
  return (
    <>
      <PageHeader title={`${product.name} warehouses and offices`} />
      <p className="muted">
        The platform’s own warehouses and offices for {product.name.toLowerCase()}: where goods are received, checked
        and sent from.
      </p>
      {otherProducts.length > 0 ? (
        <nav aria-label="Other products" className="row" style={{ marginBottom: 16 }}>
          <span className="muted">Other products:</span>
          {otherProducts.map((p) => (
            <Link key={p.id} to={`/${p.slug}/addresses`}>
              {p.name}
            </Link>
          ))}
        </nav>
      ) : null}
      <div className="stack">
        <div>
          <AddressBook owner="product" addresses={addresses} idempotencyKey={idempotencyKey} reply={reply} />
        </div>
        <History entries={history} title="Address history" />
      </div>
    </>
  )
}
