// Everything each portal's sample order pages show, gathered for their loaders, and their forms' answers.
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { Database } from '#db/database'
import type { SampleOrderStatus } from '#db/types'
import type { Result } from '~/utils/refusal.server'
import { portalsFor } from '~/auth/portals'
import type { Viewer } from '~/auth/session.server'
import { csvStreamResponse, type CsvColumn } from '~/utils/csv.server'
import { readId } from '~/utils/list-params'
import { rupeesInput } from '~/utils/money'
import { refusalReply, type FormOutcome } from '~/ui/outcome.server'
import { SAMPLE_PORTALS, samplePath, type SampleLens, type SamplePortal } from './lens'
import { readSampleFilters, sampleStepSchema } from './schema'
import {
  sampleLensFor,
  sampleOrderDetail,
  sampleRowBatches,
  sampleSearchPage,
  scopedSampleOrders,
  type SampleOrderRow,
} from './search.server'
import type { SampleStepInput } from './steps.server'
import { sampleOrderMachine, type SampleOrderStepName } from './states'

/** A portal's sample order search; undefined where the viewer has no sample orders there (answered 404). */
export async function sampleSearchFor(db: Database, viewer: Viewer, portal: SamplePortal, url: URL) {
  const lens = sampleLensFor(viewer, portal)
  return lens ? sampleSearchPage(db, viewer, lens, readSampleFilters(url)) : undefined
}

/** A portal's page of one sample order; undefined when the id is not one the lens reaches (404). */
export async function samplePageFor(db: Database, viewer: Viewer, portal: SamplePortal, idParam: string | undefined) {
  const lens = sampleLensFor(viewer, portal)
  const id = readId(idParam)
  const order = lens && id ? await sampleOrderDetail(db, lens, id) : undefined
  return order ? { order, portal } : undefined
}

type Reply = SubmissionResult<string[]>

/**
 * The sample order moves with their effects across features: the lifecycle's
 * (app/lifecycle/sample-orders.server.ts `sampleMoves`), handed in by the route, as a feature never
 * calls the lifecycle itself.
 */
export interface SampleMoves {
  takeSampleStep(
    db: Database,
    actor: { userId: number },
    lens: SampleLens,
    id: number,
    name: SampleOrderStepName,
    input?: SampleStepInput,
  ): Promise<Result<{ code: string; status: SampleOrderStatus }>>
}

/** A sample order page's forms (the steps and the buyer's feedback); an order outside the lens is not found, whatever the form. */
export async function samplePageAction(
  db: Database,
  viewer: Viewer,
  portal: SamplePortal,
  idParam: string | undefined,
  form: FormData,
  moves: SampleMoves,
): Promise<FormOutcome<Reply>> {
  const lens = sampleLensFor(viewer, portal)
  const id = readId(idParam)
  if (!lens || !id || !(await inScope(db, lens, id))) return { status: 'not-found' }
  const submission = parseWithZod(form, { schema: sampleStepSchema })
  if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
  const input = submission.value
  const taken = await moves.takeSampleStep(db, { userId: viewer.userId }, lens, id, input.intent, {
    reason: 'reason' in input ? input.reason : undefined,
    courier: 'courier' in input ? input.courier : undefined,
    trackingNumber: 'trackingNumber' in input ? input.trackingNumber : undefined,
    feedback: 'item' in input ? input.item : undefined,
  })
  if (!taken.ok) {
    if (taken.notFound) return { status: 'not-found' }
    return { status: 'invalid', reply: refusalReply(submission, taken) }
  }
  const done = sampleOrderMachine.steps[input.intent].done
  const message =
    input.intent === 'feedback'
      ? `Thank you: your feedback on ${taken.value.code} is sent, and the order is closed.`
      : `${taken.value.code} is ${done.replace(/_/g, ' ')}.`
  return { status: 'done', toast: { kind: 'success', message } }
}

async function inScope(db: Database, lens: SampleLens, id: number) {
  return (
    (await scopedSampleOrders(db, lens)
      .select('sample_orders.id')
      .where('sample_orders.id', '=', id)
      .executeTakeFirst()) !== undefined
  )
}

/**
 * Where a link to a sample order takes this viewer: its page in the first portal, in the portal
 * table's order, whose lens reaches it; null (answered 404) where none does.
 */
export async function samplePageTarget(db: Database, viewer: Viewer, sampleOrderId: number): Promise<string | null> {
  for (const portal of portalsFor(viewer.roles)) {
    if (!(SAMPLE_PORTALS as readonly string[]).includes(portal)) continue
    const lens = sampleLensFor(viewer, portal as SamplePortal)
    if (lens && (await inScope(db, lens, sampleOrderId))) return samplePath(lens.portal, sampleOrderId)
  }
  return null
}

// ---------- The CSV of a portal's search: every sample order its filters match, streamed ----------

function csvColumns(lens: SampleLens): CsvColumn[] {
  const columns: (CsvColumn | false)[] = [
    { key: 'code', header: 'Sample order' },
    { key: 'status', header: 'Status' },
    lens.see.buyer && { key: 'buyer', header: 'Buyer' },
    { key: 'requested_at', header: 'Requested at' },
    { key: 'samples', header: 'Samples' },
    { key: 'pieces', header: 'Pieces' },
    { key: 'charges', header: 'Charges (INR)' },
    { key: 'courier', header: 'Courier' },
    { key: 'tracking', header: 'Tracking number' },
    lens.see.internal && { key: 'requested_by', header: 'Requested by' },
  ]
  return columns.filter((c): c is CsvColumn => c !== false)
}

async function* records(batches: AsyncIterable<SampleOrderRow[]>) {
  for await (const rows of batches) {
    yield rows.map((row) => ({
      code: row.code,
      status: row.status,
      buyer: row.buyerName,
      requested_at: row.requestedAt,
      samples: row.itemCount,
      pieces: row.quantityTotal,
      charges: rupeesInput(Number(row.chargeMinor)),
      courier: row.courier,
      tracking: row.trackingNumber,
      requested_by: row.requestedBy,
    }))
  }
}

/** The portal's sample order search as a CSV download; undefined where the viewer has no sample orders there (404). */
export function sampleCsvFor(db: Database, viewer: Viewer, portal: SamplePortal, url: URL): Response | undefined {
  const lens = sampleLensFor(viewer, portal)
  if (!lens) return undefined
  return csvStreamResponse(
    `sample-orders-${new Date().toISOString().slice(0, 10)}.csv`,
    csvColumns(lens),
    records(sampleRowBatches(db, viewer, lens, readSampleFilters(url))),
  )
}
