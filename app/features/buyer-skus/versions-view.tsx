import { Form } from '@remix-run/react'
import { Link } from '~/ui/link'
import type { ReactNode } from 'react'
import { Badge } from '~/ui/badge'
import { Button } from '~/ui/button'
import { FormErrors } from '~/ui/field'
import { PageHeader } from '~/ui/shell'
import { Table, TableFrame } from '~/ui/table'
import { formatDate, formatDateTime, formatMoney } from '~/utils/format'
import { formatQuantity } from '~/utils/quantity'
import { BuyerSkuStatusBadge } from './buyer-sku-badge'
import { buyerSkuPath, priceRequestPath, versionsPath } from './paths'
import type { BuyerSkuHeader, BuyerSkuVersion } from './queries.server'

export interface VersionsViewProps {
  header: BuyerSkuHeader
  versions: BuyerSkuVersion[]
  /** The number of the version in force now. */
  inForce: number | null
  viewing: BuyerSkuVersion | null
  compare: { a: BuyerSkuVersion; b: BuyerSkuVersion } | null
  messages: string[]
  /** The time the page was read (UTC ISO): a version starting later is "waiting". */
  at: string
}

function VersionBadges({ version, inForce, at }: { version: BuyerSkuVersion; inForce: number | null; at: string }) {
  if (version.number === inForce) return <Badge tone="success">In force</Badge>
  if (version.effective_from > at)
    return <Badge tone="warning">Takes effect on {formatDate(version.effective_from)}</Badge>
  return null
}

/** "+₹12.00 (+4.8 %)": the move from a's price to b's. */
export function priceDifference(fromMinor: number, toMinor: number): string {
  const delta = toMinor - fromMinor
  if (delta === 0) return 'No change'
  const sign = delta > 0 ? '+' : '−'
  const percent = fromMinor === 0 ? '' : ` (${sign}${Math.abs((delta / fromMinor) * 100).toFixed(1)} %)`
  return `${sign}${formatMoney(Math.abs(delta))}${percent}`
}

const noteOf = (v: BuyerSkuVersion) => v.note ?? '—'
const requestOf = (v: BuyerSkuVersion) =>
  v.price_request_id ? <Link to={priceRequestPath(v.price_request_id)}>Price change #{v.price_request_id}</Link> : '—'

