import type { SubmissionResult } from '@conform-to/react'
import { History, type ToldEntry } from '~/ui/history'
import { PageHeader } from '~/ui/shell'
import { Link } from '~/ui/link'
import { countOf, formatDate } from '~/utils/format'
import { sampleOrdersOf, type SampleSkuPlace } from './places'
import type { CategoryGroup } from './queries.server'
import { SampleSkuForm } from './sample-sku-form'

// The create and edit pages of the portals that may edit; each portal's route passes its place.

type Reply = SubmissionResult<string[]> | null | undefined

export function CreateSampleSkuPage({
  place,
  categories,
  idempotencyKey,
  lastResult,
}: {
  place: SampleSkuPlace
  categories: CategoryGroup[]
  idempotencyKey: string
  lastResult: Reply
}) {
  const sentKey = lastResult?.initialValue?.idempotencyKey
  return (
    <>
      <PageHeader title="Add a sample SKU" />
      <SampleSkuForm
        place={place}
        categories={categories}
        lastResult={lastResult}
        // The key of the first render: a resubmit after an error or a double click carries the same one.
        idempotencyKey={typeof sentKey === 'string' ? sentKey : idempotencyKey}
      />
    </>
  )
}

export function EditSampleSkuPage({
  place,
  record,
  lastResult,
}: {
  place: SampleSkuPlace
  record: {
    code: string
    version: string
    imageId: number | null
    values: Record<string, string>
    categories: CategoryGroup[]
    history: ToldEntry[]
    feedback: Feedback[]
    rating: { average: number; count: number } | null
  }
  lastResult: Reply
}) {
  return (
    <>
      <PageHeader title={`Edit ${record.code}`} />
      <SampleSkuForm
        place={place}
        categories={record.categories}
        lastResult={lastResult}
        defaultValue={record.values}
        version={record.version}
        imageId={record.imageId}
      />
      <BuyerFeedback place={place} code={record.code} feedback={record.feedback} rating={record.rating} />
      <History entries={record.history} />
    </>
  )
}

interface Feedback {
  id: number
  rating: number | null
  comment: string | null
  at: string | null
  orderId: number
  orderCode: string
  buyerName: string
}

/** What buyers said of the sample on their sample orders: the average rating and the latest comments. */
function BuyerFeedback({
  place,
  code,
  feedback,
  rating,
}: {
  place: SampleSkuPlace
  code: string
  feedback: Feedback[]
  rating: { average: number; count: number } | null
}) {
  const orders = sampleOrdersOf(place)
  return (
    <section className="card" aria-labelledby="feedback-heading">
      <h2 id="feedback-heading">Buyer feedback</h2>
      {rating ? (
        <p>
          Rated {rating.average.toLocaleString('en-IN')} of 5 on average, by {countOf(rating.count, 'buyer rating')}.
          {orders ? (
            <>
              {' '}
              <Link to={`${orders}?sampleSku=${encodeURIComponent(code)}`}>Its sample orders</Link>
            </>
          ) : null}
        </p>
      ) : (
        <p className="muted">No buyer has rated this sample yet.</p>
      )}
      {feedback.length ? (
        <ul className="feedback-list">
          {feedback.map((f) => (
            <li key={f.id}>
              <strong
                aria-label={`Rated ${f.rating} of 5`}
              >{`${'★'.repeat(f.rating ?? 0)}${'☆'.repeat(5 - (f.rating ?? 0))}`}</strong>{' '}
              {f.buyerName}, {orders ? <Link to={`${orders}/${f.orderId}`}>{f.orderCode}</Link> : f.orderCode}
              {f.at ? <span className="muted"> · {formatDate(f.at)}</span> : null}
              {f.comment ? <div>{f.comment}</div> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
