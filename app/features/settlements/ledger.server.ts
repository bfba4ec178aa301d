import type { LedgerKind, PaymentMode } from '#db/types'
import { formatMoney, kolkataDay } from '~/utils/format'
import { Refused } from '~/utils/refusal.server'
import { audit } from '~/platform/audit.server'
import { type Executor } from '~/platform/executor'
import { nextDocumentNumber } from '~/platform/numbering.server'
import { once } from '~/platform/idempotency.server'
import { lineGstRateBp } from '~/utils/gst-rates'
import { addDays, allocate, invoiceTotals, lineAmounts, supplyOf } from './money'
import { type PartyOnInvoice } from './platform'
import {
  homeRegistration,
  listRegistrations,
  registrationFor,
  registrationForSample,
  seriesOf,
  supplierOf,
  underWords,
  type Registration,
} from './registrations.server'
import { cashPerInvoiceRefusal, cashReceiptRefusal, expected194Q, is194Q, tds194QRefusal } from './receipt-rules'

// A buyer's ledger (docs/domain.md "Buyer settlements"): invoices raised when a seller order's goods
// are removed toward the buyer (issue 52: the last mile's pickup), payments received (with the TDS the buyer deducted), credit and debit notes
// (notes.server.ts). Each entry is one transaction that first takes the
// buyer's account row (a row lock on PostgreSQL, the one writer on SQLite), so a buyer's entries
// are written one after another: its ledger numbers them (seq) with the balance after each, and
// allocation reads what the one before left. Every amount is a sum of the rows beneath it.
// Settlements change only their own records: each write answers the master orders whose invoices
// it settled, and the lifecycle (app/lifecycle/settlements.server.ts) moves those orders on.

type Actor = { userId: number }

/** Takes the buyer's account row for the rest of the transaction (made on first use). */
export async function lockAccount(trx: Executor, buyerId: number): Promise<void> {
  await trx
    .insertInto('buyer_accounts')
    .values({ buyer_id: buyerId })
    .onConflict((oc) => oc.column('buyer_id').doNothing())
    .execute()
  await trx
    .updateTable('buyer_accounts')
    .set({ updated_at: new Date().toISOString() })
    .where('buyer_id', '=', buyerId)
    .execute()
}

/**
 * Writes a ledger row and moves the account's figures; answers the balance after it. Invoices and
 * debit notes are debits; payments (money received plus TDS deducted) and credit notes credits.
 */
export async function writeEntry(
  trx: Executor,
  buyerId: number,
  entry: { kind: LedgerKind; refId: number; refNumber: string; on: string; amount: number },
): Promise<number> {
  const { kind, amount } = entry
  const account = await trx
    .updateTable('buyer_accounts')
    .set((eb) => ({
      entries: eb('entries', '+', 1),
      ...(kind === 'invoice' ? { invoiced_minor: eb('invoiced_minor', '+', amount) } : {}),
      ...(kind === 'payment'
        ? { received_minor: eb('received_minor', '+', amount), unallocated_minor: eb('unallocated_minor', '+', amount) }
        : {}),
      ...(kind === 'credit_note' ? { credited_minor: eb('credited_minor', '+', amount) } : {}),
      ...(kind === 'debit_note' ? { debited_minor: eb('debited_minor', '+', amount) } : {}),
    }))
    .where('buyer_id', '=', buyerId)
    .returning(['entries', 'invoiced_minor', 'debited_minor', 'received_minor', 'credited_minor'])
    .executeTakeFirstOrThrow()
  const balance =
    Number(account.invoiced_minor) +
    Number(account.debited_minor) -
    Number(account.received_minor) -
    Number(account.credited_minor)
  await trx
    .insertInto('buyer_ledger')
    .values({
      buyer_id: buyerId,
      seq: Number(account.entries),
      entry_on: entry.on,
      kind,
      ref_id: entry.refId,
      ref_number: entry.refNumber,
      debit_minor: kind === 'invoice' || kind === 'debit_note' ? amount : 0,
      credit_minor: kind === 'invoice' || kind === 'debit_note' ? 0 : amount,
      balance_minor: balance,
    })
    .execute()
  return balance
}

