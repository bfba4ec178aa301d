import type { Executor } from '~/platform/executor'
import { registrationOfBooking } from '../settlements/registrations.server'
import {
  billGstRefusal,
  financialYearOf,
  optionOn,
  rcmMonth,
  reverseChargeTax,
  tds194C,
  type Tds194C,
  type TransporterTaxFacts,
} from './freight-tax'

// The writes of freight's taxes (docs/domain.md "Freight under reverse charge and TDS 194C (issue
// 52)"), in the caller's transaction: the bill checked against the GTA's option and the reverse-charge
// register; the 194C deduction at payment, after the transporter's year row is locked.

const TAX_FACTS = [
  't.gstin',
  't.pan',
  't.gta_option',
  't.gta_forward_rate_bp',
  't.gta_option_fy',
  't.small_fleet_declared',
] as const

export async function transporterTaxFacts(trx: Executor, transporterId: number): Promise<TransporterTaxFacts> {
  return trx
    .selectFrom('transporters as t')
    .select([...TAX_FACTS])
    .where('t.id', '=', transporterId)
    .executeTakeFirstOrThrow()
}

/** The refusal of a bill that does not fit the transporter's GTA option (at the GST field), or null. */
export async function billTaxRefusal(
  trx: Executor,
  transporterId: number,
  input: { billDate: string; amount: number; gst: number },
) {
  return billGstRefusal(await transporterTaxFacts(trx, transporterId), input.billDate, input.amount, input.gst)
}

/**
 * Keeps the bill's option and, under reverse charge, its row in the platform's reverse-charge register
 * (taxable value, CGST + SGST or IGST at 5 %, the month of the time of supply, the registration that
 * receives the service: the warehouse the booking's move leaves from or arrives at, else the home
 * one); under forward charge the GST is the GTA's and the bill has no row there.
 */
export async function recordBillTax(
  trx: Executor,
  booking: { id: number; transporterId: number },
  input: { billNumber: string; billDate: string; amount: number },
  at: string,
) {
  const facts = await transporterTaxFacts(trx, booking.transporterId)
  const option = optionOn(facts, input.billDate)
  await trx
    .updateTable('transport_bookings')
    .set({ bill_gta_option: option.option, bill_gst_rate_bp: option.option === 'forward' ? option.rateBp : null })
    .where('id', '=', booking.id)
    .execute()
  if (option.option === 'forward') {
    await trx.deleteFrom('freight_rcm_register').where('booking_id', '=', booking.id).execute()
    return { option: option.option, rcm: null }
  }
  const recipient = await registrationOfBooking(trx, booking.id)
  const tax = reverseChargeTax(input.amount, facts.gstin, recipient.registration.stateCode)
  const row = {
    recipient_gstin: recipient.registration.gstin,
    transporter_id: booking.transporterId,
    bill_number: input.billNumber,
    bill_date: input.billDate,
    month: rcmMonth(input.billDate, null),
    supply: tax.supply,
    taxable_minor: input.amount,
    cgst_minor: tax.cgst,
    sgst_minor: tax.sgst,
    igst_minor: tax.igst,
    updated_at: at,
  }
  await trx
    .insertInto('freight_rcm_register')
    .values({ booking_id: booking.id, ...row, created_at: at })
    .onConflict((oc) => oc.column('booking_id').doUpdateSet(row))
    .execute()
  return { option: option.option, rcm: { ...tax, recipient } }
}

/** Takes the transporters' rows for the financial year (made on first use), in id order so two payments never wait on each other crosswise. */
export async function lockTransporterYears(trx: Executor, transporterIds: number[], fy: string, at: string) {
  for (const id of [...new Set(transporterIds)].sort((a, b) => a - b)) {
    await trx
      .insertInto('transporter_tds_years')
      .values({ transporter_id: id, fy, updated_at: at })
      .onConflict((oc) => oc.columns(['transporter_id', 'fy']).doNothing())
      .execute()
    await trx
      .updateTable('transporter_tds_years')
      .set({ updated_at: at })
      .where('transporter_id', '=', id)
      .where('fy', '=', fy)
      .execute()
  }
}

/**
 * The TDS on paying one bill (after lockTransporterYears): section 194C on the freight without GST,
 * with the year's threshold; written to the 194C register and the year's row. The reverse-charge
 * register's month follows the payment when it comes first. Answers the deduction.
 */
export async function deductOnPayment(
  trx: Executor,
  bill: {
    id: number
    transporterId: number
    billNumber: string | null
    billDate: string | null
    amount: number
    gst: number
  },
  paidOn: string,
  at: string,
): Promise<Tds194C> {
  const fy = financialYearOf(paidOn)
  const [facts, year] = await Promise.all([
    transporterTaxFacts(trx, bill.transporterId),
    trx
      .selectFrom('transporter_tds_years')
      .select(['paid_minor', 'undeducted_minor'])
      .where('transporter_id', '=', bill.transporterId)
      .where('fy', '=', fy)
      .executeTakeFirstOrThrow(),
  ])
  const yearBefore = { paidMinor: Number(year.paid_minor), undeductedMinor: Number(year.undeducted_minor) }
  const tds = tds194C(facts, bill.amount, yearBefore)
  // Never more than the bill pays: what the cap leaves of earlier sums waits for the next payment.
  const payable = bill.amount + bill.gst
  const tdsMinor = Math.min(tds.tdsMinor, payable)
  const coveredBase =
    tds.rateBp && tdsMinor < tds.tdsMinor ? Math.floor((tdsMinor * 10_000) / tds.rateBp) : tds.baseMinor
  const undeductedAfter =
    tds.section === 'below'
      ? yearBefore.undeductedMinor + bill.amount
      : tds.section === '194C(6)'
        ? yearBefore.undeductedMinor
        : Math.max(0, yearBefore.undeductedMinor + bill.amount - coveredBase)
  await trx
    .updateTable('transporter_tds_years')
    .set({ paid_minor: yearBefore.paidMinor + bill.amount, undeducted_minor: undeductedAfter, updated_at: at })
    .where('transporter_id', '=', bill.transporterId)
    .where('fy', '=', fy)
    .execute()
  await trx
    .insertInto('transporter_tds')
    .values({
      booking_id: bill.id,
      transporter_id: bill.transporterId,
      fy,
      month: paidOn.slice(0, 7),
      paid_on: paidOn,
      section: tds.section,
      pan: facts.pan,
      bill_minor: bill.amount,
      base_minor: coveredBase,
      rate_bp: tds.rateBp,
      tds_minor: tdsMinor,
      created_at: at,
    })
    .execute()
  await trx
    .updateTable('transport_bookings')
    .set({ bill_tds_minor: tdsMinor, paid_amount_minor: payable - tdsMinor })
    .where('id', '=', bill.id)
    .execute()
  if (bill.billDate)
    await trx
      .updateTable('freight_rcm_register')
      .set({ month: rcmMonth(bill.billDate, paidOn), updated_at: at })
      .where('booking_id', '=', bill.id)
      .execute()
  return { ...tds, tdsMinor, baseMinor: coveredBase }
}
