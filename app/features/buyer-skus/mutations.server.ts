import { isUniqueViolation } from '#db/errors'
import type { Database } from '#db/database'
import { formatDateTime, formatMoney } from '~/utils/format'
import { formatQuantity } from '~/utils/quantity'
import { audit } from '~/platform/audit.server'
import { type Executor } from '~/platform/executor'
import { once } from '~/platform/idempotency.server'
import { syncSearch } from '~/platform/search.server'
import { takeStep } from '~/platform/steps.server'
import { checkPick } from '../search/pick.server'
import { resolveCompany } from '../users/company.server'
import { addBuyerSkuVersion, versionInForce } from './versions.server'
import {
  changesPricesDirectly,
  oneAtATime,
  openPriceRequest,
  priceChangeVerdict,
  priceRuleOf,
  waitingRequestOf,
} from './price-rules.server'
import { tellBuyerOfPrices } from './notify.server'
import { buyerSkuMachine, type CreateBuyerSkuForm, type EditBuyerSkuForm, type StatusIntent } from './schema'
import { priceRequestMachine } from '../price-requests/shared'
import { Refused, refusals as refuse, type Result } from '~/utils/refusal.server'
export type { Result }

export interface Actor {
  userId: number
}

/** The unique (buyer_id, buyer_code) index is the last word when two saves race past the check. */
/** Buyers and product SKUs are not scoped per viewer in the main portal. */
const ANYONE = { userId: 0, roles: [] }

function refusals<T>(work: () => Promise<Result<T>>): Promise<Result<T>> {
  return refuse(work, (error) =>
    isUniqueViolation(error, 'buyer_skus', ['buyer_id', 'buyer_code'])
      ? { ok: false, field: 'buyerCode', message: 'This buyer already uses this code for another of its SKUs' }
      : isUniqueViolation(error, 'price_change_requests', ['buyer_sku_id'])
        ? {
            ok: false,
            field: 'price',
            message: 'A price-change request for this buyer SKU was made at the same moment: reload the page.',
          }
        : undefined,
  )
}

/** A buyer's own codes are unique per buyer (archived SKUs keep theirs). */
async function checkBuyerCode(trx: Executor, buyerId: number, buyerCode: string, exceptId?: number) {
  const taken = await trx
    .selectFrom('buyer_skus')
    .select(['id', 'status'])
    .where('buyer_id', '=', buyerId)
    .where('buyer_code', '=', buyerCode)
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirst()
  if (taken) {
    const archived = taken.status === 'archived' ? ' (archived)' : ''
    throw new Refused(
      'buyerCode',
      `This buyer already uses ${buyerCode} for buyer SKU #${taken.id}${archived}; choose another code`,
    )
  }
}

/** How the history shows a version's values: rupees and the product's unit, not paise and thousandths. */
const readable = (v: { buyer_code: string; price_minor: number; moq_milli: number }, unit: string) => ({
  buyer_code: v.buyer_code,
  price: formatMoney(v.price_minor),
  moq: formatQuantity(v.moq_milli, unit),
})

/**
 * A new buyer SKU and its version 1, in force from now, in one transaction. A repeated submit
 * (same idempotency key) returns the first one.
 */
export async function createBuyerSku(
  db: Database,
  actor: Actor,
  input: CreateBuyerSkuForm,
): Promise<Result<{ id: number; repeated: boolean }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const { result, repeated } = await once(trx, input.idempotencyKey, 'buyer_sku.create', actor.userId, async () => {
        // Both references are checked before anything is refused, so the form comes back once with both.
        const match = await resolveCompany(trx, 'buyer', input.buyer)
        const picked = await checkPick(trx, ANYONE, 'product_sku', input.productSkuCode)
        if (!match.ok && !picked.ok)
          throw new Refused({ buyer: match.message, productSkuCode: picked.message }, undefined, {
            buyer: match.choices,
            productSkuCode: picked.choices,
          })
        if (!match.ok) throw Refused.pick('buyer', match)
        if (!picked.ok) throw Refused.pick('productSkuCode', picked)
        const buyer = await trx
          .selectFrom('buyers')
          .select(['id', 'name', 'status'])
          .where('id', '=', match.id)
          .executeTakeFirstOrThrow()
        if (buyer.status !== 'active')
          throw new Refused('buyer', `${buyer.name} is ${buyer.status}: only active buyers get buyer SKUs`)
        const sku = await trx
          .selectFrom('product_skus')
          .innerJoin('products', 'products.id', 'product_skus.product_id')
          .select([
            'product_skus.id',
            'product_skus.code',
            'product_skus.status',
            'product_skus.product_id',
            'products.unit',
          ])
          .where('product_skus.id', '=', picked.option.id)
          .executeTakeFirstOrThrow()
        if (sku.status !== 'active')
          throw new Refused('productSkuCode', `Product SKU ${sku.code} is archived: choose an active one`)
        await checkBuyerCode(trx, buyer.id, input.buyerCode)

        const now = new Date().toISOString()
        // current_version 0: version 1 is added through the same path as every later version.
        const row = await trx
          .insertInto('buyer_skus')
          .values({
            buyer_id: buyer.id,
            product_sku_id: sku.id,
            product_id: sku.product_id,
            buyer_code: input.buyerCode,
            current_version: 0,
            status: 'active',
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        const version = await addBuyerSkuVersion(trx, {
          buyerSkuId: row.id,
          expectedCurrent: 0,
          buyerCode: input.buyerCode,
          priceMinor: input.price,
          moqMilli: input.moq,
          note: input.note || null,
          effectiveFrom: now,
          createdBy: actor.userId,
        })
        if (!version) throw new Error('A new buyer SKU cannot have versions yet')
        await syncSearch(trx, 'buyer_sku', row.id)
        await audit(trx, {
          actorUserId: actor.userId,
          action: 'buyer_sku.created',
          entityType: 'buyer_sku',
          entityId: row.id,
          after: {
            buyer: buyer.name,
            product_sku: sku.code,
            ...readable({ buyer_code: input.buyerCode, price_minor: input.price, moq_milli: input.moq }, sku.unit),
            version: 1,
          },
          note: input.note || null,
        })
        return row.id
      })
      return { ok: true as const, value: { id: result, repeated } }
    }),
  )
}

