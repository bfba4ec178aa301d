import { Refused, refusals as refuse, type Result } from '~/utils/refusal.server'
import { nextStamp } from '~/utils/version-stamp'
import { isUniqueViolation } from '#db/errors'
import type { Database } from '#db/database'
import type { SellerSkuStatus } from '#db/types'
import { formatMoney } from '~/utils/format'
import { formatQuantity } from '~/utils/quantity'
import { audit } from '~/platform/audit.server'
import { type Executor } from '~/platform/executor'
import { once } from '~/platform/idempotency.server'
import { syncSearch } from '~/platform/search.server'
import { canTake } from '~/platform/steps'
import { takeStep } from '~/platform/steps.server'
import { checkPick } from '../search/pick.server'
import type { PickChoices } from '~/platform/pick'
import { resolveCompany } from '../users/company.server'
import { gapsOf, otherOpenOffer, productSkuByCode, sellerSkuRecord } from './queries.server'
import { sellerSkuMachine, statusLabels, type OfferField, type Transition } from './rules'
import type { CreateSellerSkuForm, EditSellerSkuForm, OfferTerms } from './schema'

export type { Result }

interface Actor {
  userId: number
}

/** Two saves racing past the check: the open-offer index lets one through. */
const openOfferTaken = (error: unknown): Result<never> | undefined =>
  isUniqueViolation(error, 'seller_skus', ['seller_id', 'product_sku_id'])
    ? { ok: false, message: OFFER_TAKEN, fields: { productSku: OFFER_TAKEN } }
    : undefined
const OFFER_TAKEN = 'This seller already has an open offer of this product SKU; edit that one instead'

/** Sellers and product SKUs are not scoped per viewer where offers are made. */
const ANYONE = { userId: 0, roles: [] }

const refusals = <T>(work: () => Promise<Result<T>>) => refuse(work, openOfferTaken)

const duplicate = (other: { id: number; status: SellerSkuStatus }) =>
  new Refused({
    productSku: `This seller already has a ${statusLabels[other.status].toLowerCase()} offer of this product SKU (#${other.id}); edit that one instead`,
  })

/** The stored columns of the offer's terms. */
const columnsOf = (terms: OfferTerms) => ({
  seller_code: terms.sellerCode || null,
  cost_minor: terms.cost ?? null,
  moq_milli: terms.moq ?? null,
  monthly_capacity_milli: terms.monthlyCapacity ?? null,
  lead_time_days: terms.leadTimeDays ?? null,
})
type Columns = ReturnType<typeof columnsOf>

/** The history shows rupees and quantities in the product's unit, not paise and thousandths. */
function readable(columns: Partial<Columns>, unit: string) {
  const shown: Record<string, string | number | null> = {}
  for (const [key, value] of Object.entries(columns)) {
    if (value === null || value === undefined) shown[key.replace(/_minor|_milli/, '')] = null
    else if (key === 'cost_minor') shown.cost = formatMoney(value as number)
    else if (key.endsWith('_milli')) shown[key.replace('_milli', '')] = formatQuantity(value as number, unit)
    else shown[key] = value
  }
  return shown
}

/**
 * Creates an offer as a draft, or live when the form asked to publish (the form has already
 * refused an incomplete one). The seller must be active, the product SKU active, and the seller
 * may hold one offer per product SKU that is not archived. A retried submit returns the first offer.
 */
export async function createSellerSku(
  db: Database,
  actor: Actor,
  input: CreateSellerSkuForm,
): Promise<Result<{ id: number; status: SellerSkuStatus; repeated: boolean }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const { result, repeated } = await once(
        trx,
        input.idempotencyKey,
        'seller_sku.create',
        actor.userId,
        async () => {
          const seller = await resolveCompany(trx, 'seller', input.seller)
          const picked = await checkPick(trx, ANYONE, 'product_sku', input.productSku)
          const productSku = picked.ok ? await productSkuByCode(trx, picked.option.value) : undefined
          const fields: Partial<Record<OfferField, string>> = {}
          const choices: PickChoices = {}
          if (!seller.ok) [fields.seller, choices.seller] = [seller.message, seller.choices]
          else if ((await sellerStatus(trx, seller.id)) !== 'active')
            fields.seller = `${seller.name} is not active: offers are made for active sellers only`
          if (!picked.ok) [fields.productSku, choices.productSku] = [picked.message, picked.choices]
          else if (productSku?.status !== 'active')
            fields.productSku = `${picked.option.value} is archived: offer an active product SKU`
          if (Object.keys(fields).length || !seller.ok || !productSku) throw new Refused(fields, undefined, choices)
          const other = await otherOpenOffer(trx, seller.id, productSku.id)
          if (other) throw duplicate(other)

          const status: SellerSkuStatus = input.intent === 'publish' ? 'live' : 'draft'
          const now = new Date().toISOString()
          const columns = columnsOf(input)
          const row = await trx
            .insertInto('seller_skus')
            .values({
              seller_id: seller.id,
              product_sku_id: productSku.id,
              ...columns,
              status,
              published_at: status === 'live' ? now : null,
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
          await syncSearch(trx, 'seller_sku', row.id)
          await audit(trx, {
            actorUserId: actor.userId,
            action: 'seller_sku.created',
            entityType: 'seller_sku',
            entityId: row.id,
            after: { seller: seller.name, product_sku: productSku.code, status, ...readable(columns, productSku.unit) },
          })
          return row.id
        },
      )
      const stored = await trx
        .selectFrom('seller_skus')
        .select('status')
        .where('id', '=', result)
        .executeTakeFirstOrThrow()
      return { ok: true as const, value: { id: result, status: stored.status, repeated } }
    }),
  )
}