/**
 * Pairs the buyer's money not yet allocated with its open invoices, oldest first (money.ts
 * allocate), and writes each pairing. Every update is conditional on the amounts just read, so
 * nothing is ever allocated twice; the account row taken first keeps two allocations apart.
 * Answers the master orders whose invoices it settled.
 */
export async function allocateOpen(trx: Executor, buyerId: number): Promise<number[]> {
  const [invoices, payments] = await Promise.all([
    trx
      .selectFrom('buyer_invoices')
      .select(['id', 'total_minor', 'debited_minor', 'paid_minor', 'credited_minor', 'master_order_id'])
      .where('buyer_id', '=', buyerId)
      .where('status', '=', 'open')
      .orderBy('invoice_on')
      .orderBy('id')
      .execute(),
    trx
      .selectFrom('buyer_payments')
      .select(['id', 'unallocated_minor'])
      .where('buyer_id', '=', buyerId)
      .where('unallocated_minor', '>', 0)
      .orderBy('received_on')
      .orderBy('id')
      .execute(),
  ])
  const open = invoices.map((i) => ({
    id: i.id,
    open: Number(i.total_minor) + Number(i.debited_minor) - Number(i.paid_minor) - Number(i.credited_minor),
  }))
  const pairs = allocate(
    open,
    payments.map((p) => ({ id: p.id, unallocated: Number(p.unallocated_minor) })),
  )
  const at = new Date().toISOString()
  const settled = new Set<number>()
  for (const pair of pairs) {
    const invoice = await trx
      .updateTable('buyer_invoices')
      .set((eb) => ({ paid_minor: eb('paid_minor', '+', pair.amount), updated_at: at }))
      .where('id', '=', pair.invoiceId)
      .where('status', '=', 'open')
      .where((eb) =>
        eb(
          eb(
            eb(eb('total_minor', '+', eb.ref('debited_minor')), '-', eb.ref('paid_minor')),
            '-',
            eb.ref('credited_minor'),
          ),
          '>=',
          pair.amount,
        ),
      )
      .returning(['total_minor', 'debited_minor', 'paid_minor', 'credited_minor', 'master_order_id'])
      .executeTakeFirst()
    const payment = await trx
      .updateTable('buyer_payments')
      .set((eb) => ({ unallocated_minor: eb('unallocated_minor', '-', pair.amount) }))
      .where('id', '=', pair.paymentId)
      .where('unallocated_minor', '>=', pair.amount)
      .executeTakeFirst()
    if (!invoice || Number(payment.numUpdatedRows) !== 1)
      throw new Error('allocation found the ledger changed under it')
    await trx
      .insertInto('payment_allocations')
      .values({ payment_id: pair.paymentId, invoice_id: pair.invoiceId, amount_minor: pair.amount, created_at: at })
      .execute()
    await trx
      .updateTable('buyer_accounts')
      .set((eb) => ({ unallocated_minor: eb('unallocated_minor', '-', pair.amount) }))
      .where('buyer_id', '=', buyerId)
      .execute()
    const left =
      Number(invoice.total_minor) +
      Number(invoice.debited_minor) -
      Number(invoice.paid_minor) -
      Number(invoice.credited_minor)
    if (left === 0) {
      await trx.updateTable('buyer_invoices').set({ status: 'settled' }).where('id', '=', pair.invoiceId).execute()
      if (invoice.master_order_id !== null) settled.add(invoice.master_order_id)
    }
  }
  return [...settled]
}

/** Whether everything delivered on a master order is invoiced and every invoice settled (a read: the lifecycle asks it). */
export async function masterOrderSettled(trx: Executor, masterOrderId: number): Promise<boolean> {
  const [delivered, invoices] = await Promise.all([
    trx
      .selectFrom('seller_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('master_order_id', '=', masterOrderId)
      .where('status', '=', 'delivered')
      .executeTakeFirstOrThrow(),
    trx
      .selectFrom('buyer_invoices')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>(eb.case().when('status', '=', 'open').then(1).else(0).end()).as('open'),
      ])
      .where('master_order_id', '=', masterOrderId)
      .executeTakeFirstOrThrow(),
  ])
  return Number(delivered.n) > 0 && Number(invoices.n) >= Number(delivered.n) && Number(invoices.open ?? 0) === 0
}

