import type { SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Link } from '~/ui/link'
import { SubmitButton } from '~/ui/button'
import { ConfirmDialog } from '~/ui/dialog'
import { History, type ToldEntry } from '~/ui/history'
import { PageHeader } from '~/ui/shell'
import { formatDateTime } from '~/utils/format'
import type { SellerSkuRecord } from './queries.server'
import { gapSummary, listPath, sellerSkuMachine, transitionsFrom, type OfferField, type Transition } from './rules'
import { SellerSkuForm } from './seller-sku-form'
import { SellerSkuStatusBadge } from './seller-sku-badge'

export interface SellerSkuPageProps {
  offer: SellerSkuRecord
  version: string
  values: Record<string, string>
  /** Drafts: what publishing still needs. */
  gaps: Partial<Record<OfferField, string>>
  history: ToldEntry[]
  /** The action's reply when a form came back (the edit form's errors, or a refused publish's gaps). */
  reply?: {
    intent: string | null
    reply: SubmissionResult<string[]> | null
    gaps?: Partial<Record<OfferField, string>>
  } | null
}

const explain: Record<string, string> = {
  draft: 'A draft: not offered yet. Publish it when every field is filled in.',
  live: 'Live: the offer can be used for sourcing.',
  archived: 'Archived: kept for the record. Restore it to draft to change or publish it again.',
}

/** An offer's page: its details, its state changes, its terms form and its history. */
export function SellerSkuPage({ offer, version, values, gaps, history, reply }: SellerSkuPageProps) {
  const refusedGaps = reply?.intent === 'publish' ? (reply.gaps ?? {}) : {}
  // The terms form's own reply: a refused save, or a refused "Save and publish" (its values as typed).
  const termsReply = reply?.intent === 'save' || reply?.intent === 'publish' ? reply.reply : null
  return (
    <>
      <PageHeader title={`${offer.product_sku_code} from ${offer.seller_name}`}>
        <SellerSkuStatusBadge status={offer.status} />
      </PageHeader>
      <section className="card" aria-labelledby="offer-heading">
        <h2 id="offer-heading">Offer</h2>
        <dl className="details">
          <div>
            <dt>Seller</dt>
            <dd>
              <Link to={`/sellers/${offer.seller_id}`}>{offer.seller_name}</Link>
              {offer.seller_status !== 'active' ? <span className="muted"> ({offer.seller_status})</span> : null}
            </dd>
          </div>
          <div>
            <dt>Product SKU</dt>
            <dd>
              {offer.product_sku_code} · {offer.product_sku_name}
              {offer.product_sku_status !== 'active' ? (
                <span className="muted"> ({offer.product_sku_status})</span>
              ) : null}
            </dd>
          </div>
          <div>
            <dt>Product</dt>
            <dd>
              {offer.product_name} (in {offer.unit})
            </dd>
          </div>
          <div>
            <dt>Published</dt>
            <dd>{offer.published_at ? formatDateTime(offer.published_at) : <span className="muted">never</span>}</dd>
          </div>
        </dl>
      </section>
      {/* After a refused publish, what the typed terms lack (they were not saved); else what the stored ones do. */}
      <StatusCard offer={offer} gaps={reply?.intent === 'publish' && reply.gaps ? refusedGaps : gaps} />
      {offer.status === 'archived' ? null : (
        <section aria-labelledby="terms-heading" style={{ marginTop: 24 }}>
          <h2 id="terms-heading">Terms</h2>
          <SellerSkuForm
            key={version}
            mode="edit"
            version={version}
            defaultValue={values}
            unit={offer.unit}
            lastResult={termsReply}
            gaps={termsReply ? {} : refusedGaps}
            publishable={offer.status === 'draft'}
            cancelTo={listPath(offer.status)}
          />
        </section>
      )}
      <div style={{ marginTop: 24 }}>
        <History entries={history} title="History of this offer" />
      </div>
    </>
  )
}

function TransitionForm({ transition }: { transition: Transition }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={transition} />
      <SubmitButton intent={transition}>{sellerSkuMachine.steps[transition].label}</SubmitButton>
    </Form>
  )
}

function StatusCard({ offer, gaps }: { offer: SellerSkuRecord; gaps: Partial<Record<OfferField, string>> }) {
  const missing = gapSummary(gaps)
  return (
    <section className="card" aria-labelledby="status-heading">
      <h2 id="status-heading">Status</h2>
      <p>{explain[offer.status]}</p>
      {offer.status === 'draft' && missing ? (
        <p className="field-error" role="status">
          Still missing to publish: {missing}.
        </p>
      ) : null}
      <div className="row">
        {transitionsFrom(offer.status).map((t) =>
          t === 'archive' ? (
            <ConfirmDialog
              key={t}
              trigger="Archive"
              triggerVariant="danger"
              title="Archive this offer?"
              description="It leaves the live and draft lists; it can be found under Archived and restored to draft later."
            >
              <Form method="post" style={{ marginTop: 12 }}>
                <input type="hidden" name="intent" value="archive" />
                <SubmitButton intent="archive" variant="danger">
                  Archive the offer
                </SubmitButton>
              </Form>
            </ConfirmDialog>
          ) : t === 'publish' ? (
            // A draft is published from its terms form, so what was just typed is saved with it (issue 51).
            <p key={t} className="muted">
              Publish it with “Save and publish” under Terms: what is typed there is saved and published together.
            </p>
          ) : (
            <TransitionForm key={t} transition={t} />
          ),
        )}
      </div>
    </section>
  )
}