/** The versions of one buyer SKU: the one being viewed, any two side by side, and the full list. */
export function VersionsView({ header, versions, inForce, viewing, compare, messages, at }: VersionsViewProps) {
  const unit = header.unit
  const fields: {
    label: string
    value: (v: BuyerSkuVersion) => ReactNode
    key: (v: BuyerSkuVersion) => string | number | null
    compared: boolean
  }[] = [
    { label: 'Price', value: (v) => formatMoney(v.price_minor), key: (v) => v.price_minor, compared: true },
    {
      label: 'Minimum order quantity',
      value: (v) => formatQuantity(v.moq_milli, unit),
      key: (v) => v.moq_milli,
      compared: true,
    },
    { label: 'Buyer’s code', value: (v) => v.buyer_code, key: (v) => v.buyer_code, compared: true },
    { label: 'Note', value: noteOf, key: (v) => v.note, compared: true },
    {
      label: 'In force from',
      value: (v) => formatDateTime(v.effective_from),
      key: (v) => v.effective_from,
      compared: true,
    },
    { label: 'Saved by', value: (v) => v.created_by_name ?? 'the system', key: () => null, compared: false },
    { label: 'Saved on', value: (v) => formatDateTime(v.created_at), key: () => null, compared: false },
    { label: 'Approved price change', value: requestOf, key: () => null, compared: false },
  ]
  return (
    <>
      <PageHeader title={`Versions of ${header.buyer_code}`}>
        <BuyerSkuStatusBadge status={header.status} />
        <Button asChild>
          <Link to={buyerSkuPath(header.id)}>Edit buyer SKU</Link>
        </Button>
      </PageHeader>
      <p className="muted">
        <Link to={`/buyers/${header.buyer_id}`}>{header.buyer_name}</Link> · {header.sku_code} {header.sku_name} (
        {header.product_name})
      </p>
      <FormErrors errors={messages} />

      {viewing ? (
        <section className="card" aria-labelledby="viewing-heading">
          <h2 id="viewing-heading">
            Viewing version {viewing.number} <VersionBadges version={viewing} inForce={inForce} at={at} />
          </h2>
          <dl className="details">
            {fields.map((f) => (
              <div key={f.label}>
                <dt>{f.label}</dt>
                <dd>{f.value(viewing)}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}

      <section className="card" aria-labelledby="compare-heading">
        <h2 id="compare-heading">Compare versions</h2>
        {versions.length < 2 ? (
          <p className="muted">There is only one version so far: nothing to compare yet.</p>
        ) : (
          <>
            <Form method="get" className="filters" aria-label="Choose two versions">
              {viewing ? <input type="hidden" name="v" value={viewing.number} /> : null}
              {(['a', 'b'] as const).map((side) => (
                <div className="field" key={side}>
                  <label htmlFor={`compare-${side}`}>{side === 'a' ? 'Compare version' : 'with version'}</label>
                  <select
                    id={`compare-${side}`}
                    name={side}
                    defaultValue={compare ? String(compare[side].number) : undefined}
                  >
                    {versions.map((v) => (
                      <option key={v.number} value={v.number}>
                        Version {v.number} ({formatMoney(v.price_minor)})
                      </option>
                    ))}
                  </select>
                </div>
              ))}
              <div className="form-actions">
                <Button type="submit" variant="primary">
                  Compare
                </Button>
              </div>
            </Form>
            {compare ? (
              <TableFrame label={`Version ${compare.a.number} and version ${compare.b.number} side by side`}>
                <table className="table compare">
                  <caption className="visually-hidden">
                    Version {compare.a.number} and version {compare.b.number} side by side
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Field</th>
                      <th scope="col">Version {compare.a.number}</th>
                      <th scope="col">Version {compare.b.number}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {fields.map((f) => {
                      const changed = f.compared && f.key(compare.a) !== f.key(compare.b)
                      return (
                        <tr key={f.label} className={changed ? 'diff' : undefined}>
                          <th scope="row">
                            {f.label}
                            {changed ? <span className="changed">changed</span> : null}
                          </th>
                          <td>{f.value(compare.a)}</td>
                          <td>{f.value(compare.b)}</td>
                        </tr>
                      )
                    })}
                    <tr>
                      <th scope="row">Price difference</th>
                      <td colSpan={2}>{priceDifference(compare.a.price_minor, compare.b.price_minor)}</td>
                    </tr>
                  </tbody>
                </table>
              </TableFrame>
            ) : null}
          </>
        )}
      </section>

      <section className="stack" aria-labelledby="versions-heading" style={{ marginTop: 24 }}>
        <h2 id="versions-heading">All versions</h2>
        <Table
          caption="Versions, newest first"
          rows={versions}
          rowKey={(v) => v.number}
          columns={[
            {
              key: 'number',
              header: 'Version',
              cell: (v) => (
                <>
                  <Link
                    to={versionsPath(header.id, { v: v.number })}
                    aria-current={viewing?.number === v.number ? 'true' : undefined}
                  >
                    Version {v.number}
                  </Link>{' '}
                  <VersionBadges version={v} inForce={inForce} at={at} />
                </>
              ),
            },
            { key: 'price', header: 'Price', numeric: true, cell: (v) => formatMoney(v.price_minor) },
            {
              key: 'moq',
              header: 'MOQ',
              numeric: true,
              cell: (v) => <span className="amount">{formatQuantity(v.moq_milli, unit)}</span>,
            },
            { key: 'code', nowrap: true, header: 'Buyer’s code', cell: (v) => v.buyer_code },
            {
              key: 'note',
              header: 'Note',
              cell: (v) =>
                v.price_request_id ? (
                  <>
                    {noteOf(v)} · {requestOf(v)}
                  </>
                ) : (
                  noteOf(v)
                ),
            },
            { key: 'who', header: 'Saved by', cell: (v) => v.created_by_name ?? 'the system' },
            { key: 'when', nowrap: true, header: 'Saved on', cell: (v) => formatDateTime(v.created_at) },
            { key: 'from', nowrap: true, header: 'In force from', cell: (v) => formatDateTime(v.effective_from) },
          ]}
        />
      </section>
    </>
  )
}
