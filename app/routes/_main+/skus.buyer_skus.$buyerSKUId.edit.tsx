import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { BuyerSkuPage } from '~/features/buyer-skus/buyer-sku-page'
import { handleEditPageForm } from '~/features/buyer-skus/forms.server'
import { LIST_PATH } from '~/features/buyer-skus/paths'
import {
  buyerSkuExists,
  buyerSkuHeader,
  buyerSkuHistory,
  inForceAndWaiting,
  pendingPriceRequests,
} from '~/features/buyer-skus/queries.server'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { readId } from '~/utils/list-params'
import { rupeesInput } from '~/utils/money'
import { quantityInput } from '~/utils/quantity'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

export const handle: LoaderHandle<typeof loader> = {
  name: 'EditBuyerSKU',
  title: 'Buyer SKU',
  breadcrumb: (data) => data?.sku.buyer_code ?? 'Buyer SKU',
  parents: [{ text: 'Buyer SKUs', to: LIST_PATH }],
}
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(data ? `Buyer SKU ${data.sku.buyer_code}` : 'Buyer SKU')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePortal(request, 'main')
  const id = readId(params.buyerSKUId) ?? notFound()
  const db = getDb()
  const sku = (await buyerSkuHeader(db, id)) ?? notFound()
  const [{ inForce, waiting }, requests, history] = await Promise.all([
    inForceAndWaiting(db, id, sku.current_version),
    pendingPriceRequests(db, id),
    buyerSkuHistory(db, sku),
  ])
  // The form starts from what applies now; its save becomes the next version.
  const formValues = inForce
    ? {
        buyerCode: inForce.buyer_code,
        price: rupeesInput(inForce.price_minor),
        moq: quantityInput(inForce.moq_milli),
        note: '',
      }
    : { buyerCode: sku.buyer_code, price: '', moq: '', note: '' }
  return { sku, inForce, waiting, requests, history, formValues }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'main')
  const id = readId(params.buyerSKUId) ?? notFound()
  const db = getDb()
  if (!(await buyerSkuExists(db, id))) notFound()
  return answerForm(await handleEditPageForm(db, viewer, id, await readForm(request)))
}

export default function EditBuyerSkuPage() {
  const loaded = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  return <BuyerSkuPage {...loaded} saveReply={result?.intent === 'save' ? result.reply : null} />
}
