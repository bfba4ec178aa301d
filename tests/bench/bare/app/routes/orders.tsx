// The order search's markup and data without the app (npm run bench -- orders): a page of 25 rows
// in 12 columns with a link and a status badge, a filter form of the same fields and options, the
// same row data for hydration. No session, no database, no shell: what Remix and React alone cost
// for a page of this size, against this app's one-form page (the index route).
import type { MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'

export const meta: MetaFunction = () => [{ title: 'Master orders' }]

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' })
const day = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
})
const STATUSES = [
  'placed',
  'confirmed',
  'in_production',
  'in_qc',
  'ready_to_dispatch',
  'dispatched',
  'delivered',
  'closed',
  'cancelled',
]
const CATEGORIES = Array.from({ length: 15 }, (_, i) => ({ id: i + 1, name: `Product ${i % 3}: Category ${i + 1}` }))
const ROWS = Array.from({ length: 25 }, (_, i) => ({
  id: 1_000_000 - i,
  code: `MO-2026-${String(1_000_000 - i).padStart(6, '0')}`,
  status: STATUSES[i % STATUSES.length],
  source: 'cart',
  channelOrderId: null,
  placedAt: new Date(Date.UTC(2026, 10, 26, 10, i)).toISOString(),
  requiredBy: '2027-01-10',
  lineCount: 1 + (i % 4),
  buyerName: `Buyer company ${i % 7}`,
  valueMinor: 31_350_000 + i * 1_000,
  gstMinor: 3_762_000 + i * 100,
  costMinor: 20_700_000 + i * 800,
  shipToCity: 'Mumbai',
}))

export async function loader() {
  return {
    rows: ROWS,
    total: 1_000_613,
    categories: CATEGORIES,
    filters: { q: '', page: 1, sort: 'placed', dir: 'desc', pageSize: 25 },
  }
}

type Row = (typeof ROWS)[number]
const columns: { key: string; header: string; className?: string; cell: (r: Row) => React.ReactNode }[] = [
  {
    key: 'code',
    header: 'Order',
    className: 'nowrap card-title',
    cell: (r) => <Link to={`/orders/${r.id}`}>{r.code}</Link>,
  },
  { key: 'status', header: 'Status', cell: (r) => <span className="badge">{r.status}</span> },
  { key: 'buyer', header: 'Buyer', cell: (r) => r.buyerName },
  { key: 'placed', header: 'Placed', className: 'nowrap', cell: (r) => day.format(new Date(r.placedAt)) },
  {
    key: 'required',
    header: 'Needed by',
    className: 'nowrap',
    cell: (r) => day.format(new Date(`${r.requiredBy}T12:00:00Z`)),
  },
  { key: 'lines', header: 'Lines', className: 'num', cell: (r) => r.lineCount },
  { key: 'value', header: 'Value', className: 'num', cell: (r) => inr.format(r.valueMinor / 100) },
  { key: 'gst', header: 'GST', className: 'num', cell: (r) => inr.format(r.gstMinor / 100) },
  { key: 'cost', header: 'Cost', className: 'num', cell: (r) => inr.format(r.costMinor / 100) },
  { key: 'margin', header: 'Margin', className: 'num', cell: (r) => inr.format((r.valueMinor - r.costMinor) / 100) },
  { key: 'city', header: 'Ship to', cell: (r) => r.shipToCity },
  { key: 'source', header: 'Source', cell: (r) => r.source },
]

function Select({
  name,
  label,
  options,
}: {
  name: string
  label: string
  options: { value: string | number; label: string }[]
}) {
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <select id={name} name={name} defaultValue="">
        <option value="">Any</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )
}

function Input({ name, label, type = 'text' }: { name: string; label: string; type?: string }) {
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <input id={name} name={name} type={type} defaultValue="" />
    </div>
  )
}

export default function Orders() {
  const { rows, total, categories } = useLoaderData<typeof loader>()
  return (
    <main>
      <h1>Master orders</h1>
      <Form method="get" className="filters" role="search">
        <Input name="q" label="Search" type="search" />
        <Input name="buyer" label="Buyer" />
        <Input name="seller" label="Seller" />
        <Select name="status" label="Status" options={['open', ...STATUSES].map((s) => ({ value: s, label: s }))} />
        <Select name="category" label="Category" options={categories.map((c) => ({ value: c.id, label: c.name }))} />
        <Select name="source" label="Source" options={['cart', 'solv', 'gt'].map((s) => ({ value: s, label: s }))} />
        <Input name="placedFrom" label="Placed from" type="date" />
        <Input name="placedTo" label="Placed to" type="date" />
        <Input name="requiredFrom" label="Needed from" type="date" />
        <Input name="requiredTo" label="Needed to" type="date" />
        <button type="submit">Filter</button>
      </Form>
      <p>{total.toLocaleString('en-IN')} orders</p>
      <table className="table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.className}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {columns.map((c) => (
                <td key={c.key} className={c.className} data-label={c.header}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <nav aria-label="Pages">
        <a href="?page=2">Next</a>
      </nav>
    </main>
  )
}
