import { getDb } from '~/db.server'
import { withGstinCheck } from '~/utils/gstin'
import { addSampleLine, placeSampleCart, saveSampleCart } from '~/features/sample-orders/cart.server'
import { sampleSight } from '~/features/sample-orders/lens'
import { sampleOrderDetail } from '~/features/sample-orders/search.server'
import { buyerInvoicesPage } from '~/features/settlements/buyer.server'
import { buyerInvoicePage } from '~/features/settlements/invoice-page.server'
import { invoicePdfFor } from '~/features/settlements/pages.server'
import { ledgerPage } from '~/features/settlements/queries.server'
import { readLedgerFilters } from '~/features/settlements/schema'
import { gstDocument } from '~/features/settlements/gst/documents.server'
import { buildEinvoice, einvoiceProblems } from '~/features/settlements/gst/einvoice.server'
import { makeCategory, makeSampleSku } from '../../tests/support/catalogue'
import { makeBuyer } from '../../tests/support/companies'
import { userIdOf } from '../../tests/support/db'
import { readPdf } from '../../tests/support/barcodes'
import { einvoiceErrors } from '../../tests/support/einvoice-schema'
import { takeSampleOrderStep } from './sample-orders.server'
import { recordPayment } from './settlements.server'

// Sample charges in the buyer's ledger (issue 38): a sample order dispatched with a charge raises its
// tax invoice in the same transaction, once; everything is read back as the buyer and finance see it.

const LENS = { portal: 'biz_ops' as const, see: sampleSight.biz_ops, scope: { kind: 'all' as const } }
let staff: { userId: number }
let buyerId: number
let shippingId: number
let garments: number
let n = 0

beforeAll(async () => {
  const db = getDb()
  staff = { userId: await userIdOf('internal@example.com') }
  buyerId = await makeBuyer({
    name: 'Swatch Buyers',
    legal_name: 'Swatch Buyers Private Limited',
    gstin: withGstinCheck('27AAECS4321K1Z'),
    status: 'active',
    payment_terms_days: 30,
  })
  // Billed at the head office, shipped to the studio: both in Maharashtra, the platform's state (CGST + SGST).
  for (const [kind, line1, city] of [
    ['billing', 'Head office, 4 Marine Drive', 'Mumbai'],
    ['shipping', 'Design studio, 12 Baner Road', 'Pune'],
  ] as const) {
    const address = await db
      .insertInto('addresses')
      .values({ buyer_id: buyerId, kind, line1, city, state: 'Maharashtra', pin: '411045', is_default: 1 })
      .returning('id')
      .executeTakeFirstOrThrow()
    if (kind === 'shipping') shippingId = address.id
  }
  // Garments: 5% up to ₹2,500 a piece, 18% above (the value slab is chosen per line by the charge per piece).
  garments = await makeCategory({ name: 'Sample garments' })
  await db
    .updateTable('categories')
    .set({ hsn_code: '610910', gst_rate_bp: 500, gst_slab_above_minor: 250_000, gst_rate_above_bp: 1_800 })
    .where('id', '=', garments)
    .execute()
})

/** An approved sample order of the buyer with these samples and pieces. */
async function approvedOrder(items: [sampleSkuId: number, pieces: number][]) {
  const db = getDb()
  const lines = []
  for (const [id, pieces] of items) {
    const added = await addSampleLine(db, staff, buyerId, id)
    if (!added.ok) throw new Error(added.message)
    lines.push({ id: added.value.lineId, quantity: String(pieces) })
  }
  const saved = await saveSampleCart(db, staff, buyerId, { shipTo: shippingId, note: '', lines })
  if (!saved.ok) throw new Error(saved.message)
  const placed = await placeSampleCart(db, staff, buyerId, crypto.randomUUID())
  if (!placed.ok) throw new Error(placed.message)
  const approved = await takeSampleOrderStep(db, staff, LENS, placed.value.id, 'approve')
  if (!approved.ok) throw new Error(approved.message)
  return placed.value
}

const dispatch = (id: number) =>
  takeSampleOrderStep(getDb(), staff, LENS, id, 'dispatch', { courier: 'Blue Dart', trackingNumber: `BD${++n}IN` })

const invoicesOf = (sampleOrderId: number) =>
  getDb().selectFrom('buyer_invoices').selectAll().where('sample_order_id', '=', sampleOrderId).execute()