const parseAddress = (json: string) => {
  try {
    return JSON.parse(json) as { line1?: string; line2?: string | null; city?: string; state?: string; pin?: string }
  } catch {
    return {}
  }
}

/** A line to invoice: what the buyer is charged for, at its category's rate (by its value slab). */
interface LineToInvoice {
  subOrderId: number | null
  sampleOrderItemId: number | null
  description: string
  hsnCode: string
  unit: string
  quantityMilli: number
  priceMinor: number
  gstRateBp: number
  slabAboveMinor: number | null
  rateAboveBp: number | null
}

/** What an invoice is for: a seller order delivered (with its master order) or a sample order dispatched. */
type InvoiceFor =
  | {
      kind: 'seller_order'
      sellerOrderId: number
      masterOrderId: number
      code: string
      masterCode: string
      /** When the goods were removed (issue 52): "at the pickup of TB-…", or the fallback "on delivery". */
      occasion: string
      /** Which registration, when not simply the home one (issue 52): ", under the Tamil Nadu registration 33…". */
      under?: string
    }
  | {
      kind: 'sample_order'
      sampleOrderId: number
      code: string
      /** Which registration, when not the home one (issue 52): the warehouse the samples leave from. */
      under?: string
    }

/**
 * Writes a tax invoice to a buyer (docs/domain.md "Tax invoice"): GST at each line's category rate
 * in force now (the time of supply), by the sale value per piece where the category has a value
 * slab (app/utils/gst-rates.ts); CGST + SGST when the place of supply (the ship-to's state, else the
 * bill-to's: IGST Act s.10(1)(a)) is the platform's own state, IGST otherwise; the next number of
 * the financial year; the ledger's debit; and the audit entry. The buyer's money not yet allocated
 * pays it at once: answers the master orders that settled.
 */
