import type { Executor } from '~/platform/executor'
import { csvResponse } from '~/utils/csv.server'
import { kolkataDay } from '~/utils/format'
import { listRegistrations, registrationOfGstin } from '../settlements/registrations.server'
import { bookingPath } from './shared'

// The month's freight registers (docs/domain.md "Freight under reverse charge and TDS 194C (issue
// 52)"), shown on finance's tax registers page: the reverse-charge tax the platform owes on GTA bills
// (paid in cash, then taken as input credit), and TDS under section 194C on payments to transporters.
// The reverse-charge tax is each registration's own (the one that received the GTA's service: issue
// 52); `registration` (a GSTIN) keeps that one's rows, and the totals are also given per registration.
// TDS is the company's (its TAN), whatever the registration: that register is not filtered.

const n = (v: unknown) => Number(v ?? 0)

const totals = (rows: { taxableMinor: number; cgstMinor: number; sgstMinor: number; igstMinor: number }[]) =>
  rows.reduce(
    (s, r) => ({
      taxableMinor: s.taxableMinor + r.taxableMinor,
      cgstMinor: s.cgstMinor + r.cgstMinor,
      sgstMinor: s.sgstMinor + r.sgstMinor,
      igstMinor: s.igstMinor + r.igstMinor,
    }),
    { taxableMinor: 0, cgstMinor: 0, sgstMinor: 0, igstMinor: 0 },
  )

export async function freightRegisters(db: Executor, month: string, registration: string | null = null) {
  const [registrations, rcm, tds] = await Promise.all([
    listRegistrations(db),
    db
      .selectFrom('freight_rcm_register as r')
      .innerJoin('transporters as t', 't.id', 'r.transporter_id')
      .innerJoin('transport_bookings as b', 'b.id', 'r.booking_id')
      .select([
        'r.id',
        'r.bill_number',
        'r.bill_date',
        'r.supply',
        'r.taxable_minor',
        'r.cgst_minor',
        'r.sgst_minor',
        'r.igst_minor',
        'r.recipient_gstin',
        't.name as transporter',
        't.gstin',
        'b.code',
        'b.id as bookingId',
        'b.request_id',
      ])
      .where('r.month', '=', month)
      .orderBy('r.bill_date')
      .orderBy('r.id')
      .execute(),
    db
      .selectFrom('transporter_tds as d')
      .innerJoin('transporters as t', 't.id', 'd.transporter_id')
      .innerJoin('transport_bookings as b', 'b.id', 'd.booking_id')
      .select([
        'd.id',
        'd.paid_on',
        'd.section',
        'd.pan',
        'd.bill_minor',
        'd.base_minor',
        'd.rate_bp',
        'd.tds_minor',
        't.name as transporter',
        'b.code',
        'b.bill_number',
      ])
      .where('d.month', '=', month)
      .orderBy('d.paid_on')
      .orderBy('d.id')
      .execute(),
  ])
  const all = rcm.map((r) => ({
    key: r.id,
    booking: r.code,
    bookingHref: bookingPath(r.request_id, r.bookingId),
    bill: r.bill_number,
    billDate: r.bill_date,
    transporter: r.transporter,
    gstin: r.gstin,
    /** The platform's registration that received the service (a row from before: the home one). */
    receivedBy: registrationOfGstin(registrations, r.recipient_gstin).gstin,
    taxableMinor: n(r.taxable_minor),
    cgstMinor: n(r.cgst_minor),
    sgstMinor: n(r.sgst_minor),
    igstMinor: n(r.igst_minor),
  }))
  const reverseCharge = registration ? all.filter((r) => r.receivedBy === registration) : all
  const reverseChargeTotals = totals(reverseCharge)
  const reverseChargeByRegistration = registrations
    .filter((r) => !registration || r.gstin === registration)
    .map((r) => ({ gstin: r.gstin, state: r.state, ...totals(all.filter((row) => row.receivedBy === r.gstin)) }))
  const tds194C = tds.map((d) => ({
    key: d.id,
    booking: d.code,
    bill: d.bill_number,
    paidOn: d.paid_on,
    transporter: d.transporter,
    pan: d.pan,
    section: d.section,
    billMinor: n(d.bill_minor),
    baseMinor: n(d.base_minor),
    rateBp: n(d.rate_bp),
    tdsMinor: n(d.tds_minor),
  }))
  return {
    month,
    registration,
    reverseCharge,
    reverseChargeTotals,
    reverseChargeByRegistration,
    tds194C,
    tds194CTotalMinor: tds194C.reduce((s, d) => s + d.tdsMinor, 0),
  }
}
export type FreightRegisters = Awaited<ReturnType<typeof freightRegisters>>

const rupees = (minor: number) => (minor / 100).toFixed(2)

/**
 * The month's reverse-charge register of freight as a CSV (?month=YYYY-MM, this month when absent or
 * not one; ?registration=GSTIN keeps that registration's rows, an unknown one is ignored): a row per
 * GTA bill with the registration that received the service, for each registration's GSTR-3B.
 */
export async function freightRegisterCsv(db: Executor, url: URL): Promise<Response> {
  const asked = url.searchParams.get('month') ?? ''
  const month = /^\d{4}-(0[1-9]|1[0-2])$/.test(asked) ? asked : kolkataDay().slice(0, 7)
  const gstin = url.searchParams.get('registration') ?? ''
  const registration = (await listRegistrations(db)).some((r) => r.gstin === gstin) ? gstin : null
  const data = await freightRegisters(db, month, registration)
  return csvResponse(
    `freight-reverse-charge-${month}${registration ? `-${registration}` : ''}.csv`,
    [
      { key: 'receivedBy', header: 'Received by (GSTIN)' },
      { key: 'booking', header: 'Booking' },
      { key: 'bill', header: 'GTA bill' },
      { key: 'billDate', header: 'Bill date' },
      { key: 'transporter', header: 'Transporter' },
      { key: 'gstin', header: 'Transporter GSTIN' },
      { key: 'taxable', header: 'Taxable' },
      { key: 'cgst', header: 'CGST' },
      { key: 'sgst', header: 'SGST' },
      { key: 'igst', header: 'IGST' },
    ],
    data.reverseCharge.map((r) => ({
      receivedBy: r.receivedBy,
      booking: r.booking,
      bill: r.bill,
      billDate: r.billDate,
      transporter: r.transporter,
      gstin: r.gstin ?? '',
      taxable: rupees(r.taxableMinor),
      cgst: rupees(r.cgstMinor),
      sgst: rupees(r.sgstMinor),
      igst: rupees(r.igstMinor),
    })),
  )
}