describe('a sample order dispatched with charges', () => {
  it('raises one tax invoice in the buyer’s ledger: a line per charged sample at its category’s HSN and rate, by its value slab', async () => {
    const db = getDb()
    const tee = await makeSampleSku({ categoryId: garments, name: 'Printed tee', chargeMinor: 10_000 })
    const jacket = await makeSampleSku({ categoryId: garments, name: 'Quilted jacket', chargeMinor: 300_000 })
    const swatch = await makeSampleSku({ categoryId: garments, name: 'Free swatch', chargeMinor: 0 })
    const order = await approvedOrder([
      [tee, 2],
      [jacket, 1],
      [swatch, 3],
    ])
    const before = await db
      .selectFrom('buyer_accounts')
      .select('invoiced_minor')
      .where('buyer_id', '=', buyerId)
      .executeTakeFirst()
    expect(await dispatch(order.id)).toEqual({ ok: true, value: { code: order.code, status: 'dispatched' } })

    const [invoice] = await invoicesOf(order.id)
    expect(invoice).toEqual(
      expect.objectContaining({
        number: expect.stringMatching(/^INV\/\d\d-\d\d\/\d{6}$/),
        buyer_id: buyerId,
        seller_order_id: null,
        master_order_id: null,
        supply: 'intra',
        place_of_supply: 'Maharashtra',
        status: 'open',
      }),
    )
    const lines = await db
      .selectFrom('buyer_invoice_lines')
      .selectAll()
      .where('invoice_id', '=', invoice!.id)
      .orderBy('line_no')
      .execute()
    // ₹100 × 2 at 5%, ₹3,000 × 1 at 18%; the free swatch is not on the invoice.
    expect(
      lines.map((l) => [
        l.description,
        l.hsn_code,
        l.unit,
        Number(l.quantity_milli),
        Number(l.taxable_minor),
        l.gst_rate_bp,
        Number(l.cgst_minor),
        Number(l.sgst_minor),
        Number(l.igst_minor),
        l.sub_order_id,
      ]),
    ).toEqual([
      [expect.stringMatching(/^Sample SMP-.+ Printed tee$/), '610910', 'pcs', 2_000, 20_000, 500, 500, 500, 0, null],
      [
        expect.stringMatching(/^Sample SMP-.+ Quilted jacket$/),
        '610910',
        'pcs',
        1_000,
        300_000,
        1_800,
        27_000,
        27_000,
        0,
        null,
      ],
    ])
    expect(lines.every((l) => l.sample_order_item_id !== null)).toBe(true)
    expect(Number(invoice!.total_minor)).toBe(20_000 + 1_000 + 300_000 + 54_000)
    expect(Number(invoice!.taxable_minor)).toBe(320_000)

    // The ledger's debit, the account's figure and the audit entry.
    const entry = await db
      .selectFrom('buyer_ledger')
      .selectAll()
      .where('buyer_id', '=', buyerId)
      .where('ref_id', '=', invoice!.id)
      .where('kind', '=', 'invoice')
      .executeTakeFirstOrThrow()
    expect(Number(entry.debit_minor)).toBe(375_000)
    const after = await db
      .selectFrom('buyer_accounts')
      .select('invoiced_minor')
      .where('buyer_id', '=', buyerId)
      .executeTakeFirstOrThrow()
    expect(Number(after.invoiced_minor) - Number(before?.invoiced_minor ?? 0)).toBe(375_000)
    const audit = await db
      .selectFrom('audit_events')
      .select(['entity_type', 'entity_id', 'note'])
      .where('action', '=', 'buyer_invoice.raised')
      .where('entity_type', '=', 'sample_order')
      .where('entity_id', '=', String(order.id))
      .execute()
    expect(audit).toEqual([
      expect.objectContaining({
        note: `Invoice ${invoice!.number} raised for the sample charges of ${order.code}, on dispatch`,
      }),
    ])

    // Delivering raises nothing more.
    expect(await takeSampleOrderStep(db, staff, LENS, order.id, 'deliver')).toEqual(
      expect.objectContaining({ ok: true }),
    )
    expect(await invoicesOf(order.id)).toHaveLength(1)

    // The buyer finds it in its invoices, for the sample order, and on the sample order's page.
    const list = await buyerInvoicesPage(db, buyerId, new URL('http://x/buyer/invoices'))
    expect(list.rows.find((r) => r.id === invoice!.id)).toEqual(
      expect.objectContaining({
        order: { kind: 'sample', id: order.id, code: order.code },
        invoicedMinor: 375_000,
        outstandingMinor: 375_000,
      }),
    )
    const page = await buyerInvoicePage(db, buyerId, String(invoice!.id))
    expect(page?.invoice.order).toEqual({ kind: 'sample', id: order.id, code: order.code })
    expect(page?.invoice.lines.map((l) => l.hsn)).toEqual(['610910', '610910'])
    const buyerLens = { portal: 'buyer' as const, see: sampleSight.buyer, scope: { kind: 'buyer' as const, buyerId } }
    const buyerView = await sampleOrderDetail(db, buyerLens, order.id)
    expect(buyerView?.invoice).toEqual({
      id: invoice!.id,
      number: invoice!.number,
      totalMinor: 375_000,
    })
    // Its history tells the buyer the invoice, with its number and total.
    const told = buyerView?.history.find((entry) => /invoice raised/i.test(entry.what))
    expect(told?.changes.map((c) => [c.label, c.after])).toEqual([
      ['Invoice', invoice!.number],
      ['Invoice total', expect.stringContaining('3,750.00')],
    ])
    expect(told?.note).toBe(`Invoice ${invoice!.number} raised for the sample charges of ${order.code}, on dispatch`)
    // Finance's ledger says what the invoice is for.
    const ledger = await ledgerPage(db, buyerId, readLedgerFilters(new URL('http://x/?')), 1_000)
    expect(ledger.rows.find((r) => r.refId === invoice!.id)?.about).toMatch(
      new RegExp(`^Sample order ${order.code}, due \\d{4}-\\d\\d-\\d\\d$`),
    )

    // The PDF is a tax invoice for the sample order, with the HSN; the e-invoice JSON of it validates.
    const pdf = await invoicePdfFor(db, String(buyerId), `${invoice!.id}.pdf`)
    const text = (await readPdf(Buffer.from(await pdf!.arrayBuffer()))).pages.map((p) => p.text).join('\n')
    expect(text).toContain('Sample order')
    expect(text).toContain(order.code)
    expect(text).toContain('610910')
    const doc = (await gstDocument(db, 'INV', invoice!.id))!
    expect(einvoiceProblems(doc)).toEqual([])
    expect(einvoiceErrors(buildEinvoice(doc))).toEqual([])
  })

  it('is paid by the buyer’s receipt like any invoice, settling without a master order to close', async () => {
    const db = getDb()
    const sample = await makeSampleSku({ categoryId: garments, chargeMinor: 50_000 })
    const order = await approvedOrder([[sample, 1]])
    expect(await dispatch(order.id)).toEqual(expect.objectContaining({ ok: true }))
    const [invoice] = await invoicesOf(order.id)
    const owed = await db
      .selectFrom('buyer_invoices')
      .select((eb) => eb.fn.sum<number>('total_minor').as('owed'))
      .where('buyer_id', '=', buyerId)
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow()
    const paid = await recordPayment(
      db,
      staff,
      buyerId,
      {
        receivedOn: new Date().toISOString().slice(0, 10),
        amountMinor: Number(owed.owed),
        mode: 'upi',
        reference: 'UPI-SAMPLES',
      },
      crypto.randomUUID(),
    )
    expect(paid).toEqual(expect.objectContaining({ ok: true }))
    const settled = await db
      .selectFrom('buyer_invoices')
      .select(['status', 'paid_minor', 'total_minor'])
      .where('id', '=', invoice!.id)
      .executeTakeFirstOrThrow()
    expect(settled.status).toBe('settled')
    expect(Number(settled.paid_minor)).toBe(Number(settled.total_minor))
  })

  it('raises nothing for samples sent free, nor for a dispatch refused', async () => {
    const db = getDb()
    const free = await makeSampleSku({ categoryId: garments, chargeMinor: 0 })
    const freeOrder = await approvedOrder([[free, 2]])
    expect(await dispatch(freeOrder.id)).toEqual(expect.objectContaining({ ok: true }))
    expect(await invoicesOf(freeOrder.id)).toEqual([])

    const scarce = await makeSampleSku({ categoryId: garments, chargeMinor: 20_000, stock: 2 })
    const order = await approvedOrder([[scarce, 2]])
    await db.updateTable('sample_skus').set({ stock: 1 }).where('id', '=', scarce).execute()
    expect(await dispatch(order.id)).toEqual(expect.objectContaining({ ok: false }))
    expect(await invoicesOf(order.id)).toEqual([])
  })

  it('of two people dispatching one order at once, one dispatches and invoices; the other is told, and nothing doubles', async () => {
    const db = getDb()
    const sample = await makeSampleSku({ categoryId: garments, chargeMinor: 15_000, stock: 10 })
    const order = await approvedOrder([[sample, 3]])
    const results = await Promise.all([dispatch(order.id), dispatch(order.id)])
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    expect(await invoicesOf(order.id)).toHaveLength(1)
    const stock = await db.selectFrom('sample_skus').select('stock').where('id', '=', sample).executeTakeFirstOrThrow()
    expect(stock.stock).toBe(7)
    const entries = await db
      .selectFrom('buyer_ledger')
      .innerJoin('buyer_invoices as i', 'i.id', 'buyer_ledger.ref_id')
      .select('buyer_ledger.seq')
      .where('buyer_ledger.kind', '=', 'invoice')
      .where('i.sample_order_id', '=', order.id)
      .execute()
    expect(entries).toHaveLength(1)
  })
})
