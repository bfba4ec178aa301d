import type { SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Link } from '~/ui/link'
import { Badge } from '~/ui/badge'
import { Button, SubmitButton } from '~/ui/button'
import { ConfirmDialog } from '~/ui/dialog'
import { History, type ToldEntry } from '~/ui/history'
import { PageHeader } from '~/ui/shell'
import { Table } from '~/ui/table'
import { formatDate, formatDateTime, formatMoney } from '~/utils/format'
import { formatQuantity } from '~/utils/quantity'
import { EditBuyerSkuForm } from './buyer-sku-form'
import { BuyerSkuStatusBadge } from './buyer-sku-badge'
import { priceRequestPath, versionsPath } from './paths'
import type { BuyerSkuHeader, BuyerSkuVersion } from './queries.server'

export interface BuyerSkuPageProps {
  sku: BuyerSkuHeader
  inForce: BuyerSkuVersion | null
  waiting: BuyerSkuVersion | null
  requests: {
    id: number
    proposed_price_minor: number
    current_price_minor: number
    reason: string
    effective_from: string | null
    created_at: string
    requested_by_name: string
  }[]
  history: ToldEntry[]
  formValues: Record<string, string>
  /** The reply of the save form when it came back refused. */
  saveReply?: SubmissionResult<string[]> | null
}

/** A buyer SKU's page for staff: what is in force, what waits, the edit form, archive/restore, history. */
export function BuyerSkuPage({ sku, inForce, waiting, requests, history, formValues, saveReply }: BuyerSkuPageProps) {
  const dash = <span className="muted">—</span>
  return (
    <>
      <PageHeader title={`Buyer SKU ${sku.buyer_code}`}>
        <BuyerSkuStatusBadge status={sku.status} />
        <Button asChild>
          <Link to={versionsPath(sku.id)}>Versions and compare</Link>
        </Button>
      </PageHeader>
      <section className="card" aria-labelledby="summary-heading">
        <h2 id="summary-heading">In force now</h2>
        <dl className="details">
          <div>
            <dt>Buyer</dt>
            <dd>
              <Link to={`/buyers/${sku.buyer_id}`}>{sku.buyer_name}</Link>
            </dd>
          </div>
          <div>
            <dt>Product SKU</dt>
            <dd>
              {sku.sku_code} {sku.sku_name} <span className="muted">({sku.product_name})</span>
            </dd>
          </div>
          <div>
            <dt>Price</dt>
            <dd>{inForce ? formatMoney(inForce.price_minor) : dash}</dd>
          </div>
          <div>
            <dt>Minimum order quantity</dt>
            <dd>{inForce ? formatQuantity(inForce.moq_milli, sku.unit) : dash}</dd>
          </div>
          <div>
            <dt>Version</dt>
            <dd>
              {inForce ? (
                <Link to={versionsPath(sku.id, { v: inForce.number })}>Version {inForce.number}</Link>
              ) : (
                'None in force yet'
              )}
            </dd>
          </div>
          <div>
            <dt>Since</dt>
            <dd>{inForce ? formatDateTime(inForce.effective_from) : dash}</dd>
          </div>
        </dl>
        {waiting ? (
          <p className="version-note" role="status">
            <Badge tone="warning">Takes effect on {formatDate(waiting.effective_from)}</Badge>{' '}
            <Link to={versionsPath(sku.id, { v: waiting.number })}>Version {waiting.number}</Link>:{' '}
            {formatMoney(waiting.price_minor)}, MOQ {formatQuantity(waiting.moq_milli, sku.unit)}, from{' '}
            {formatDateTime(waiting.effective_from)}.
          </p>
        ) : null}
      </section>

      {requests.length ? (
        <section className="stack" aria-labelledby="requests-heading" style={{ marginTop: 24 }}>
          <h2 id="requests-heading">Price changes waiting for a decision</h2>
          <Table
            caption="Pending price-change requests"
            rows={requests}
            rowKey={(r) => r.id}
            columns={[
              { key: 'id', header: 'Request', cell: (r) => <Link to={priceRequestPath(r.id)}>#{r.id}</Link> },
              {
                key: 'proposed',
                header: 'Proposed price',
                numeric: true,
                cell: (r) => formatMoney(r.proposed_price_minor),
              },
              {
                key: 'from',
                nowrap: true,
                header: 'From',
                cell: (r) => (r.effective_from ? formatDate(r.effective_from) : 'On approval'),
              },
              { key: 'who', header: 'Requested by', cell: (r) => r.requested_by_name },
              { key: 'reason', header: 'Reason', cell: (r) => r.reason },
              { key: 'when', nowrap: true, header: 'Asked', cell: (r) => formatDateTime(r.created_at) },
            ]}
          />
        </section>
      ) : null}

      <section className="card" aria-labelledby="edit-heading" style={{ marginTop: 24 }}>
        <h2 id="edit-heading">Change</h2>
        {sku.status === 'archived' ? (
          <p>This buyer SKU is archived: restore it to change its price, MOQ or code.</p>
        ) : (
          <>
            <p className="muted">
              Each save makes version {sku.current_version + 1}, in force from now. Earlier versions stay on record.
            </p>
            <EditBuyerSkuForm
              lastResult={saveReply}
              defaultValue={formValues}
              expectedCurrent={sku.current_version}
              unit={sku.unit}
            >
              {waiting ? (
                <p className="version-note">
                  Version {waiting.number} waits to take effect on {formatDate(waiting.effective_from)}. A save now
                  makes a newer version in force from now, and version {waiting.number} will then never take effect.
                </p>
              ) : null}
            </EditBuyerSkuForm>
          </>
        )}
      </section>

      <section className="card" aria-labelledby="status-heading" style={{ marginTop: 24 }}>
        <h2 id="status-heading">Status</h2>
        {sku.status === 'active' ? (
          <>
            <p>Active: the buyer can order it at the price in force.</p>
            <ConfirmDialog
              trigger="Archive"
              triggerVariant="danger"
              title={`Archive ${sku.buyer_code}?`}
              description="It leaves the active list and cannot be changed until restored. Its versions stay on record."
            >
              <Form method="post" style={{ marginTop: 12 }}>
                <input type="hidden" name="intent" value="archive" />
                <SubmitButton variant="danger" intent="archive" pendingText="Archiving…">
                  Yes, archive it
                </SubmitButton>
              </Form>
            </ConfirmDialog>
          </>
        ) : (
          <>
            <p>Archived: it is not offered to the buyer.</p>
            <ConfirmDialog
              trigger="Restore"
              triggerVariant="primary"
              title={`Restore ${sku.buyer_code}?`}
              description="It becomes active again, at the price in force."
            >
              <Form method="post" style={{ marginTop: 12 }}>
                <input type="hidden" name="intent" value="restore" />
                <SubmitButton variant="primary" intent="restore" pendingText="Restoring…">
                  Yes, restore it
                </SubmitButton>
              </Form>
            </ConfirmDialog>
          </>
        )}
      </section>

      <div style={{ marginTop: 24 }}>
        <History entries={history} />
      </div>
    </>
  )
}
