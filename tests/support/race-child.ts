// One of the two processes of tests/races.test.ts: its own connection pool on DATABASE_URL, taking
// the steps the parent sends, one JSON line each ({ id, jobs: [...] }). The jobs of a line run all
// at once; the answer ({ id, results }) comes when all are done. Runs until its standard input ends.
import readline from 'node:readline'
import { getDb } from '~/db.server'
import { acceptCounterOffer, takeSellerOrderStep } from '~/lifecycle/seller-orders.server'
import type { SellerOrderStepName } from '~/features/orders/states'
import { sampleSight } from '~/features/sample-orders/lens'
import type { SampleOrderStepName } from '~/features/sample-orders/states'
import { takeSampleOrderStep as takeSampleStep } from '~/lifecycle/sample-orders.server'
import { issueDebitNote, recordPayment } from '~/lifecycle/settlements.server'
import { nextDocumentNumber } from '~/platform/numbering.server'
import { placeCart } from '~/lifecycle/master-orders.server'
import { invoiceBeforePickup, takeBookingStep } from '~/lifecycle/shipments.server'

export type RaceJob =
  | { kind: 'seller_order'; id: number; step: SellerOrderStepName; reason?: string }
  | { kind: 'accept_counter'; id: number }
  | { kind: 'sample_order'; id: number; step: SampleOrderStepName; reason?: string }
  | { kind: 'payment'; buyerId: number; amountMinor: number; receivedOn: string; key: string }
  | { kind: 'place_cart'; userId: number; buyerId: number; key: string }
  | { kind: 'debit_note'; buyerId: number; invoiceId: number; invoiceLineId: number; taxableMinor: number; key: string }
  | { kind: 'document_number'; day: string }
  | { kind: 'booking_step'; requestId: number; bookingId: number; step: 'pick_up' | 'deliver' }
  | { kind: 'invoice_before_pickup'; requestId: number; bookingId: number }

const actor = { userId: Number(process.argv[2]) }
const SAMPLE_LENS = { portal: 'biz_ops' as const, see: sampleSight.biz_ops, scope: { kind: 'all' as const } }

async function run(job: RaceJob): Promise<{ ok: boolean; message?: string; number?: string }> {
  const db = getDb()
  if (job.kind === 'document_number')
    return { ok: true, number: await db.transaction().execute((trx) => nextDocumentNumber(trx, 'DN', job.day)) }
  if (job.kind === 'debit_note') {
    const note = await issueDebitNote(
      db,
      actor,
      job.buyerId,
      {
        invoiceId: job.invoiceId,
        reasonCode: 'rate_difference',
        reason: 'Race',
        lines: [{ invoiceLineId: job.invoiceLineId, taxableMinor: job.taxableMinor }],
      },
      job.key,
    )
    return note.ok ? { ok: true, number: note.value.number } : { ok: false, message: note.message }
  }
  if (job.kind === 'booking_step') {
    const moved = await takeBookingStep(db, actor, job.requestId, job.bookingId, job.step)
    return moved.ok ? { ok: true } : { ok: false, message: moved.message }
  }
  if (job.kind === 'invoice_before_pickup') {
    const raised = await invoiceBeforePickup(db, actor, job.requestId, job.bookingId)
    return raised.ok ? { ok: true, number: raised.value.number } : { ok: false, message: raised.message }
  }
  if (job.kind === 'place_cart') {
    const placed = await placeCart(db, { userId: job.userId }, job.buyerId, job.key)
    return placed.ok ? { ok: true } : { ok: false, message: placed.message }
  }
  const result =
    job.kind === 'seller_order'
      ? await takeSellerOrderStep(db, actor, job.id, job.step, job.reason)
      : job.kind === 'accept_counter'
        ? await acceptCounterOffer(db, actor, job.id)
        : job.kind === 'sample_order'
          ? await takeSampleStep(db, actor, SAMPLE_LENS, job.id, job.step, { reason: job.reason })
          : await recordPayment(
              db,
              actor,
              job.buyerId,
              { receivedOn: job.receivedOn, amountMinor: job.amountMinor, mode: 'neft', reference: job.key },
              job.key,
            )
  return result.ok ? { ok: true } : { ok: false, message: result.message }
}

// Opened before the first job, so the races are not between a warm process and a cold one.
await getDb().selectFrom('users').select('id').limit(1).execute()
process.stdout.write('ready\n')
for await (const line of readline.createInterface({ input: process.stdin })) {
  const { id, jobs } = JSON.parse(line) as { id: number; jobs: RaceJob[] }
  const results = await Promise.all(
    jobs.map((job) => run(job).catch((error: Error) => ({ ok: false, message: `failed: ${error.message}` }))),
  )
  process.stdout.write(`${JSON.stringify({ id, results })}\n`)
}
await getDb().destroy()
