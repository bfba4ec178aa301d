import { Form } from '@remix-run/react'
import { Link } from '~/ui/link'
import { PageHeader } from '~/ui/shell'
import { Table } from '~/ui/table'
import { formatMoney } from '~/utils/format'
import type { Gstr1PageData } from './pages.server'
import { einvoiceMonthPath, gstr1CsvPath, gstr1JsonPath } from './shared'
import { GstinSelect } from './gstin-select'

const SECTION_LABELS: Record<string, string> = {
  b2b: 'B2B invoices (4A)',
  b2cl: 'B2C large invoices (5)',
  b2cs: 'B2C others (7)',
  cdnr: 'Credit/debit notes, registered (9B)',
  cdnur: 'Credit/debit notes, unregistered (9B)',
  hsn: 'HSN summary (12, B2B and B2C)',
}
const rupees = { format: (value: number) => formatMoney(Math.round(value * 100)) }

/** /logistics/settlements/gstr1: pick a month; its return's figures by section and its downloads. */
export function Gstr1Page({ data }: { data: Gstr1PageData }) {
  const { month, gstin } = data
  return (
    <div className="settlement">
      <PageHeader title={`GSTR-1 of ${month}, GSTIN ${gstin}`}>
        <Link to={einvoiceMonthPath(month, gstin)}>e-Invoices of {month}</Link>
      </PageHeader>
      <Form method="get" className="filters" role="search" aria-label="The return's month and GSTIN">
        <div className="field">
          <label htmlFor="month">Month</label>
          <input id="month" name="month" type="month" defaultValue={month} required />
        </div>
        <GstinSelect gstin={gstin} gstins={data.gstins} />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary">
            Show
          </button>
        </div>
      </Form>
      <p>
        {data.documents.invoices} invoice{data.documents.invoices === 1 ? '' : 's'} and {data.documents.notes} note
        {data.documents.notes === 1 ? '' : 's'} issued in {month} under {gstin}.{' '}
        <Link reloadDocument to={gstr1JsonPath(month, gstin)}>
          Download the JSON (GST offline tool)
        </Link>{' '}
        ·{' '}
        <Link reloadDocument to={gstr1CsvPath(month, gstin)}>
          Download the CSV
        </Link>
      </p>
      {data.problems.length ? (
        <div className="form-error" role="alert">
          <p>The portal would refuse this return as it stands:</p>
          <ul>
            {data.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <Table
        caption={`GSTR-1 of ${month} by section (credit notes reduce B2C others and the HSN summary)`}
        rows={data.sections}
        rowKey={(s) => s.key}
        columns={[
          { key: 'section', header: 'Section', title: true, cell: (s) => SECTION_LABELS[s.key] },
          { key: 'rows', header: 'Rows', numeric: true, cell: (s) => s.count },
          { key: 'txval', header: 'Taxable value', numeric: true, cell: (s) => rupees.format(s.txval) },
          { key: 'iamt', header: 'IGST', numeric: true, cell: (s) => rupees.format(s.iamt) },
          { key: 'camt', header: 'CGST', numeric: true, cell: (s) => rupees.format(s.camt) },
          { key: 'samt', header: 'SGST', numeric: true, cell: (s) => rupees.format(s.samt) },
        ]}
      />
    </div>
  )
}
