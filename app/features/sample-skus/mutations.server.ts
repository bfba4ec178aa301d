import { nextStamp } from '~/utils/version-stamp'
import { isUniqueViolation } from '#db/errors'
import type { Database } from '#db/database'
import { formatMoney } from '~/utils/format'
import { audit } from '~/platform/audit.server'
import { type Executor } from '~/platform/executor'
import { once } from '~/platform/idempotency.server'
import { nothingAfterCommit } from '~/platform/files.server'
import { dropImages, saveImage, type CheckedImage } from '../images/images.server'
import { syncSearch } from '~/platform/search.server'
import { checkPick } from '../search/pick.server'
import type { SampleSkuForm } from './schema'
import { Refused, refusals as refuse, type Result } from '~/utils/refusal.server'
export type { Result }

interface Actor {
  userId: number
}

const CODE_TAKEN = 'Another sample SKU already has this code'

/** Two people saving the same new code at once: the unique index decides, the loser is told. */
function refusals<T>(work: () => Promise<Result<T>>): Promise<Result<T>> {
  return refuse(work, (error) =>
    isUniqueViolation(error, 'sample_skus', ['code']) ? { ok: false, field: 'code', message: CODE_TAKEN } : undefined,
  )
}

/** The category must be active, unless the record already has it (a category deactivated since). */
async function checkCategory(trx: Executor, categoryId: number, currentId?: number): Promise<string> {
  const category = await trx
    .selectFrom('categories')
    .select(['name', 'active'])
    .where('id', '=', categoryId)
    .executeTakeFirst()
  if (!category || (category.active !== 1 && categoryId !== currentId))
    throw new Refused('categoryId', 'Choose an active category from the list')
  return category.name
}

/** Product SKUs are not scoped per viewer. */
const ANYONE = { userId: 0, roles: [] }

/** The product SKU the field names (its code, as a picker fills it in), in the chosen category. */
async function checkProductSku(trx: Executor, code: string | undefined, categoryId: number, categoryName: string) {
  if (!code) return null
  const picked = await checkPick(trx, ANYONE, 'product_sku', code)
  if (!picked.ok) throw Refused.pick('productSkuCode', picked)
  const sku = await trx
    .selectFrom('product_skus')
    .select(['id', 'code', 'category_id'])
    .where('id', '=', picked.option.id)
    .executeTakeFirstOrThrow()
  if (sku.category_id !== categoryId)
    throw new Refused('productSkuCode', `Product SKU ${sku.code} is not in the category ${categoryName}`)
  return sku
}

async function checkCode(trx: Executor, code: string, exceptId?: number) {
  const taken = await trx
    .selectFrom('sample_skus')
    .select('id')
    .where('code', '=', code)
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirst()
  if (taken) throw new Refused('code', CODE_TAKEN)
}

/** What the history shows: names, codes and rupees rather than ids and paise. */
function readable(
  input: SampleSkuForm,
  names: { category: string; productSku: string | null },
  imageId: number | null,
) {
  return {
    code: input.code,
    name: input.name,
    category: names.category,
    product_sku: names.productSku,
    charge: formatMoney(input.charge),
    stock: input.stock,
    image: imageId === null ? null : `#${imageId}`,
    active: input.active ? 'yes' : 'no',
  }
}

/** Creates a sample SKU (with its image, if one was chosen); a retried submit returns the first. */
export async function createSampleSku(
  db: Database,
  actor: Actor,
  input: SampleSkuForm,
  image: CheckedImage | null,
): Promise<Result<{ id: number; repeated: boolean }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const { result, repeated } = await once(
        trx,
        input.idempotencyKey,
        'sample_sku.create',
        actor.userId,
        async () => {
          await checkCode(trx, input.code)
          const category = await checkCategory(trx, input.categoryId)
          const productSku = await checkProductSku(trx, input.productSkuCode, input.categoryId, category)
          const imageId = image ? await saveImage(trx, image, actor.userId) : null
          const now = new Date().toISOString()
          const row = await trx
            .insertInto('sample_skus')
            .values({
              code: input.code,
              name: input.name,
              category_id: input.categoryId,
              product_sku_id: productSku?.id ?? null,
              charge_minor: input.charge,
              stock: input.stock,
              image_id: imageId,
              active: input.active ? 1 : 0,
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
          await syncSearch(trx, 'sample_sku', row.id)
          await audit(trx, {
            actorUserId: actor.userId,
            action: 'sample_sku.created',
            entityType: 'sample_sku',
            entityId: row.id,
            after: readable(input, { category, productSku: productSku?.code ?? null }, imageId),
          })
          return row.id
        },
      )
      return { ok: true as const, value: { id: result, repeated } }
    }),
  )
}

