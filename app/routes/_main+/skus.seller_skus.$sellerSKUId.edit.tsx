import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { handleEditPageForm } from '~/features/seller-skus/forms.server'
import { sellerSkuEditPage, sellerSkuExists } from '~/features/seller-skus/queries.server'
import { listPath, statusLabels } from '~/features/seller-skus/rules'
import { SellerSkuPage } from '~/features/seller-skus/seller-sku-page'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { readId } from '~/utils/list-params'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

type Loaded = Awaited<ReturnType<typeof loader>> | undefined

export const handle: LoaderHandle<typeof loader> = {
  name: 'EditSellerSKU',
  title: 'Edit seller SKU',
  breadcrumb: (data: Loaded) => (data ? `${data.offer.product_sku_code} from ${data.offer.seller_name}` : 'Edit'),
  // A live offer belongs to the live list; drafts and archived offers to the draft list.
  parents: (data: Loaded) => [
    data?.offer.status === 'live'
      ? { text: 'Seller SKUs (live)', to: listPath('live') }
      : {
          text: `Seller SKUs (${data?.offer.status === 'archived' ? statusLabels.archived.toLowerCase() : 'draft'})`,
          to: listPath(data?.offer.status ?? 'draft'),
        },
  ],
}
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(data ? `${data.offer.product_sku_code} from ${data.offer.seller_name}` : 'Edit seller SKU')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePortal(request, 'main')
  const id = readId(params.sellerSKUId) ?? notFound()
  return (await sellerSkuEditPage(getDb(), id)) ?? notFound()
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'main')
  const id = readId(params.sellerSKUId) ?? notFound()
  const db = getDb()
  if (!(await sellerSkuExists(db, id))) notFound()
  return answerForm(await handleEditPageForm(db, viewer, id, await readForm(request)))
}

export default function EditSellerSkuPage() {
  return <SellerSkuPage {...useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} />
}
