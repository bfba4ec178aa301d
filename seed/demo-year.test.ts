import { getDb } from '~/db.server'
import { operationsDashboard } from '~/features/dashboard/operations.server'
import { consignments } from '~/features/logistics/eway-bill.server'
import { kolkataDay } from '~/utils/format'
import { viewerFor } from '../tests/support/db'
import { demoEmail } from './demo-users'

// The demo reads as a business that has run for a year (issue 51, docs/domain.md "Demo data and
// production"), not as one day: on the demo data every test file starts from.

const DAY = 86_400_000
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY

describe('the demo data', () => {
  it('places the seller’s orders across the year, each needed a month or more after it was placed', async () => {
    const db = getDb()
    const seller = await db
      .selectFrom('users')
      .select('seller_id')
      .where('email', '=', demoEmail('seller'))
      .executeTakeFirstOrThrow()
    const orders = await db
      .selectFrom('seller_orders as so')
      .innerJoin('master_orders as mo', 'mo.id', 'so.master_order_id')
      .select(['mo.placed_at', 'mo.status'])
      .select((eb) =>
        eb
          .selectFrom('sub_orders as l')
          .select((inner) => inner.fn.min('l.required_by').as('d'))
          .whereRef('l.seller_order_id', '=', 'so.id')
          .as('needed_by'),
      )
      .where('so.seller_id', '=', seller.seller_id!)
      .orderBy('mo.placed_at', 'desc')
      .execute()
    // The first page of the seller's list (25 rows) was placed over many days, and needed by many.
    const page = orders.slice(0, 25)
    expect(new Set(page.map((o) => kolkataDay(o.placed_at))).size).toBeGreaterThanOrEqual(10)
    expect(new Set(page.map((o) => o.needed_by)).size).toBeGreaterThanOrEqual(10)
    // Over the year, and every one needed at least three weeks after it was placed.
    expect(daysBetween(orders.at(-1)!.placed_at, orders[0]!.placed_at)).toBeGreaterThan(300)
    for (const o of orders) expect(daysBetween(o.placed_at, `${o.needed_by}T23:59:59Z`)).toBeGreaterThan(21)
  })

  it('keeps each order in the state its age implies, and its history dated from its placing to its delivery', async () => {
    const db = getDb()
    const now = new Date().toISOString()
    const orders = await db.selectFrom('master_orders').select(['id', 'placed_at', 'status']).execute()
    // Orders of two months ago or more have been delivered; what waits for approval is days old.
    for (const o of orders.filter((x) => daysBetween(x.placed_at, now) > 60))
      expect(['delivered', 'closed', 'cancelled']).toContain(o.status)
    const pending = await db
      .selectFrom('seller_orders as so')
      .innerJoin('master_orders as mo', 'mo.id', 'so.master_order_id')
      .select('mo.placed_at')
      .where('so.status', '=', 'pending_approval')
      .where('mo.source', '=', 'cart')
      .execute()
    expect(pending.length).toBeGreaterThan(0)
    for (const p of pending) expect(daysBetween(p.placed_at, now)).toBeLessThan(10)
    // A delivered order's seller orders were approved, made and passed before their goods moved:
    // every entry of their history is dated between the placing and the last mile's delivery.
    const delivered = await db
      .selectFrom('seller_orders as so')
      .innerJoin('master_orders as mo', 'mo.id', 'so.master_order_id')
      .select(['so.id', 'mo.placed_at'])
      .where('mo.status', 'in', ['delivered', 'closed'])
      .execute()
    expect(delivered.length).toBeGreaterThan(30)
    for (const so of delivered) {
      const entries = await db
        .selectFrom('audit_events')
        .select(['at', 'action'])
        .where('entity_type', '=', 'seller_order')
        .where('entity_id', '=', String(so.id))
        .execute()
      expect(entries.length).toBeGreaterThan(2)
      for (const e of entries) {
        expect(e.at >= so.placed_at, `${e.action} at ${e.at}, placed ${so.placed_at}`).toBe(true)
        expect(daysBetween(so.placed_at, e.at), `${e.action} at ${e.at}, placed ${so.placed_at}`).toBeLessThan(20)
      }
    }
  })

  it('dates what one step wrote at one time: an order’s placed time is its history’s', async () => {
    const db = getDb()
    const entries = new Map(
      (
        await db
          .selectFrom('audit_events')
          .select(['entity_id', 'at'])
          .where('entity_type', '=', 'master_order')
          .where('action', '=', 'master_order.placed')
          .execute()
      ).map((e) => [e.entity_id, e.at]),
    )
    const orders = await db
      .selectFrom('master_orders')
      .select(['id', 'code', 'placed_at'])
      .where('source', '=', 'cart')
      .execute()
    const placed = orders.map((o) => ({ ...o, at: entries.get(String(o.id))! }))
    expect(placed.length).toBeGreaterThan(50)
    for (const p of placed)
      expect(
        Math.abs(Date.parse(p.at) - Date.parse(p.placed_at)),
        `${p.code}: placed ${p.placed_at}, entry ${p.at}`,
      ).toBeLessThan(60_000)
  })

  it('names each e-way bill’s tax invoice (the mill’s on a first mile, the buyer’s on a last mile), dated at or before its pickup (issue 52)', async () => {
    const db = getDb()
    const picked = await db
      .selectFrom('transport_bookings')
      .select(['id', 'pickup_at'])
      .where('eway_bill_at', 'is not', null)
      .execute()
    expect(picked.length).toBeGreaterThan(50)
    const documents = await consignments(
      db,
      picked.map((b) => b.id),
    )
    const all = picked.map((b) => ({ b, c: documents.get(b.id)! }))
    // No sale moves on a delivery challan: goods for the buyer on its invoice, goods from the mill on the mill's.
    expect(
      all.filter(({ c }) => c.type === 'first_mile' || c.type === 'last_mile').map(({ c }) => c.docType),
    ).not.toContain('CHL')
    const lastMiles = all.filter(({ c }) => c.type === 'last_mile')
    const firstMiles = all.filter(({ c }) => c.type === 'first_mile')
    expect(lastMiles.length).toBeGreaterThan(30)
    expect(firstMiles.length).toBeGreaterThan(30)
    for (const { b, c } of all) {
      const pickup = kolkataDay(b.pickup_at)
      expect(c.docNo, `${c.code} names its document`).not.toBe('')
      expect(c.docDate <= pickup, `${c.docNo} dated ${c.docDate}, picked up ${pickup}`).toBe(true)
      expect(daysBetween(c.docDate, pickup)).toBeLessThan(4)
    }
    // A last mile's document is its seller order's one invoice.
    // Under the registration of the place the goods leave (issue 52): the Tiruppur warehouse's in its own series.
    for (const { c } of lastMiles) expect(c.docNo).toMatch(c.userGstin.startsWith('33') ? /^INVTN\// : /^INV\//)
  })

  it('issues documents under the Tamil Nadu registration: yarn through the Tiruppur warehouse, CGST + SGST to Chennai, IGST to Bengaluru (issue 52)', async () => {
    const db = getDb()
    const TN = '33AABCS1429B1Z1'
    const invoices = await db
      .selectFrom('buyer_invoices as i')
      .innerJoin('buyers as b', 'b.id', 'i.buyer_id')
      .select([
        'i.id',
        'i.number',
        'i.seller_order_id',
        'i.seller_json',
        'i.supply',
        'i.place_of_supply',
        'i.cgst_minor',
        'i.sgst_minor',
        'i.igst_minor',
        'i.invoice_on',
        'b.name as buyer',
        'b.gstin as buyerGstin',
      ])
      .where('i.number', 'like', 'INVTN/%')
      .orderBy('i.id')
      .execute()
    // Invoices of both financial years of the demo, each series gapless from 1.
    expect(invoices.length).toBeGreaterThanOrEqual(4)
    const years = [...new Set(invoices.map((i) => i.number.split('/')[1]!))]
    expect(years).toHaveLength(2)
    for (const list of years.map((y) => invoices.filter((i) => i.number.split('/')[1] === y)))
      expect(list.map((i) => i.number.split('/')[2])).toEqual(list.map((_, k) => String(k + 1).padStart(4, '0')))
    for (const i of invoices) {
      expect((JSON.parse(i.seller_json) as { gstin: string }).gstin, i.number).toBe(TN)
      if (i.buyerGstin!.startsWith('33')) {
        // Within Tamil Nadu: CGST + SGST, half each.
        expect([i.supply, i.place_of_supply]).toEqual(['intra', 'Tamil Nadu'])
        expect(Number(i.cgst_minor)).toBeGreaterThan(0)
        expect(Number(i.sgst_minor)).toBe(Number(i.cgst_minor))
        expect(Number(i.igst_minor)).toBe(0)
      } else {
        expect(i.supply).toBe('inter')
        expect(Number(i.igst_minor)).toBeGreaterThan(0)
        expect(Number(i.cgst_minor) + Number(i.sgst_minor)).toBe(0)
      }
      // The goods went from the mill to the Tiruppur warehouse, and left from there toward the buyer
      // (today's are on the road).
      const moves = await db
        .selectFrom('transport_requests')
        .select(['transport_type', 'from_json', 'to_json', 'status'])
        .where('seller_order_id', '=', i.seller_order_id)
        .orderBy('id')
        .execute()
      const city = (json: string) => (JSON.parse(json) as { city: string }).city
      expect(moves.map((m) => [m.transport_type, m.status])).toEqual([
        ['first_mile', 'delivered'],
        ['last_mile', i.invoice_on === kolkataDay() ? 'in_transit' : 'delivered'],
      ])
      expect(city(moves[0]!.to_json)).toBe('Tiruppur')
      expect(city(moves[1]!.from_json)).toBe('Tiruppur')
    }
    expect(new Set(invoices.map((i) => `${i.buyer} ${i.supply}`))).toEqual(
      new Set(['Coastal Weaves Trading intra', 'Cedar Apparel inter']),
    )
    // A credit note under the same registration, in its series; every document of the past registered
    // with the IRP, today's invoice waiting for its IRN.
    expect(invoices.filter((i) => i.invoice_on === kolkataDay()).map((i) => i.buyer)).toEqual([
      'Coastal Weaves Trading',
    ])
    const notes = await db
      .selectFrom('credit_notes')
      .select(['id', 'number', 'supply'])
      .where('number', 'like', 'CNTN/%')
      .execute()
    expect(notes.map((n) => [n.number.replace(/\/\d{2}-\d{2}\//, '/'), n.supply])).toEqual([['CNTN/00001', 'intra']])
    const registered = await db
      .selectFrom('einvoice_registrations')
      .select('doc_number')
      .where('doc_number', 'in', [...invoices.map((i) => i.number), ...notes.map((n) => n.number)])
      .execute()
    expect(registered).toHaveLength(invoices.length - 1 + notes.length)
  })

  it('asks for each move before it is booked, books it before its pickup, and picks it up no earlier than its day', async () => {
    const rows = await getDb()
      .selectFrom('transport_requests as r')
      .innerJoin('transport_bookings as b', 'b.request_id', 'r.id')
      .select(['r.code', 'r.created_at as asked', 'r.pickup_on', 'b.created_at as booked', 'b.picked_up_at'])
      .execute()
    expect(rows.length).toBeGreaterThan(50)
    for (const r of rows) {
      expect(Date.parse(r.asked), `${r.code}: asked ${r.asked}, booked ${r.booked}`).toBeLessThanOrEqual(
        Date.parse(r.booked),
      )
      if (r.picked_up_at) {
        expect(Date.parse(r.booked), `${r.code}: booked ${r.booked}, picked up ${r.picked_up_at}`).toBeLessThanOrEqual(
          Date.parse(r.picked_up_at),
        )
        expect(kolkataDay(new Date(r.picked_up_at)), `${r.code}: day ${r.pickup_on}`).toBe(r.pickup_on)
      }
    }
  })

  it('keeps every buyer’s ledger chained: numbered in date order, each balance the last plus its entry, the account the sums', async () => {
    const db = getDb()
    const rows = await db
      .selectFrom('buyer_ledger')
      .select(['buyer_id', 'seq', 'entry_on', 'debit_minor', 'credit_minor', 'balance_minor'])
      .orderBy('buyer_id')
      .orderBy('seq')
      .execute()
    expect(rows.length).toBeGreaterThan(100)
    const accounts = new Map((await db.selectFrom('buyer_accounts').selectAll().execute()).map((a) => [a.buyer_id, a]))
    let balance = 0
    for (const [i, row] of rows.entries()) {
      const first = i === 0 || rows[i - 1]!.buyer_id !== row.buyer_id
      if (first) balance = 0
      else expect(row.entry_on >= rows[i - 1]!.entry_on, `buyer ${row.buyer_id} entry ${row.seq}`).toBe(true)
      expect(Number(row.seq)).toBe(first ? 1 : Number(rows[i - 1]!.seq) + 1)
      balance += Number(row.debit_minor) - Number(row.credit_minor)
      expect(Number(row.balance_minor), `buyer ${row.buyer_id} entry ${row.seq}`).toBe(balance)
      const last = i === rows.length - 1 || rows[i + 1]!.buyer_id !== row.buyer_id
      if (last) {
        const a = accounts.get(row.buyer_id)!
        expect(Number(a.entries)).toBe(Number(row.seq))
        expect(
          Number(a.invoiced_minor) + Number(a.debited_minor) - Number(a.received_minor) - Number(a.credited_minor),
        ).toBe(balance)
      }
    }
  })

  it('gives the dashboard orders last month to the same day, to compare this month with', async () => {
    const sections = await operationsDashboard(getDb(), await viewerFor('admin'))
    const figures = sections.flatMap((s) => s.figures)
    const thisMonth = figures.find((f) => f.label.startsWith('Value this month'))!
    const lastMonth = figures.find((f) => f.label.startsWith('Last month to the same day'))!
    expect(thisMonth.label).not.toMatch(/\(0 orders\)/)
    expect(lastMonth.label).not.toMatch(/no orders then/)
    expect(lastMonth.value).not.toBe('₹0.00')
  })
})
