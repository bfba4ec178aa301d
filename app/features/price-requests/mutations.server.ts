import { isUniqueViolation } from '#db/errors'
import { Refused, refusals, type Result } from '~/utils/refusal.server'
import type { Database } from '#db/database'
import { formatDate, formatMoney } from '~/utils/format'
import { audit } from '~/platform/audit.server'
import type { Executor } from '~/platform/executor'
import { addBuyerSkuVersion, priceInForceOfSql, versionInForce } from '../buyer-skus/versions.server'
import { tellBuyerOfPrices } from '../buyer-skus/notify.server'
import { changesPricesDirectly, priceRuleOf, refuseBelowCost } from '../buyer-skus/price-rules.server'
import { once } from '~/platform/idempotency.server'
import { queueEmail } from '~/platform/outbox.server'
import { takeStep } from '~/platform/steps.server'
import { kolkataDay, startOfKolkataDay } from '~/utils/format'
import { kamBuyerSku } from './queries.server'
import { priceRequestMachine } from './shared'
import { type CreateRequestForm, type Decision } from './schema'

export type { Result }

interface Actor {
  userId: number
  name: string
}

/** Two requests racing past the check: the pending-request index lets one through. */
const pendingTaken = (error: unknown): Result<never> | undefined =>
  isUniqueViolation(error, 'price_change_requests', ['buyer_sku_id'])
    ? {
        ok: false,
        message: 'A request for this buyer SKU is already waiting for a decision: one request at a time per buyer SKU.',
      }
    : undefined

/** The link in e-mails: it sends admin and the requesting KAM each to their own page. */
export const requestLink = (appUrl: string, id: number) =>
  `${appUrl}/redirect/approvals/buyer_skus/pricing_requests/${id}`

/**
 * A demand KAM proposes a new price for a buyer SKU of its own buyers. One request waits per buyer
 * SKU at a time; a retried submit (same idempotency key) returns the first request.
 * `effectiveDates` is the price_request_effective_date flag for this KAM: while it is off a date is refused.
 */
export async function createPriceRequest(
  db: Database,
  actor: Actor,
  input: CreateRequestForm,
  options: { effectiveDates: boolean; now?: Date },
): Promise<Result<{ id: number; repeated: boolean }>> {
  const now = options.now ?? new Date()
  return refusals(
    () =>
      db.transaction().execute(async (trx) => {
        const { result, repeated } = await once(
          trx,
          input.idempotencyKey,
          'price_request.create',
          actor.userId,
          async () => {
            const day = input.effectiveFrom || null
            if (day && !options.effectiveDates)
              throw new Refused(
                undefined,
                'Effective dates are switched off: the price applies once admin approves it. Send the request without a date.',
              )
            if (day && day < kolkataDay(now)) throw new Refused('effectiveFrom', 'Choose today or a later date')
            const sku = await kamBuyerSku(trx, actor.userId, input.buyerSkuId)
            if (!sku)
              throw new Refused(
                undefined,
                'This buyer SKU is not one of your buyers’: you may propose prices only for your own buyers.',
              )
            if (sku.priceNowMinor === null) throw new Refused(undefined, 'This buyer SKU has no price in force yet.')
            if (sku.pendingRequestId !== null) {
              throw new Refused(
                undefined,
                `Request #${sku.pendingRequestId} for this buyer SKU is already waiting for a decision: one request at a time per buyer SKU.`,
              )
            }
            if (input.proposedPrice === sku.priceNowMinor)
              throw new Refused(
                'proposedPrice',
                `That is the price in force now (${formatMoney(sku.priceNowMinor)}): propose a different one`,
              )
            // The approval rules (docs/domain.md "Approval rules"): a price below the cost is refused.
            const rule = await priceRuleOf(trx, sku.id)
            if (rule) refuseBelowCost(rule, input.proposedPrice, 'proposedPrice')
            const stamp = now.toISOString()
            const row = await trx
              .insertInto('price_change_requests')
              .values({
                buyer_sku_id: sku.id,
                requested_by: actor.userId,
                current_price_minor: sku.priceNowMinor,
                proposed_price_minor: input.proposedPrice,
                reason: input.reason,
                effective_from: day ? startOfKolkataDay(day) : null,
                status: 'pending',
                created_at: stamp,
                updated_at: stamp,
              })
              .returning('id')
              .executeTakeFirstOrThrow()
            await audit(trx, {
              actorUserId: actor.userId,
              action: 'price_request.created',
              entityType: 'price_request',
              entityId: row.id,
              after: {
                buyer_sku: `${sku.buyerCode} (${sku.buyerName})`,
                price_now: formatMoney(sku.priceNowMinor),
                proposed_price: formatMoney(input.proposedPrice),
                effective_from: day,
              },
              note: input.reason,
            })
            return row.id
          },
        )
        return { ok: true as const, value: { id: result, repeated } }
      }),
    pendingTaken,
  )
}