async function sellerStatus(trx: Executor, sellerId: number) {
  return (await trx.selectFrom('sellers').select('status').where('id', '=', sellerId).executeTakeFirst())?.status
}

const conflict = () =>
  new Refused(
    undefined,
    'Someone else changed this offer since you opened it. Reload the page to see their changes, then make yours again.',
  )

/**
 * Saves an offer's terms if nobody changed it since `version`. A live offer must stay complete
 * (the publish rules apply to every save); an archived one is restored before it is edited.
 */
export async function updateSellerSku(
  db: Database,
  actor: Actor,
  id: number,
  input: EditSellerSkuForm,
): Promise<Result<{ changed: string[] }>> {
  return refusals(() =>
    db
      .transaction()
      .execute(async (trx) => ({ ok: true as const, value: await updateSellerSkuIn(trx, actor, id, input) })),
  )
}

/** Saves the terms inside the caller's transaction; a refusal is thrown. */
async function updateSellerSkuIn(
  trx: Executor,
  actor: Actor,
  id: number,
  input: EditSellerSkuForm,
): Promise<{ changed: string[] }> {
  const current = await sellerSkuRecord(trx, id)
  if (!current) throw new Refused(undefined, 'This offer no longer exists')
  if (current.updated_at !== input.version) throw conflict()
  if (current.status === 'archived')
    throw new Refused(undefined, 'This offer is archived: restore it to draft before editing it')
  const next = columnsOf(input)
  if (current.status === 'live') {
    const gaps = gapsOf({ ...current, ...next, seller_status: 'active', product_sku_status: 'active' })
    if (Object.keys(gaps).length) throw new Refused(gaps)
  }
  const was: Columns = {
    seller_code: current.seller_code,
    cost_minor: current.cost_minor,
    moq_milli: current.moq_milli,
    monthly_capacity_milli: current.monthly_capacity_milli,
    lead_time_days: current.lead_time_days,
  }
  const changed = (Object.keys(next) as (keyof Columns)[]).filter((key) => was[key] !== next[key])
  if (changed.length === 0) return { changed }
  const updated = await trx
    .updateTable('seller_skus')
    .set({ ...next, updated_at: nextStamp(current.updated_at) })
    .where('id', '=', id)
    .where('updated_at', '=', input.version)
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) !== 1) throw conflict()
  await syncSearch(trx, 'seller_sku', id)
  const pick = (from: Columns) => Object.fromEntries(changed.map((key) => [key, from[key]]))
  await audit(trx, {
    actorUserId: actor.userId,
    action: 'seller_sku.updated',
    entityType: 'seller_sku',
    entityId: id,
    before: readable(pick(was), current.unit),
    after: readable(pick(next), current.unit),
  })
  return { changed }
}

/**
 * "Save and publish" on a draft's page: the terms as typed are saved and the offer goes live, in one
 * transaction. The publish rules are checked on the typed terms; any gap refuses both at its field,
 * so nothing is saved and the form comes back as typed (issue 51: Publish threw typed values away).
 */
export async function saveAndPublishSellerSku(
  db: Database,
  actor: Actor,
  id: number,
  input: EditSellerSkuForm,
): Promise<Result<{ changed: string[]; status: SellerSkuStatus }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const current = await sellerSkuRecord(trx, id)
      if (!current) throw new Refused(undefined, 'This offer no longer exists')
      if (current.updated_at !== input.version) throw conflict()
      if (canTake(sellerSkuMachine, 'publish', current.status)) {
        const gaps = gapsOf({ ...current, ...columnsOf(input) })
        if (Object.keys(gaps).length) throw new Refused(gaps)
      }
      const { changed } = current.status === 'draft' ? await updateSellerSkuIn(trx, actor, id, input) : { changed: [] }
      const { status } = await changeSellerSkuStatusIn(trx, actor, id, 'publish')
      return { ok: true as const, value: { changed, status } }
    }),
  )
}

/**
 * Publish, unpublish, archive or restore, through the one step helper: the UPDATE is conditional on
 * the status it starts from, so of two people doing it at once one wins and the other is told who
 * did. Publishing checks the stored offer against the publish rules first; restoring checks the
 * one-offer rule.
 */
export async function changeSellerSkuStatus(
  db: Database,
  actor: Actor,
  id: number,
  transition: Transition,
): Promise<Result<{ status: SellerSkuStatus }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => ({
      ok: true as const,
      value: await changeSellerSkuStatusIn(trx, actor, id, transition),
    })),
  )
}

/** The state change inside the caller's transaction; a refusal is thrown. */
async function changeSellerSkuStatusIn(
  trx: Executor,
  actor: Actor,
  id: number,
  transition: Transition,
): Promise<{ status: SellerSkuStatus }> {
  const current = await sellerSkuRecord(trx, id)
  if (!current) throw new Refused(undefined, 'This offer no longer exists')
  if (canTake(sellerSkuMachine, transition, current.status)) {
    if (transition === 'publish') {
      const gaps = gapsOf(current)
      if (Object.keys(gaps).length) throw new Refused(gaps)
    }
    if (transition === 'restore') {
      const other = await otherOpenOffer(trx, current.seller_id, current.product_sku_id, id)
      if (other)
        throw new Refused(
          undefined,
          `This seller already has a ${statusLabels[other.status].toLowerCase()} offer of this product SKU (#${other.id}); it cannot have two.`,
        )
    }
  }
  const now = nextStamp(current.updated_at)
  const { to } = await takeStep(trx, sellerSkuMachine, id, transition, {
    actorUserId: actor.userId,
    current: current.status,
    set: { updated_at: now, ...(transition === 'publish' ? { published_at: now } : {}) },
  })
  return { status: to }
}
