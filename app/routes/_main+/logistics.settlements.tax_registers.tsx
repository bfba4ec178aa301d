import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requireSection } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { FreightRegistersView } from '~/features/logistics/freight-registers'
import { freightRegisters } from '~/features/logistics/freight-registers.server'
import { TaxRegistersPage } from '~/features/payables/money-pages'
import { taxRegistersPage } from '~/features/payables/pages.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = {
  name: 'SellerTaxRegisters',
  title: 'Tax Registers',
  breadcrumb: 'Tax registers',
  menu: { group: 'Money', label: 'Input tax and TDS registers', order: 53 },
}
export const meta: MetaFunction = () => pageTitle('Input tax and TDS registers')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSection(request, 'money')
  const sellers = await taxRegistersPage(getDb(), new URL(request.url))
  // Freight's registers (issue 52) for the same month, below the sellers'.
  return { ...sellers, freight: await freightRegisters(getDb(), sellers.month, sellers.registration) }
}

export default function SellerTaxRegistersPage() {
  const data = useLoaderData<typeof loader>()
  return (
    <>
      <TaxRegistersPage data={data} />
      <FreightRegistersView data={data.freight} />
    </>
  )
}
