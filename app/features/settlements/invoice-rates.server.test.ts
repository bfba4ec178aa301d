// Raising an invoice: each line's rate by its category's value slab at the time of invoicing, the
// ship-to recorded, and the PDF a GST officer reads (CGST Rule 46), on both databases.
import { PDFParse } from 'pdf-parse'
import type { Viewer } from '~/auth/session.server'
import { getDb } from '~/db.server'
import { takeSellerOrderStep } from '~/lifecycle/seller-orders.server'
import { makeCategory } from '../../../tests/support/catalogue'
import { makeBuyer, makeSeller } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { placeTestOrder, stagesBefore } from '../../../tests/support/orders'
import { invoicePdfFor } from './pages.server'

let viewer: Viewer
let buyerId: number
let sellerId: number
let categoryId: number
let counter = 0

beforeAll(async () => {
  const userId = await userIdOf('internal@example.com')
  viewer = {
    userId,
    email: 'internal@example.com',
    name: 'Internal',
    phone: null,
    roles: ['internal'],
    company: null,
    sessionIdHash: 'x',
  }
  buyerId = await makeBuyer(
    {
      name: 'Slab Stores',
      legal_name: 'Slab Stores LLP',
      gstin: '29AAKFS5678K1Z5',
      status: 'active',
      credit_limit_minor: 100_000_000,
    },
    [
      { kind: 'shipping', city: 'Hosur', isDefault: true },
      { kind: 'billing', city: 'Bengaluru', isDefault: true },
    ],
  )
  await getDb()
    .updateTable('addresses')
    .set((eb) => ({
      state: eb.case().when('kind', '=', 'shipping').then('Tamil Nadu').else('Karnataka').end(),
      line1: eb.case().when('kind', '=', 'shipping').then('Plot 7, SIPCOT Phase II').else('12 Residency Road').end(),
    }))
    .where('buyer_id', '=', buyerId)
    .execute()
  sellerId = await makeSeller({ name: 'Slab Garments', status: 'active' })
  categoryId = await makeCategory({ productSlug: 'garments', name: 'Slab shirts' })
})

/** Sets the category's slab, then places and delivers an order of 10 pieces at ₹500 each. */
async function deliveredWithSlab(aboveMinor: number | null) {
  await getDb()
    .updateTable('categories')
    .set({ gst_rate_bp: 500, gst_slab_above_minor: aboveMinor, gst_rate_above_bp: aboveMinor === null ? null : 1800 })
    .where('id', '=', categoryId)
    .execute()
  const order = await placeTestOrder({
    userId: viewer.userId,
    buyerId,
    sellerIds: [sellerId],
    categoryIds: [categoryId],
    key: `slab-${++counter}`,
  })
  for (const step of ['approve', 'start_production', 'ready_for_qc', 'qc_pass', 'dispatch', 'deliver'] as const) {
    await stagesBefore(order.sellerOrderId, step)
    const done = await takeSellerOrderStep(getDb(), viewer, order.sellerOrderId, step)
    if (!done.ok) throw new Error(done.message)
  }
  const invoice = await getDb()
    .selectFrom('buyer_invoices')
    .selectAll()
    .where('seller_order_id', '=', order.sellerOrderId)
    .executeTakeFirstOrThrow()
  const lines = await getDb()
    .selectFrom('buyer_invoice_lines')
    .selectAll()
    .where('invoice_id', '=', invoice.id)
    .execute()
  const placed = await getDb()
    .selectFrom('sub_orders')
    .select('gst_rate_bp')
    .where('seller_order_id', '=', order.sellerOrderId)
    .executeTakeFirstOrThrow()
  return { invoice, lines, placedRateBp: placed.gst_rate_bp }
}

describe('an invoice’s rates by value slab', () => {
  it('charges the lower rate at the slab exactly (₹500.00 a piece, slab ₹500.00) and the rate above one paisa below it', async () => {
    const at = await deliveredWithSlab(500_00)
    expect(at.lines.map((l) => l.gst_rate_bp)).toEqual([500])
    expect(at.placedRateBp).toBe(500)
    // Inter-state (the platform bills from Maharashtra, the buyer from Karnataka): IGST at 5 % of ₹5,000.
    expect(Number(at.invoice.igst_minor)).toBe(250_00)
    expect(Number(at.invoice.total_minor)).toBe(5_250_00)

    const above = await deliveredWithSlab(499_99)
    expect(above.lines.map((l) => l.gst_rate_bp)).toEqual([1800])
    // The order knew the rate when it was placed: its GST is what the invoice charges.
    expect(above.placedRateBp).toBe(1800)
    expect(Number(above.invoice.igst_minor)).toBe(900_00)
    expect(Number(above.invoice.total_minor)).toBe(5_900_00)

    const none = await deliveredWithSlab(null)
    expect(none.lines.map((l) => l.gst_rate_bp)).toEqual([500])
  })

  it('records the ship-to and prints it, with state codes, the number of at most 16 characters and the words', async () => {
    const { invoice } = await deliveredWithSlab(499_99)
    expect(invoice.number).toMatch(/^INV\/\d{2}-\d{2}\/\d{6}$/)
    expect(invoice.number.length).toBeLessThanOrEqual(16)
    expect(JSON.parse(invoice.ship_to_json!)).toMatchObject({ city: 'Hosur', state: 'Tamil Nadu' })
    const response = (await invoicePdfFor(getDb(), String(buyerId), String(invoice.id)))!
    const parser = new PDFParse({ data: new Uint8Array(await response.arrayBuffer()) })
    const { text } = await parser.getText()
    await parser.destroy()
    expect(text).toContain(invoice.number)
    // Where the goods' movement ends (IGST Act s.10(1)(a)): the ship-to's state, not the bill-to's.
    expect(text).toContain('Place of supply: Tamil Nadu (State code 33)')
    expect(text).toContain('Ship to')
    expect(text).toContain('Plot 7, SIPCOT Phase II')
    expect(text).toContain('State: Tamil Nadu, State code 33')
    expect(text).toContain('18%')
    expect(text).toContain('Invoice total: ₹ 5,900.00')
    expect(text).toContain('Five Thousand Nine Hundred Rupees Only')
    expect(text).toContain('Tax payable on reverse charge: No')
  })
})