/** The refusal when someone added a version since the form was opened: it names that version. */
async function conflict(trx: Executor, buyerSkuId: number, latest: number) {
  const newer = await trx
    .selectFrom('buyer_sku_versions')
    .leftJoin('users', 'users.id', 'buyer_sku_versions.created_by')
    .select(['buyer_sku_versions.created_at', 'users.name'])
    .where('buyer_sku_versions.buyer_sku_id', '=', buyerSkuId)
    .where('buyer_sku_versions.number', '=', latest)
    .executeTakeFirst()
  const who = newer ? ` by ${newer.name ?? 'the system'} on ${formatDateTime(newer.created_at)}` : ''
  return new Refused(
    undefined,
    `Version ${latest} was saved${who} after you opened this form. Your values are still below: compare them with version ${latest}, then save again.`,
  )
}

/**
 * Saves the edit form as the next version, in force from now. Refused when a version was added
 * since `expectedCurrent`; nothing is written when the values equal the version in force.
 * Returns the new version's number, or null when nothing changed.
 */
export async function saveBuyerSku(
  db: Database,
  actor: Actor,
  id: number,
  input: Omit<EditBuyerSkuForm, 'intent'>,
): Promise<Result<{ number: number | null; requestId?: number; requestWhy?: string }>> {
  return refusals<{ number: number | null; requestId?: number; requestWhy?: string }>(() =>
    db.transaction().execute(async (trx) => {
      const sku = await trx
        .selectFrom('buyer_skus')
        .innerJoin('product_skus', 'product_skus.id', 'buyer_skus.product_sku_id')
        .innerJoin('products', 'products.id', 'product_skus.product_id')
        .select([
          'buyer_skus.id',
          'buyer_skus.buyer_id',
          'buyer_skus.current_version',
          'buyer_skus.status',
          'products.unit',
        ])
        .where('buyer_skus.id', '=', id)
        .executeTakeFirst()
      if (!sku) throw new Refused(undefined, 'This buyer SKU no longer exists')
      if (sku.current_version !== input.expectedCurrent) throw await conflict(trx, id, sku.current_version)
      if (sku.status === 'archived')
        throw new Refused(undefined, 'This buyer SKU is archived: restore it before changing it')
      const now = new Date().toISOString()
      const current = await versionInForce(trx, id, now)
      const next = { buyer_code: input.buyerCode, price_minor: input.price, moq_milli: input.moq }
      // The one price rule (docs/domain.md "Who may change a price"): below cost is refused; a change
      // that needs an admin's decision becomes a request, and the save keeps the price in force.
      const request = await priceRulesOfEdit(trx, actor, sku, current, input)
      const requestId = request?.id
      if (requestId !== undefined && current) next.price_minor = current.price_minor
      const changed = current
        ? (['buyer_code', 'price_minor', 'moq_milli'] as const).filter((key) => current[key] !== next[key])
        : (['buyer_code', 'price_minor', 'moq_milli'] as const).slice()
      if (changed.length === 0)
        return { ok: true as const, value: { number: null, requestId, requestWhy: request?.why } }
      if (changed.includes('buyer_code')) await checkBuyerCode(trx, sku.buyer_id, input.buyerCode, id)

      const version = await addBuyerSkuVersion(trx, {
        buyerSkuId: id,
        expectedCurrent: input.expectedCurrent,
        buyerCode: input.buyerCode,
        priceMinor: next.price_minor,
        moqMilli: input.moq,
        note: input.note || null,
        effectiveFrom: now,
        createdBy: actor.userId,
      })
      if (!version)
        throw await conflict(
          trx,
          id,
          (await trx.selectFrom('buyer_skus').select('current_version').where('id', '=', id).executeTakeFirstOrThrow())
            .current_version,
        )
      if (changed.includes('buyer_code')) await syncSearch(trx, 'buyer_sku', id)
      if (current && changed.includes('price_minor'))
        await tellBuyerOfPrices(trx, [
          { buyerSkuId: id, oldMinor: current.price_minor, newMinor: next.price_minor, effectiveFrom: now },
        ])
      const before = current ? readable(current, sku.unit) : {}
      const after = readable(next, sku.unit)
      const shown = { buyer_code: 'buyer_code', price_minor: 'price', moq_milli: 'moq' } as const
      await audit(trx, {
        actorUserId: actor.userId,
        action: 'buyer_sku.updated',
        entityType: 'buyer_sku',
        entityId: id,
        before: {
          ...Object.fromEntries(changed.map((k) => [shown[k], (before as Record<string, string>)[shown[k]]])),
          version: current?.number ?? null,
        },
        after: { ...Object.fromEntries(changed.map((k) => [shown[k], after[shown[k]]])), version: version.number },
        note: input.note || null,
      })
      return { ok: true as const, value: { number: version.number, requestId, requestWhy: request?.why } }
    }),
  )
}