/** The buyer's KAM withdraws a pending request on its buyer's SKU; a request decided meanwhile stays as it is. */
export async function withdrawPriceRequest(db: Database, actor: Actor, id: number): Promise<Result> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const own = await trx
        .selectFrom('price_change_requests as r')
        .innerJoin('buyer_skus', 'buyer_skus.id', 'r.buyer_sku_id')
        .innerJoin('buyers', 'buyers.id', 'buyer_skus.buyer_id')
        .select('r.status')
        .where('r.id', '=', id)
        .where('buyers.kam_user_id', '=', actor.userId)
        .executeTakeFirst()
      if (!own) throw Refused.notFound()
      await takeStep(trx, priceRequestMachine, id, 'withdraw', {
        actorUserId: actor.userId,
        current: own.status,
        set: { updated_at: new Date().toISOString() },
      })
      return { ok: true as const, value: undefined }
    }),
  )
}

/**
 * Admin approves or rejects a pending request. The status moves only from pending, so of two
 * admins deciding at once one wins and the other is told who did. Approval adds the buyer SKU's
 * next version in the same transaction: the proposed price with the latest version's code and MOQ,
 * in force from the requested date (or now, if none was given or it has passed).
 */
export async function decidePriceRequest(
  db: Database,
  actor: Actor,
  id: number,
  decision: Decision,
  options: { appUrl: string },
): Promise<Result<{ versionNumber: number | null }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const request = await trx
        .selectFrom('price_change_requests as r')
        .innerJoin('buyer_skus', 'buyer_skus.id', 'r.buyer_sku_id')
        .innerJoin('buyers', 'buyers.id', 'buyer_skus.buyer_id')
        .innerJoin('product_skus', 'product_skus.id', 'buyer_skus.product_sku_id')
        .innerJoin('users as requester', 'requester.id', 'r.requested_by')
        .select([
          'r.buyer_sku_id',
          'r.current_price_minor',
          'r.proposed_price_minor',
          'r.reason',
          'r.effective_from',
          'buyer_skus.buyer_code',
          'buyers.name as buyer_name',
          'product_skus.code as product_code',
          'product_skus.name as product_name',
          'requester.email as requester_email',
          'buyer_skus.status as sku_status',
          'r.status',
        ])
        .where('r.id', '=', id)
        .executeTakeFirst()
      if (!request) throw Refused.notFound()
      // Archiving withdraws a waiting request in its own transaction; this holds for older ones too.
      if (decision.intent === 'approve' && request.status === 'pending' && request.sku_status !== 'active') {
        throw new Refused(
          undefined,
          'This buyer SKU is archived: the request can no longer be approved. Reject it, or restore the SKU first.',
        )
      }
      const now = new Date().toISOString()
      // The cost may have risen since the request: a price below it is refused at approval too.
      let pinned: number | undefined
      if (decision.intent === 'approve' && request.status === 'pending') {
        const rule = await priceRuleOf(trx, request.buyer_sku_id)
        if (rule) refuseBelowCost(rule, request.proposed_price_minor)
        pinned = (
          await trx
            .selectFrom('buyer_skus')
            .select('current_version')
            .where('id', '=', request.buyer_sku_id)
            .executeTakeFirstOrThrow()
        ).current_version
        await holdBase(trx, id, request, now)
      }
      const status = decision.intent === 'approve' ? 'approved' : 'rejected'
      const note = decision.note || null
      const effectiveFrom = request.effective_from && request.effective_from > now ? request.effective_from : now
      // The step is taken first, so of two admins deciding at once the second waits on the request's
      // row and is told who decided; approval's new version is carried by the step (its entry names it).
      let versionNumber: number | null = null
      await takeStep(trx, priceRequestMachine, id, decision.intent, {
        actorUserId: actor.userId,
        current: request.status,
        note,
        set: { decided_by: actor.userId, decided_at: now, decision_note: note, updated_at: now },
        reason: { field: 'note', message: 'Say why the request is rejected (the KAM reads it)' },
        carried: async () => {
          if (decision.intent === 'approve')
            versionNumber = (await addVersion(trx, actor, id, request, effectiveFrom, pinned!)).number
          return { version: versionNumber }
        },
      })
      const what = `${request.buyer_code} (${request.product_code} ${request.product_name}) for ${request.buyer_name}`
      const takesEffect =
        effectiveFrom > now ? `It takes effect on ${formatDate(effectiveFrom)}.` : 'It is in force now.'
      await queueEmail(trx, {
        to: request.requester_email,
        kind: `price_request.${status}`,
        subject: `Price change #${id} ${status}: ${request.buyer_code} for ${request.buyer_name}`,
        text: [
          `Your request #${id} to change the price of ${what} from ${formatMoney(request.current_price_minor)} to ${formatMoney(request.proposed_price_minor)} was ${status} by ${actor.name}.`,
          decision.intent === 'approve' ? takesEffect : null,
          note ? `Note: ${note}` : null,
          `See the request: ${requestLink(options.appUrl, id)}`,
        ]
          .filter(Boolean)
          .join('\n\n'),
        link: requestLink('', id),
      })
      if (decision.intent === 'approve')
        await tellBuyerOfPrices(trx, [
          {
            buyerSkuId: request.buyer_sku_id,
            oldMinor: request.current_price_minor,
            newMinor: request.proposed_price_minor,
            effectiveFrom,
          },
        ])
      return { ok: true as const, value: { versionNumber } }
    }),
  )
}

