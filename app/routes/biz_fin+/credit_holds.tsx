import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { graceDays, heldOrders } from '~/features/credit/credit.server'
import { CreditHoldsPage } from '~/features/credit/holds-page'
import { handleHoldForm } from '~/features/credit/holds-forms.server'
import { orderPath } from '~/features/orders/lens'
import { settlementsPath } from '~/features/settlements/shared'
import { cancelHeldOrder, releaseCreditHold } from '~/lifecycle/master-orders.server'
import { turnoverBand } from '~/platform/turnover-band.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

export const handle: RouteHandle = {
  name: 'BizFinCreditHolds',
  title: 'Credit holds',
  menu: { group: 'Money', label: 'Credit holds', order: 1 },
}
export const meta: MetaFunction = () => pageTitle('Credit holds')

const PAGE = '/biz_fin/credit_holds'

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'biz_fin')
  const db = getDb()
  const [holds, grace, band] = await Promise.all([heldOrders(db), graceDays(db), turnoverBand(db)])
  return {
    holds: holds.map(({ buyerId, ...h }) => ({
      ...h,
      to: orderPath('biz_fin', h.id),
      // The buyer's settlement page: its ledger and the ageing of what it owes.
      ageingTo: `${settlementsPath}/buyers/${buyerId}`,
    })),
    graceDays: grace,
    setsGrace: viewer.roles.includes('admin'),
    turnoverBand: band,
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'biz_fin')
  const outcome = await handleHoldForm(getDb(), viewer, await readForm(request), {
    releaseCreditHold,
    cancelHeldOrder,
  })
  return answerForm(outcome, PAGE)
}

export default function CreditHolds() {
  const data = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>()
  return <CreditHoldsPage {...data} reply={reply} />
}
