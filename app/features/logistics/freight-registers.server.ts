import type { Executor } from '~/platform/executor'
import { bookingPath } from './shared'

// The month's freight registers (docs/domain.md "Freight under reverse charge and TDS 194C (issue
// 52)"), shown on finance's tax registers page: the reverse-charge tax the platform owes on GTA bills
// (paid in cash, then taken as input credit), and TDS under section 194C on payments to transporters.

const n = (v: unknown) => Number(v ?? 0)

export async function freightRegisters(db: Executor, month: string) {
  const [rcm, tds] = await Promise.all([
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
  const reverseCharge = rcm.map((r) => ({
    key: r.id,
    booking: r.code,
    bookingHref: bookingPath(r.request_id, r.bookingId),
    bill: r.bill_number,
    billDate: r.bill_date,
    transporter: r.transporter,
    gstin: r.gstin,
    taxableMinor: n(r.taxable_minor),
    cgstMinor: n(r.cgst_minor),
    sgstMinor: n(r.sgst_minor),
    igstMinor: n(r.igst_minor),
  }))
  const reverseChargeTotals = reverseCharge.reduce(
    (s, r) => ({
      taxableMinor: s.taxableMinor + r.taxableMinor,
      cgstMinor: s.cgstMinor + r.cgstMinor,
      sgstMinor: s.sgstMinor + r.sgstMinor,
      igstMinor: s.igstMinor + r.igstMinor,
    }),
    { taxableMinor: 0, cgstMinor: 0, sgstMinor: 0, igstMinor: 0 },
  )
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
    reverseCharge,
    reverseChargeTotals,
    tds194C,
    tds194CTotalMinor: tds194C.reduce((s, d) => s + d.tdsMinor, 0),
  }
}
export type FreightRegisters = Awaited<ReturnType<typeof freightRegisters>>
