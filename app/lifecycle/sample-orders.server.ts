import type { Database } from '#db/database'
import type { SampleOrderStatus } from '#db/types'
import { type Executor } from '~/platform/executor'
import { settle, type Result } from '~/utils/refusal.server'
import type { SampleLens } from '~/features/sample-orders/lens'
import { sampleStepIn, type SampleStepInput } from '~/features/sample-orders/steps.server'
import type { SampleOrderStepName } from '~/features/sample-orders/states'
import { raiseSampleInvoice } from '~/features/settlements/ledger.server'
import { closeSettled } from './master-orders.server'
import { invoiceRaised } from './webhooks.server'

// A sample order's step with what moves with it across features (docs/decisions/0013): the step
// itself (sample-orders/steps.server.ts: state, stock, e-mail), then, on dispatch, the tax invoice
// for the sample charges in the buyer's ledger (the time of supply of goods is their removal), in
// the same transaction (docs/domain.md "Sample charges").

type Actor = { userId: number }

/** A sample order's step inside the caller's transaction (a courier booking dispatches and delivers its sample order); refusals are thrown. */
export async function sampleOrderStepIn(
  trx: Executor,
  actor: Actor,
  lens: SampleLens,
  id: number,
  name: SampleOrderStepName,
  input: SampleStepInput = {},
  now = new Date(),
): Promise<{ code: string; status: SampleOrderStatus }> {
  const taken = await sampleStepIn(trx, actor, lens, id, name, input)
  if (name === 'dispatch') {
    const invoice = await raiseSampleInvoice(trx, id, actor.userId, now)
    if (invoice) await invoiceRaised(trx, invoice.id)
    // The buyer's advance may have paid it, and with it nothing else: no master order settles here but by chance.
    if (invoice) await closeSettled(trx, invoice.settled, actor.userId)
  }
  return taken
}

/** Takes a step on a sample order in the lens's scope, in one transaction (sampleOrderStepIn). */
export async function takeSampleOrderStep(
  db: Database,
  actor: Actor,
  lens: SampleLens,
  id: number,
  name: SampleOrderStepName,
  input: SampleStepInput = {},
): Promise<Result<{ code: string; status: SampleOrderStatus }>> {
  return settle(() => db.transaction().execute((trx) => sampleOrderStepIn(trx, actor, lens, id, name, input)))
}

/** The sample order moves the routes hand to the sample order pages' form handler. */
export const sampleMoves = { takeSampleStep: takeSampleOrderStep }
