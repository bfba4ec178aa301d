import { Link } from '~/ui/link'
import { Table } from '~/ui/table'
import { formatDate, formatMoney } from '~/utils/format'
import type { FreightRegisters } from './freight-registers.server'
import { tdsSectionLabels } from './freight-tax'

const day = (d: string) => formatDate(`${d}T12:00:00Z`)

/** The month's reverse-charge register of freight and the 194C register, under the tax registers. */
export function FreightRegistersView({ data }: { data: FreightRegisters }) {
  const t = data.reverseChargeTotals
  return (
    <>
      <h2>GST on freight under reverse charge</h2>
      <p className="muted">
        Bills of goods transport agencies under reverse charge whose time of supply falls in the month (the payment, or
        the 61st day after the bill): the platform pays this tax in cash and then takes it as input credit. Totals:
        taxable {formatMoney(t.taxableMinor)} · CGST {formatMoney(t.cgstMinor)} · SGST {formatMoney(t.sgstMinor)} · IGST{' '}
        {formatMoney(t.igstMinor)}. Each registration owes the tax on the services it received (the warehouse a move
        leaves from or arrives at, else the home one).{' '}
        <Link
          reloadDocument
          to={`/logistics/settlements/tax_registers.csv?month=${data.month}${data.registration ? `&registration=${data.registration}` : ''}`}
        >
          The register as CSV
        </Link>
      </p>
      <Table
        caption="Reverse-charge tax per registration"
        columns={[
          { key: 'r', header: 'Registration', nowrap: true, cell: (r) => `${r.state} · ${r.gstin}` },
          { key: 't', header: 'Taxable', numeric: true, cell: (r) => formatMoney(r.taxableMinor) },
          { key: 'c', header: 'CGST', numeric: true, cell: (r) => formatMoney(r.cgstMinor) },
          { key: 's', header: 'SGST', numeric: true, cell: (r) => formatMoney(r.sgstMinor) },
          { key: 'i', header: 'IGST', numeric: true, cell: (r) => formatMoney(r.igstMinor) },
        ]}
        rows={data.reverseChargeByRegistration}
        rowKey={(r) => r.gstin}
      />
      <Table
        caption="Reverse-charge register (freight)"
        columns={[
          { key: 'b', header: 'Booking', nowrap: true, cell: (r) => <Link to={r.bookingHref}>{r.booking}</Link> },
          { key: 'n', header: 'GTA’s bill', nowrap: true, cell: (r) => `${r.bill} of ${day(r.billDate)}` },
          { key: 'tr', header: 'Transporter', cell: (r) => r.transporter },
          { key: 'g', header: 'GSTIN', nowrap: true, cell: (r) => r.gstin ?? '—' },
          { key: 'rb', header: 'Received by', nowrap: true, cell: (r) => r.receivedBy },
          { key: 't', header: 'Taxable', numeric: true, cell: (r) => formatMoney(r.taxableMinor) },
          { key: 'c', header: 'CGST', numeric: true, cell: (r) => formatMoney(r.cgstMinor) },
          { key: 's', header: 'SGST', numeric: true, cell: (r) => formatMoney(r.sgstMinor) },
          { key: 'i', header: 'IGST', numeric: true, cell: (r) => formatMoney(r.igstMinor) },
        ]}
        rows={data.reverseCharge}
        rowKey={(r) => r.key}
        empty="No freight under reverse charge falls in this month."
      />
      <h2>TDS on freight (section 194C)</h2>
      <p className="muted">
        Transporter bills paid in the month (all registrations: TDS is the company’s), with what was deducted; due to
        the government by the 7th of the next month. Total {formatMoney(data.tds194CTotalMinor)}
      </p>
      <Table
        caption="TDS register (section 194C)"
        columns={[
          { key: 'b', header: 'Booking', nowrap: true, cell: (r) => `${r.booking} · ${r.bill ?? ''}` },
          { key: 'p', header: 'Paid', nowrap: true, cell: (r) => day(r.paidOn) },
          { key: 'tr', header: 'Transporter', cell: (r) => r.transporter },
          { key: 'pan', header: 'PAN', nowrap: true, cell: (r) => r.pan ?? 'Not known' },
          { key: 's', header: 'Section', cell: (r) => tdsSectionLabels[r.section as keyof typeof tdsSectionLabels] },
          { key: 'f', header: 'Freight', numeric: true, cell: (r) => formatMoney(r.billMinor) },
          { key: 'base', header: 'Deducted on', numeric: true, cell: (r) => formatMoney(r.baseMinor) },
          { key: 'r', header: 'Rate', numeric: true, cell: (r) => `${r.rateBp / 100} %` },
          { key: 'a', header: 'TDS', numeric: true, cell: (r) => formatMoney(r.tdsMinor) },
        ]}
        rows={data.tds194C}
        rowKey={(r) => r.key}
        empty="No transporter bill was paid in this month."
      />
    </>
  )
}