const conflict = () =>
  new Refused(
    undefined,
    'Someone else changed this sample SKU since you opened the form. Reload the page to see their changes, then make yours again.',
  )

/**
 * Saves a sample SKU if nobody else saved since `input.version`. A new image replaces the current
 * one; `imageRemove` (without a new image) leaves it with none. The audit holds the changed fields.
 */
export async function updateSampleSku(
  db: Database,
  actor: Actor,
  id: number,
  input: SampleSkuForm,
  image: CheckedImage | null,
): Promise<Result<{ changed: string[] }>> {
  let dropped = nothingAfterCommit
  const result = await refusals(() =>
    db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('sample_skus')
        .leftJoin('categories', 'categories.id', 'sample_skus.category_id')
        .leftJoin('product_skus', 'product_skus.id', 'sample_skus.product_sku_id')
        .select([
          'sample_skus.code',
          'sample_skus.name',
          'sample_skus.category_id',
          'sample_skus.product_sku_id',
          'sample_skus.charge_minor',
          'sample_skus.stock',
          'sample_skus.image_id',
          'sample_skus.active',
          'sample_skus.updated_at',
          'categories.name as category_name',
          'product_skus.code as product_sku_code',
        ])
        .where('sample_skus.id', '=', id)
        .executeTakeFirst()
      if (!current) throw new Refused(undefined, 'This sample SKU no longer exists')
      if (current.updated_at !== input.version) throw conflict()
      await checkCode(trx, input.code, id)
      const category = await checkCategory(trx, input.categoryId, current.category_id)
      const productSku = await checkProductSku(trx, input.productSkuCode, input.categoryId, category)
      const imageId = image ? await saveImage(trx, image, actor.userId) : input.imageRemove ? null : current.image_id

      const before = readable(
        {
          ...input,
          code: current.code,
          name: current.name,
          charge: current.charge_minor,
          stock: current.stock,
          active: current.active === 1,
        },
        { category: current.category_name ?? '', productSku: current.product_sku_code },
        current.image_id,
      )
      const after = readable(input, { category, productSku: productSku?.code ?? null }, imageId)
      const changed = (Object.keys(after) as (keyof typeof after)[]).filter((key) => before[key] !== after[key])
      if (changed.length === 0) return { ok: true as const, value: { changed } }

      const updated = await trx
        .updateTable('sample_skus')
        .set({
          code: input.code,
          name: input.name,
          category_id: input.categoryId,
          product_sku_id: productSku?.id ?? null,
          charge_minor: input.charge,
          stock: input.stock,
          image_id: imageId,
          active: input.active ? 1 : 0,
          updated_at: nextStamp(current.updated_at),
        })
        .where('id', '=', id)
        .where('updated_at', '=', input.version)
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) !== 1) throw conflict()
      await syncSearch(trx, 'sample_sku', id)
      await audit(trx, {
        actorUserId: actor.userId,
        action: 'sample_sku.updated',
        entityType: 'sample_sku',
        entityId: id,
        before: Object.fromEntries(changed.map((key) => [key, before[key]])),
        after: Object.fromEntries(changed.map((key) => [key, after[key]])),
      })
      // A replaced or removed image goes, with its file.
      if (current.image_id !== null && current.image_id !== imageId) dropped = await dropImages(trx, [current.image_id])
      return { ok: true as const, value: { changed } }
    }),
  )
  if (result.ok) await dropped()
  return result
}