async function writeInvoice(
  trx: Executor,
  input: {
    buyerId: number
    buyer: { name: string; legalName: string | null; gstin: string | null; paymentTermsDays: number }
    billToJson: string | null
    shipToJson: string | null
    lines: LineToInvoice[]
    for: InvoiceFor
    actorUserId: number | null
    at: Date
    /** The registration the goods leave under (issue 52): the supplier, the tax and the series; the home one when absent. */
    registration?: Registration
  },
): Promise<{ id: number; number: string; settled: number[] }> {
  const { buyerId, lines, at } = input
  await lockAccount(trx, buyerId)
  const billTo = input.billToJson ? parseAddress(input.billToJson) : {}
  const shipTo = input.shipToJson ? parseAddress(input.shipToJson) : null
  const placeOfSupply = shipTo?.state || billTo.state || ''
  const registration = input.registration ?? homeRegistration(await listRegistrations(trx))
  const supply = supplyOf(registration.state, placeOfSupply)
  const rates = lines.map((l) => lineGstRateBp(l, l.priceMinor, l.unit))
  const amounts = lines.map((l, i) =>
    lineAmounts({ quantityMilli: l.quantityMilli, priceMinor: l.priceMinor, gstRateBp: rates[i]! }, supply),
  )
  const totals = invoiceTotals(amounts)
  const day = kolkataDay(at)
  const number = await nextDocumentNumber(trx, 'INV', day, seriesOf(registration))
  const buyer: PartyOnInvoice = {
    name: input.buyer.name,
    legalName: input.buyer.legalName,
    gstin: input.buyer.gstin,
    line1: billTo.line1 ?? '',
    line2: billTo.line2 ?? null,
    city: billTo.city ?? '',
    state: billTo.state ?? '',
    pin: billTo.pin ?? '',
  }
  const seller = supplierOf(registration)
  const stamp = at.toISOString()
  const target = input.for
  const invoice = await trx
    .insertInto('buyer_invoices')
    .values({
      number,
      buyer_id: buyerId,
      seller_order_id: target.kind === 'seller_order' ? target.sellerOrderId : null,
      master_order_id: target.kind === 'seller_order' ? target.masterOrderId : null,
      sample_order_id: target.kind === 'sample_order' ? target.sampleOrderId : null,
      invoice_on: day,
      due_on: addDays(day, input.buyer.paymentTermsDays),
      supply,
      place_of_supply: placeOfSupply,
      seller_json: JSON.stringify(seller),
      buyer_json: JSON.stringify(buyer),
      ship_to_json: input.shipToJson,
      taxable_minor: totals.taxable,
      cgst_minor: totals.cgst,
      sgst_minor: totals.sgst,
      igst_minor: totals.igst,
      total_minor: totals.total,
      status: totals.total > 0 ? 'open' : 'settled',
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await trx
    .insertInto('buyer_invoice_lines')
    .values(
      lines.map((l, i) => ({
        invoice_id: invoice.id,
        line_no: i + 1,
        sub_order_id: l.subOrderId,
        sample_order_item_id: l.sampleOrderItemId,
        description: l.description.slice(0, 300),
        hsn_code: l.hsnCode,
        unit: l.unit,
        quantity_milli: l.quantityMilli,
        price_minor: l.priceMinor,
        taxable_minor: amounts[i]!.taxable,
        gst_rate_bp: rates[i]!,
        cgst_minor: amounts[i]!.cgst,
        sgst_minor: amounts[i]!.sgst,
        igst_minor: amounts[i]!.igst,
        total_minor: amounts[i]!.total,
      })),
    )
    .execute()
  await writeEntry(trx, buyerId, {
    kind: 'invoice',
    refId: invoice.id,
    refNumber: number,
    on: day,
    amount: totals.total,
  })
  await audit(trx, {
    actorUserId: input.actorUserId,
    action: 'buyer_invoice.raised',
    entityType: target.kind,
    entityId: target.kind === 'seller_order' ? target.sellerOrderId : target.sampleOrderId,
    after: { invoice: number, total: formatMoney(totals.total) },
    note:
      target.kind === 'seller_order'
        ? `Invoice ${number} raised ${target.occasion}: ${target.code} (${target.masterCode})${target.under ?? ''}`
        : `Invoice ${number} raised for the sample charges of ${target.code}, on dispatch${target.under ?? ''}`,
  })
  return { id: invoice.id, number, settled: await allocateOpen(trx, buyerId) }
}

const slabOf = (c: { gst_rate_bp: number; gst_slab_above_minor: number | null; gst_rate_above_bp: number | null }) => ({
  gstRateBp: c.gst_rate_bp,
  slabAboveMinor: c.gst_slab_above_minor === null ? null : Number(c.gst_slab_above_minor),
  rateAboveBp: c.gst_rate_above_bp,
})

/**
 * Raises the invoice of a seller order whose goods are removed toward the buyer (docs/domain.md
 * "When the invoice is raised (issue 52)"), in that step's transaction: the buyer's value of its
 * lines, with the HSN codes, both GSTINs and the master order's bill-to and ship-to (writeInvoice),
 * dated the day of `at` (the removal). A seller order has one invoice (a unique index): raising it
 * again does nothing. `occasion` completes the audit's sentence ("at the pickup of TB-…").
 */
export async function raiseInvoice(
  trx: Executor,
  sellerOrderId: number,
  actorUserId: number | null,
  at = new Date(),
  occasion = 'on delivery',
): Promise<{ id: number; number: string; settled: number[] } | null> {
  const existing = await trx
    .selectFrom('buyer_invoices')
    .select(['id', 'number'])
    .where('seller_order_id', '=', sellerOrderId)
    .executeTakeFirst()
  if (existing) return null
  const order = await trx
    .selectFrom('seller_orders as so')
    .innerJoin('master_orders as mo', 'mo.id', 'so.master_order_id')
    .innerJoin('buyers as b', 'b.id', 'mo.buyer_id')
    .select([
      'so.id',
      'so.code',
      'so.master_order_id',
      'mo.code as masterCode',
      'mo.buyer_id',
      'mo.bill_to_json',
      'mo.ship_to_json',
      'b.name',
      'b.legal_name',
      'b.gstin',
      'b.payment_terms_days',
    ])
    .where('so.id', '=', sellerOrderId)
    .executeTakeFirstOrThrow()
  const lines = await trx
    .selectFrom('sub_orders as l')
    .innerJoin('buyer_skus as bs', 'bs.id', 'l.buyer_sku_id')
    .innerJoin('product_skus as ps', 'ps.id', 'l.product_sku_id')
    .innerJoin('categories as c', 'c.id', 'l.category_id')
    .innerJoin('products as p', 'p.id', 'ps.product_id')
    .select([
      'l.id',
      'l.line_no',
      'l.quantity_milli',
      'l.price_minor',
      'c.gst_rate_bp',
      'c.gst_slab_above_minor',
      'c.gst_rate_above_bp',
      'bs.buyer_code',
      'ps.name',
      'c.hsn_code',
      'p.unit',
    ])
    .where('l.seller_order_id', '=', sellerOrderId)
    .orderBy('l.line_no')
    .execute()
  const { registration, unregisteredState } = await registrationFor(trx, sellerOrderId)
  const under = unregisteredState
    ? `; no GST registration in ${unregisteredState}: the goods leave under the home registration ${registration.gstin}`
    : registration.isHome
      ? ''
      : `, under the ${registration.state} registration ${registration.gstin}`
  return writeInvoice(trx, {
    registration,
    buyerId: order.buyer_id,
    buyer: {
      name: order.name,
      legalName: order.legal_name,
      gstin: order.gstin,
      paymentTermsDays: order.payment_terms_days,
    },
    billToJson: order.bill_to_json,
    shipToJson: order.ship_to_json,
    lines: lines.map((l) => ({
      subOrderId: l.id,
      sampleOrderItemId: null,
      description: `${l.buyer_code} ${l.name}`,
      hsnCode: l.hsn_code,
      unit: l.unit,
      quantityMilli: Number(l.quantity_milli),
      priceMinor: Number(l.price_minor),
      ...slabOf(l),
    })),
    for: {
      kind: 'seller_order',
      sellerOrderId,
      masterOrderId: order.master_order_id,
      code: order.code,
      masterCode: order.masterCode,
      occasion,
      under,
    },
    actorUserId,
    at,
  })
}

/**
 * Raises the invoice of a sample order's charges when it is dispatched (the time of supply of goods
 * is their removal), in the dispatching transaction: a line per sample at its charge per piece as
 * recorded when the order was placed, plus GST at its category's rate, billed to the buyer's
 * default billing address and supplied to the order's ship-to (writeInvoice). Samples sent free
 * raise nothing; a sample order has one invoice (a unique index): raising it again does nothing.
 */
export async function raiseSampleInvoice(
  trx: Executor,
  sampleOrderId: number,
  actorUserId: number | null,
  at = new Date(),
): Promise<{ id: number; number: string; settled: number[] } | null> {
  const existing = await trx
    .selectFrom('buyer_invoices')
    .select('id')
    .where('sample_order_id', '=', sampleOrderId)
    .executeTakeFirst()
  if (existing) return null
  const order = await trx
    .selectFrom('sample_orders as o')
    .innerJoin('buyers as b', 'b.id', 'o.buyer_id')
    .select(['o.code', 'o.buyer_id', 'o.ship_to_json', 'b.name', 'b.legal_name', 'b.gstin', 'b.payment_terms_days'])
    .where('o.id', '=', sampleOrderId)
    .executeTakeFirstOrThrow()
  const items = await trx
    .selectFrom('sample_order_items as i')
    .innerJoin('sample_skus as s', 's.id', 'i.sample_sku_id')
    .innerJoin('categories as c', 'c.id', 's.category_id')
    .select([
      'i.id',
      'i.quantity',
      'i.charge_minor',
      's.code',
      's.name',
      'c.hsn_code',
      'c.gst_rate_bp',
      'c.gst_slab_above_minor',
      'c.gst_rate_above_bp',
    ])
    .where('i.sample_order_id', '=', sampleOrderId)
    .where('i.charge_minor', '>', 0)
    .orderBy('i.line_no')
    .execute()
  if (items.length === 0) return null
  // Billed where the buyer's invoices go: its default billing address (else its first), else the ship-to.
  const billing = await trx
    .selectFrom('addresses')
    .select(['line1', 'line2', 'city', 'state', 'pin'])
    .where('buyer_id', '=', order.buyer_id)
    .where('kind', '=', 'billing')
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .executeTakeFirst()
  // Under the registration of the warehouse the samples leave from (their sample move), else the home one.
  const under = await registrationForSample(trx, sampleOrderId)
  return writeInvoice(trx, {
    registration: under.registration,
    buyerId: order.buyer_id,
    buyer: {
      name: order.name,
      legalName: order.legal_name,
      gstin: order.gstin,
      paymentTermsDays: order.payment_terms_days,
    },
    billToJson: billing ? JSON.stringify(billing) : order.ship_to_json,
    shipToJson: order.ship_to_json,
    lines: items.map((item) => ({
      subOrderId: null,
      sampleOrderItemId: item.id,
      description: `Sample ${item.code} ${item.name}`,
      hsnCode: item.hsn_code,
      // Samples are counted in pieces (GST unit PCS).
      unit: 'pcs',
      quantityMilli: item.quantity * 1000,
      priceMinor: Number(item.charge_minor),
      ...slabOf(item),
    })),
    for: { kind: 'sample_order', sampleOrderId, code: order.code, under: underWords(under) },
    actorUserId,
    at,
  })
}

/** Refuses a cash receipt whose part on an invoice brings the cash that invoice received to the 269ST limit. */
async function refuseCashPerInvoice(trx: Executor, paymentId: number): Promise<void> {
  const rows = await trx
    .selectFrom('payment_allocations as a')
    .innerJoin('buyer_payments as p', 'p.id', 'a.payment_id')
    .innerJoin('buyer_invoices as i', 'i.id', 'a.invoice_id')
    .select((eb) => [
      'i.number',
      eb.fn
        .sum<number>(eb.case().when('a.payment_id', '=', paymentId).then(eb.ref('a.amount_minor')).else(0).end())
        .as('now'),
      eb.fn
        .sum<number>(eb.case().when('a.payment_id', '=', paymentId).then(0).else(eb.ref('a.amount_minor')).end())
        .as('before'),
    ])
    .where('p.mode', '=', 'cash')
    .where('a.invoice_id', 'in', (q) =>
      q.selectFrom('payment_allocations').select('invoice_id').where('payment_id', '=', paymentId),
    )
    .groupBy(['a.invoice_id', 'i.number'])
    .orderBy('a.invoice_id')
    .execute()
  for (const r of rows) {
    const refusal = cashPerInvoiceRefusal(r.number, Number(r.before), Number(r.now))
    if (refusal) throw new Refused('amount', refusal)
  }
}

export interface PaymentInput {
  receivedOn: string
  /** The money received. */
  amountMinor: number
  mode: PaymentMode
  reference: string
  /** TDS the buyer deducted (paise): the receipt settles amount + TDS; a receivable until its certificate is entered. */
  tdsMinor?: number
  /** The section the buyer deducted under (194Q, 194C…), as the buyer says. */
  tdsSection?: string
}

/**
 * Records money received from a buyer, with the TDS it deducted, and allocates both to the oldest
 * open invoices; what is left stays as an advance for the next invoice. The ledger's one row for the
 * receipt credits the buyer with the money and the TDS (as the buyer's own books settle the invoice). Once per idempotency key: a retried submit answers
 * with the first payment. In the caller's transaction (the lifecycle's recordPayment); answers the
 * master orders whose invoices it settled.
 */
export async function recordPaymentIn(
  trx: Executor,
  actor: Actor,
  buyerId: number,
  input: PaymentInput,
  key: string | undefined,
  at = new Date(),
): Promise<{ id: number; number: string; repeated: boolean; settled: number[] }> {
  const buyer = await trx.selectFrom('buyers').select(['id', 'name']).where('id', '=', buyerId).executeTakeFirst()
  if (!buyer) throw Refused.notFound('There is no such buyer.')
  let settled: number[] = []
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0)
    throw new Refused('amount', 'Enter the amount received, more than zero')
  const tds = input.tdsMinor ?? 0
  if (!Number.isSafeInteger(tds) || tds < 0) throw new Refused('tds', 'Enter the TDS deducted, zero or more')
  if (tds > input.amountMinor) throw new Refused('tds', 'TDS is a small share of a payment: at most the money received')
  const settles = input.amountMinor + tds
  if (input.receivedOn > kolkataDay(at))
    throw new Refused('receivedOn', 'Money cannot be received on a day still to come')
  const { result, repeated } = await once(trx, key, 'buyer_payment', actor.userId, async () => {
    await lockAccount(trx, buyerId)
    // Checked after the account lock: two receipts at once read each other's rows (269ST, 194Q).
    if (input.mode === 'cash') {
      const sameDay = await trx
        .selectFrom('buyer_payments')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_minor'), eb.lit(0)).as('n'))
        .where('buyer_id', '=', buyerId)
        .where('mode', '=', 'cash')
        .where('received_on', '=', input.receivedOn)
        .executeTakeFirstOrThrow()
      const refusal = cashReceiptRefusal(input.amountMinor, Number(sameDay.n))
      if (refusal) throw new Refused('amount', refusal)
    }
    if (tds && is194Q(input.tdsSection)) {
      const open = await trx
        .selectFrom('buyer_invoices')
        .select(['taxable_minor', 'total_minor', 'debited_minor', 'paid_minor', 'credited_minor'])
        .where('buyer_id', '=', buyerId)
        .where('status', '=', 'open')
        .orderBy('invoice_on')
        .orderBy('id')
        .execute()
      const expected = expected194Q(
        settles,
        open.map((i) => ({
          taxable: Number(i.taxable_minor),
          total: Number(i.total_minor),
          open: Number(i.total_minor) + Number(i.debited_minor) - Number(i.paid_minor) - Number(i.credited_minor),
        })),
      )
      const refusal = tds194QRefusal(tds, expected)
      if (refusal) throw new Refused('tds', refusal)
    }
    const number = await nextDocumentNumber(trx, 'RCPT', kolkataDay(at))
    const payment = await trx
      .insertInto('buyer_payments')
      .values({
        number,
        buyer_id: buyerId,
        received_on: input.receivedOn,
        amount_minor: input.amountMinor,
        mode: input.mode,
        reference: input.reference,
        unallocated_minor: settles,
        tds_minor: tds,
        tds_section: tds ? input.tdsSection?.trim() || null : null,
        created_by: actor.userId,
        created_at: at.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    // The ledger is in the order entries are posted, dated the day they are posted (a payment's own date is on the payment).
    await writeEntry(trx, buyerId, {
      kind: 'payment',
      refId: payment.id,
      refNumber: number,
      on: kolkataDay(at),
      amount: settles,
    })
    await audit(trx, {
      actorUserId: actor.userId,
      action: 'buyer_payment.received',
      entityType: 'buyer',
      entityId: buyerId,
      after: {
        payment: number,
        amount: formatMoney(input.amountMinor),
        mode: input.mode,
        reference: input.reference,
        received: input.receivedOn,
        ...(tds ? { tds: formatMoney(tds), section: input.tdsSection?.trim() || '—' } : {}),
      },
    })
    settled = await allocateOpen(trx, buyerId)
    // 269ST (b), across days: the cash each invoice this receipt settled has received in all (the
    // refusal undoes the receipt with its transaction; the account lock keeps two receipts apart).
    if (input.mode === 'cash') await refuseCashPerInvoice(trx, payment.id)
    return payment.id
  })
  const payment = await trx
    .selectFrom('buyer_payments')
    .select(['id', 'number'])
    .where('id', '=', result)
    .executeTakeFirstOrThrow()
  return { id: payment.id, number: payment.number, repeated, settled }
}
