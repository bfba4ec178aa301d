import { mayOpen } from '~/auth/portals'
import { getDb } from '~/db.server'
import { kolkataDay } from '~/utils/format'
import { viewerFor } from '../../../tests/support/db'
import { buyerBalances, readBalanceFilters } from '../settlements/balances.server'
import { portalHome } from './queries.server'

const db = () => getDb()
const n = async (query: { executeTakeFirstOrThrow: () => Promise<{ n: unknown }> }) =>
  Number((await query.executeTakeFirstOrThrow()).n)

describe('the logistics team’s and finance’s homes', () => {
  it('show the logistics team its own work, every figure a link it may follow, and no company counts', async () => {
    const viewer = await viewerFor('logistics')
    const { figures } = await portalHome(db(), viewer, 'logistics')
    const byLabel = new Map(figures.map((f) => [f.label.replace(/ \(\d+\)$/, ''), f]))
    expect([...byLabel.keys()]).toEqual([
      'Transport requests to book',
      'Booked, waiting for pickup',
      'On the road',
      'Pickups today',
      'Transporter bills due this week',
      'Transporter bills overdue',
    ])
    for (const f of figures) expect(f.to && mayOpen(viewer.roles, f.to), f.label).toBe(true)
    const open = await n(
      db()
        .selectFrom('transport_requests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'open'),
    )
    expect(byLabel.get('Transport requests to book')).toMatchObject({
      value: open,
      to: '/logistics/transport_requests?status=open',
    })
    const onTheRoad = await n(
      db()
        .selectFrom('transport_bookings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'picked_up'),
    )
    expect(byLabel.get('On the road')).toMatchObject({
      value: onTheRoad,
      to: '/logistics/transport_bookings?status=picked_up',
    })
    expect(byLabel.get('Pickups today')?.to).toBe(
      `/logistics/transport_bookings?from=${kolkataDay()}&to=${kolkataDay()}`,
    )
  })

  it('show finance buyers’ money and transporter bills, every figure a link it may follow, and no company counts', async () => {
    const viewer = await viewerFor('biz_fin')
    const { figures, queues } = await portalHome(db(), viewer, 'biz_fin')
    expect(figures.map((f) => f.label.replace(/ \(\d+\)$/, ''))).toEqual([
      'Outstanding from buyers',
      'Invoices past due',
      'Payments received this month',
      'Transporter bills due this week',
      'Transporter bills overdue',
      'Orders on credit hold',
    ])
    for (const f of figures) expect(f.to && mayOpen(viewer.roles, f.to), f.label).toBe(true)
    // The demo's order on credit hold waits in finance's queue, and is counted.
    const held = await db().selectFrom('master_orders').select('code').where('credit_hold', '=', 'held').execute()
    expect(held.length).toBe(1)
    expect(figures.find((f) => f.label === 'Orders on credit hold')?.value).toBe(1)
    expect(queues[0]?.title).toBe('Orders on credit hold')
    expect(queues[0]?.items.map((i) => i.label.split(' · ')[0])).toEqual([held[0]!.code])
    const accounts = await db()
      .selectFrom('buyer_accounts')
      .select(['invoiced_minor', 'debited_minor', 'received_minor', 'credited_minor'])
      .execute()
    const outstanding = accounts.reduce(
      (sum, a) =>
        sum + Number(a.invoiced_minor) + Number(a.debited_minor) - Number(a.received_minor) - Number(a.credited_minor),
      0,
    )
    expect(figures[0].value).toBe(`₹${Math.round(outstanding / 100).toLocaleString('en-IN')}`)
    const pastDue = await n(
      db()
        .selectFrom('buyer_invoices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'open')
        .where('due_on', '<', kolkataDay()),
    )
    expect(figures[1].label).toBe(`Invoices past due (${pastDue})`)
  })

  it('list the buyers behind each money figure', async () => {
    const all = await buyerBalances(db(), readBalanceFilters(new URL('http://x/logistics/settlements')))
    const invoiced = await n(
      db()
        .selectFrom('buyer_accounts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('entries', '>', 0),
    )
    expect(all.total).toBe(invoiced)
    expect(all.total).toBeGreaterThan(0)
    const pastDue = await buyerBalances(
      db(),
      readBalanceFilters(new URL('http://x/logistics/settlements?show=past_due')),
    )
    const owing = await db()
      .selectFrom('buyer_invoices')
      .select('buyer_id')
      .distinct()
      .where('status', '=', 'open')
      .where('due_on', '<', kolkataDay())
      .execute()
    expect(pastDue.rows.map((r) => r.id).sort()).toEqual(owing.map((r) => r.buyer_id).sort())
    for (const row of pastDue.rows) expect(row.pastDueMinor).toBeGreaterThan(0)
    // What is not a filter lists them all.
    expect(
      (await buyerBalances(db(), readBalanceFilters(new URL('http://x/logistics/settlements?show=nonsense&page=-3'))))
        .total,
    ).toBe(all.total)
  })
})