/**
 * A direct edit's price against the one price rule (priceChangeVerdict): a price below the cost is
 * refused; a change that needs an admin's decision becomes a price-change request (its id is
 * answered, and the edit keeps the price in force), refused while another request waits. Other
 * edits answer undefined.
 */
async function priceRulesOfEdit(
  trx: Executor,
  actor: Actor,
  sku: { id: number },
  current: { price_minor: number; buyer_code: string } | undefined,
  input: { price: number; buyerCode: string; note?: string },
): Promise<{ id: number; why: string } | undefined> {
  if (current && current.price_minor === input.price) return undefined
  const verdict = priceChangeVerdict(
    await priceRuleOf(trx, sku.id),
    { currentMinor: current?.price_minor ?? null, proposedMinor: input.price },
    { direct: await changesPricesDirectly(trx, actor.userId) },
  )
  if (verdict.kind === 'refused') throw new Refused('price', verdict.message)
  if (verdict.kind === 'direct' || !current) return undefined
  const waiting = await waitingRequestOf(trx, sku.id)
  if (waiting !== undefined) throw new Refused('price', oneAtATime(waiting))
  const id = await openPriceRequest(trx, {
    actorUserId: actor.userId,
    buyerSkuId: sku.id,
    buyerCode: current.buyer_code,
    currentPriceMinor: current.price_minor,
    proposedPriceMinor: input.price,
    why: verdict.why,
    note: input.note || null,
    at: new Date().toISOString(),
  })
  return { id, why: verdict.why }
}

/**
 * Archive or restore through the one step helper: the update runs only from the expected status, so
 * of two people one wins and the other is told who did. Archiving withdraws the waiting price request.
 */
export async function changeBuyerSkuStatus(
  db: Database,
  actor: Actor,
  id: number,
  intent: StatusIntent,
): Promise<Result<{ buyerCode: string }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const sku = await trx
        .selectFrom('buyer_skus')
        .select(['status', 'buyer_code'])
        .where('id', '=', id)
        .executeTakeFirst()
      if (!sku) throw new Refused(undefined, 'This buyer SKU no longer exists.')
      await takeStep(trx, buyerSkuMachine, id, intent, {
        actorUserId: actor.userId,
        current: sku.status,
        set: { updated_at: new Date().toISOString() },
        // An archived SKU takes no new price: its waiting request is withdrawn with it.
        moved: async ({ to }) => {
          if (to !== 'archived') return
          const waiting = await trx
            .selectFrom('price_change_requests')
            .select('id')
            .where('buyer_sku_id', '=', id)
            .where('status', '=', 'pending')
            .execute()
          for (const request of waiting) {
            const now = new Date().toISOString()
            await takeStep(trx, priceRequestMachine, request.id, 'withdraw', {
              actorUserId: actor.userId,
              current: 'pending',
              note: 'The buyer SKU was archived',
              set: {
                decided_by: actor.userId,
                decided_at: now,
                decision_note: 'Withdrawn: the buyer SKU was archived',
                updated_at: now,
              },
            })
          }
        },
      })
      return { ok: true as const, value: { buyerCode: sku.buyer_code } }
    }),
  )
}
