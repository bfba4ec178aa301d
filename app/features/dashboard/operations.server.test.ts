import { getDb } from '~/db.server'
import { kolkataDay } from '~/utils/format'
import { viewerFor } from '../../../tests/support/db'
import { businessPage } from '../reports/pages.server'
import { homeExtras, operationsDashboard } from './operations.server'
import { portalHome } from './queries.server'

const db = () => getDb()
const figure = (sections: Awaited<ReturnType<typeof operationsDashboard>>, label: RegExp) => sections.flatMap((s) => s.figures).find((f) => label.test(f.label))!

describe('the operations dashboard', () => {
  it('counts what waits, each figure linked to the list behind it where the viewer may open it', async () => {
    const admin = await operationsDashboard(db(), await viewerFor('admin'))
    const pending = Number((await db().selectFrom('seller_orders').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending_approval').executeTakeFirstOrThrow()).n)
    expect(figure(admin, /^Seller orders to approve/)).toMatchObject({ value: pending, to: '/admin/approvals/seller_orders' })
    const placed = Number((await db().selectFrom('master_orders').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'placed').executeTakeFirstOrThrow()).n)
    expect(figure(admin, /^Placed$/)).toMatchObject({ value: placed, to: '/master_orders?status=placed' })
    const requested = Number((await db().selectFrom('sample_orders').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'requested').executeTakeFirstOrThrow()).n)
    expect(figure(admin, /^Sample requests to approve/).value).toBe(requested)
    // Internal staff see the approvals' figures, not links to the administrators' pages.
    const internal = await operationsDashboard(db(), await viewerFor('internal'))
    expect(figure(internal, /^Seller orders to approve/).to).toBeUndefined()
    expect(figure(internal, /^Transporter bills due this week/).to).toBe('/logistics/transport_payment_dues?bucket=this_week')
  })

  it('this month’s value is the business report’s for the same days', async () => {
    const today = kolkataDay()
    const sections = await operationsDashboard(db(), await viewerFor('internal'))
    const report = await businessPage(db(), new URL(`http://localhost/reports/master_order?from=${today.slice(0, 7)}-01&to=${today}`))
    expect(figure(sections, /^Value this month/).value).toBe(`₹${Math.round(report.report.totals.value / 100).toLocaleString('en-IN')}`)
  })

  it('portal homes add the figures their people act on', async () => {
    // The logistics team's and finance's homes have figures of their own (team-homes.server.ts).
    expect(await homeExtras(db(), await viewerFor('logistics'), 'logistics')).toEqual([])
    const adminHome = await portalHome(db(), await viewerFor('admin'), 'admin')
    expect(adminHome.figures.some((f) => f.label.startsWith('QC inspections overdue'))).toBe(true)
  })
})