/** The refusal of an approval whose base moved: the two prices, and what to do. */
const baseMoved = (fromMinor: number, toMinor: number | null) =>
  new Refused(
    undefined,
    `The price moved from ${formatMoney(fromMinor)} to ${toMinor === null ? 'none' : formatMoney(toMinor)} since this request was made; look at it again (confirm the proposal against the new price) before it can be approved.`,
  )

/**
 * A request is approved only while the price in force is still the base it was made against
 * (`current_price_minor`): one conditional update on the request, the price in force read by the
 * database in the same statement. On PostgreSQL it also holds the request's row for the rest of
 * the approval, and the new version is added only over the version read before it (`pinned`), so a
 * price saved at the same moment refuses one of the two: never an approval over a moved base.
 */
async function holdBase(
  trx: Executor,
  id: number,
  request: { buyer_sku_id: number; current_price_minor: number },
  now: string,
) {
  const held = await trx
    .updateTable('price_change_requests')
    .set({ updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('current_price_minor', '=', priceInForceOfSql(request.buyer_sku_id, now))
    .executeTakeFirst()
  if (Number(held.numUpdatedRows) === 1) return
  const inForce = await versionInForce(trx, request.buyer_sku_id, now)
  const base = await trx
    .selectFrom('price_change_requests')
    .select(['current_price_minor', 'status'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  // Decided meanwhile: the step that follows tells who did.
  if (base.status !== 'pending') return
  throw baseMoved(base.current_price_minor, inForce?.price_minor ?? null)
}

/**
 * Someone looks at a request again after the price it was made against moved: the proposal is
 * confirmed against the price in force now, which becomes its base (audited with both prices), and
 * it may then be approved. Admin (who decides) and the buyer's KAM may; a proposal that equals the
 * new price, or is below the cost now, is refused (reject or withdraw it instead).
 */
export async function confirmAgainstNewBase(
  db: Database,
  actor: Actor,
  id: number,
): Promise<Result<{ baseMinor: number }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const request = await trx
        .selectFrom('price_change_requests as r')
        .innerJoin('buyer_skus', 'buyer_skus.id', 'r.buyer_sku_id')
        .innerJoin('buyers', 'buyers.id', 'buyer_skus.buyer_id')
        .select([
          'r.buyer_sku_id',
          'r.current_price_minor',
          'r.proposed_price_minor',
          'r.status',
          'buyers.kam_user_id',
          'buyer_skus.buyer_code',
        ])
        .where('r.id', '=', id)
        .executeTakeFirst()
      if (!request) throw Refused.notFound()
      if (request.kam_user_id !== actor.userId && !(await changesPricesDirectly(trx, actor.userId)))
        throw Refused.notFound()
      if (request.status !== 'pending')
        throw new Refused(undefined, `This request is already ${request.status}: there is nothing to look at again.`)
      const now = new Date().toISOString()
      const inForce = await versionInForce(trx, request.buyer_sku_id, now)
      if (!inForce) throw new Refused(undefined, 'This buyer SKU has no price in force.')
      if (inForce.price_minor === request.current_price_minor)
        throw new Refused(
          undefined,
          `The price is still ${formatMoney(inForce.price_minor)}, the base this request was made against: it may be decided as it is.`,
        )
      if (inForce.price_minor === request.proposed_price_minor)
        throw new Refused(
          undefined,
          `The price in force is already the proposed ${formatMoney(inForce.price_minor)}: reject or withdraw the request.`,
        )
      const rule = await priceRuleOf(trx, request.buyer_sku_id)
      if (rule) refuseBelowCost(rule, request.proposed_price_minor)
      // Only from the base read: of two people confirming at once, or a price saved meanwhile, one wins.
      const moved = await trx
        .updateTable('price_change_requests')
        .set({ current_price_minor: inForce.price_minor, rebased_at: now, rebased_by: actor.userId, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('current_price_minor', '=', request.current_price_minor)
        .where('current_price_minor', '!=', priceInForceOfSql(request.buyer_sku_id, now))
        .executeTakeFirst()
      if (Number(moved.numUpdatedRows) !== 1)
        throw new Refused(
          undefined,
          'The request or the price changed at the same moment: reload the page and look again.',
        )
      await audit(trx, {
        actorUserId: actor.userId,
        action: 'price_request.rebased',
        entityType: 'price_request',
        entityId: id,
        before: { base_price: formatMoney(request.current_price_minor) },
        after: {
          base_price: formatMoney(inForce.price_minor),
          proposed_price: formatMoney(request.proposed_price_minor),
        },
        note: `Looked at again: the proposal of ${formatMoney(request.proposed_price_minor)} stands against the new price of ${formatMoney(inForce.price_minor)}`,
      })
      return { ok: true as const, value: { baseMinor: inForce.price_minor } }
    }),
  )
}

/**
 * Approval's new version of the buyer SKU: the proposed price with the latest version's code and
 * MOQ, in force from `effectiveFrom`; refused when the buyer SKU was saved in the same instant.
 */
async function addVersion(
  trx: Executor,
  actor: Actor,
  id: number,
  request: { buyer_sku_id: number; proposed_price_minor: number; reason: string },
  effectiveFrom: string,
  /** The latest version read before the base was checked: a version added since refuses the approval. */
  pinned: number,
) {
  const sku = { current_version: pinned }
  const latest = await trx
    .selectFrom('buyer_sku_versions')
    .select(['number', 'buyer_code', 'price_minor', 'moq_milli'])
    .where('buyer_sku_id', '=', request.buyer_sku_id)
    .where('number', '=', sku.current_version)
    .executeTakeFirstOrThrow()
  const version = await addBuyerSkuVersion(trx, {
    buyerSkuId: request.buyer_sku_id,
    expectedCurrent: sku.current_version,
    buyerCode: latest.buyer_code,
    priceMinor: request.proposed_price_minor,
    moqMilli: latest.moq_milli,
    note: `Price change #${id}: ${request.reason}`,
    effectiveFrom,
    createdBy: actor.userId,
    priceRequestId: id,
  })
  // Only if the buyer SKU was saved in the same instant: nothing is kept, admin tries again.
  if (!version)
    throw new Refused(undefined, 'The buyer SKU was changed at the same moment. Reload the page and decide again.')
  await trx.updateTable('price_change_requests').set({ version_id: version.id }).where('id', '=', id).execute()
  await audit(trx, {
    actorUserId: actor.userId,
    action: 'buyer_sku.version_added',
    entityType: 'buyer_sku',
    entityId: request.buyer_sku_id,
    before: { version: latest.number, price: formatMoney(latest.price_minor) },
    after: { version: version.number, price: formatMoney(request.proposed_price_minor), effective_from: effectiveFrom },
    note: `Price change #${id} approved`,
  })
  return version
}
