import { getDb } from '~/db.server'
import { kolkataDay } from '~/utils/format'
import { viewerFor } from '../../../tests/support/db'
import { businessPage } from '../reports/pages.server'
import { homeExtras, operationsDashboard } from './operations.server'
import { portalHome } from './queries.server'

const db = () => getDb()
const figure = (sections: Awaited<ReturnType<typeof operationsDashboard>>, label: RegExp) =>
  sections.flatMap((s) => s.figures).find((f) => label.test(f.label))!

describe('the operations dashboard', () => {
  it('counts what waits, each figure linked to the list behind it where the viewer may open it', async () => {
    const admin = await operationsDashboard(db(), await viewerFor('admin'))
    const pending = Number(
      (
        await db()
          .selectFrom('seller_orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', '=', 'pending_approval')
          .executeTakeFirstOrThrow()
      ).n,
    )
    expect(figure(admin, /^Seller orders to approve/)).toMatchObject({
      value: pending,
      to: '/admin/approvals/seller_orders',
    })
    const placed = Number(
      (
        await db()
          .selectFrom('master_orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', '=', 'placed')
          .executeTakeFirstOrThrow()
      ).n,
    )
    expect(figure(admin, /^Placed$/)).toMatchObject({ value: placed, to: '/master_orders?status=placed' })
    const requested = Number(
      (
        await db()
          .selectFrom('sample_orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', '=', 'requested')
          .executeTakeFirstOrThrow()
      ).n,
    )
    expect(figure(admin, /^Sample requests to approve/).value).toBe(requested)
    // Approvals are not internal staff's work: no figure (there is no list of theirs behind it); every figure shown is a link.
    const internal = await operationsDashboard(db(), await viewerFor('internal'))
    expect(figure(internal, /^Seller orders to approve/)).toBeUndefined()
    expect(internal.map((s) => s.title)).not.toContain('Waiting for a decision')
    expect(internal.flatMap((s) => s.figures).every((f) => f.to)).toBe(true)
    expect(figure(internal, /^Transporter bills due this week/).to).toBe(
      '/logistics/transport_payment_dues?bucket=this_week',
    )
    // The same work, decided in another portal, links there: the supplier team admin approves seller orders too.
    const month = kolkataDay().slice(0, 7)
    const biz = await operationsDashboard(db(), await viewerFor('biz_ops'))
    expect(figure(biz, /^QC results to approve/).to).toBe('/biz_ops_team/approvals/qc')
    expect(figure(biz, /^QC inspections overdue/).to).toBe(`/biz_ops_team/master_orders/qc/calendar?month=${month}`)
    expect(
      figure(await operationsDashboard(db(), await viewerFor('supplier_admin')), /^Seller orders to approve/).to,
    ).toBe('/supplier_team/admin/approvals/seller_orders')
  })

  it('this month’s value is the business report’s for the same days', async () => {
    const today = kolkataDay()
    const sections = await operationsDashboard(db(), await viewerFor('internal'))
    const report = await businessPage(
      db(),
      new URL(`http://localhost/reports/master_order?from=${today.slice(0, 7)}-01&to=${today}`),
    )
    expect(figure(sections, /^Value this month/).value).toBe(
      `₹${Math.round(report.report.totals.value / 100).toLocaleString('en-IN')}`,
    )
  })

  it('portal homes add the figures their people act on', async () => {
    // The logistics team's and finance's homes have figures of their own (team-homes.server.ts).
    expect(await homeExtras(db(), await viewerFor('logistics'), 'logistics')).toEqual([])
    const adminHome = await portalHome(db(), await viewerFor('admin'), 'admin')
    expect(adminHome.figures.some((f) => f.label.startsWith('QC inspections overdue'))).toBe(true)
  })

  it('a home shows the figures of its people’s work, each a link: company counts only for the administrators', async () => {
    const labels = async (
      role: 'dev_admin' | 'catalog_manager' | 'demand_kam' | 'supplier_agent' | 'biz_ops' | 'admin',
      portal: Parameters<typeof portalHome>[2],
    ) => {
      const home = await portalHome(db(), await viewerFor(role), portal)
      expect(
        home.figures.every((f) => f.to),
        `${role}: every figure a link`,
      ).toBe(true)
      return home.figures.map((f) => f.label)
    }
    expect(await labels('dev_admin', 'dev_admin')).toEqual(['Product families', 'Feature flags on'])
    expect(await labels('catalog_manager', 'catalog_manager')).toEqual(['Active sample SKUs'])
    for (const [role, portal] of [
      ['demand_kam', 'demand_kam'],
      ['supplier_agent', 'supplier_agent'],
      ['biz_ops', 'biz_ops'],
    ] as const) {
      expect(
        (await labels(role, portal)).filter((l) =>
          /^(Active (buyers|sellers)|(Buyers|Sellers) (waiting|assigned)|Of them active|Products traded)/.test(l),
        ),
        role,
      ).toEqual([])
    }
    expect(await labels('admin', 'admin')).toEqual(
      expect.arrayContaining(['Buyers waiting for approval', 'Active sellers', 'Products traded']),
    )
  })
})
