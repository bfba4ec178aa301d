import type { Database } from '#db/database'
import { formatQuantity } from '~/utils/quantity'
import { audit } from '~/platform/audit.server'
import { type Executor } from '~/platform/executor'
import { once } from '~/platform/idempotency.server'
import { nothingAfterCommit } from '~/platform/files.server'
import { dropImages, saveImage, type CheckedImage } from '../images/images.server'
import { parseAttributeValues } from '../products/attributes'
import { syncSearch } from '~/platform/search.server'
import { takeStep } from '~/platform/steps.server'
import { syncSkuAttributes } from './attributes.server'
import type { SkuProduct } from './queries.server'
import { MAX_SKU_IMAGES, type ProductSkuForm, type SkuStatusIntent } from './schema'
import { productSkuMachine } from './shared'
import { Refused, refusals, type Result } from '~/utils/refusal.server'
export type { Result }

export type SkuInput = Omit<ProductSkuForm, 'version' | 'idempotencyKey' | 'removeImage'>

/** The readable state of a SKU for the history: names instead of ids, the MOQ with its unit. */
type Snapshot = Record<string, string | null>

async function checkCode(trx: Executor, code: string, exceptId?: number) {
  const taken = await trx
    .selectFrom('product_skus')
    .select('id')
    .where('code', '=', code)
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirst()
  if (taken) throw new Refused('code', 'Another product SKU already has this code')
}

/** The category and line must be this product's and active, unless the SKU already has them. */
async function checkPlacement(
  trx: Executor,
  product: SkuProduct,
  input: SkuInput,
  keep?: { categoryId: number; productLineId: number | null },
) {
  const category = await trx
    .selectFrom('categories')
    .select(['name', 'active'])
    .where('id', '=', input.categoryId)
    .where('product_id', '=', product.id)
    .executeTakeFirst()
  if (!category || (category.active !== 1 && keep?.categoryId !== input.categoryId))
    throw new Refused('categoryId', `Choose an active ${product.name.toLowerCase()} category`)
  if (input.productLineId === undefined) return { category: category.name, line: null }
  const line = await trx
    .selectFrom('product_lines')
    .select(['name', 'active'])
    .where('id', '=', input.productLineId)
    .where('product_id', '=', product.id)
    .executeTakeFirst()
  if (!line || (line.active !== 1 && keep?.productLineId !== input.productLineId))
    throw new Refused('productLineId', `Choose an active ${product.name.toLowerCase()} product line`)
  return { category: category.name, line: line.name }
}

function snapshot(
  product: SkuProduct,
  sku: { code: string; name: string; moqMilli: number; attributes: Record<string, string> },
  names: { category: string; line: string | null },
): Snapshot {
  const values: Snapshot = {
    code: sku.code,
    name: sku.name,
    category: names.category,
    product_line: names.line,
    moq: formatQuantity(sku.moqMilli, product.unit),
  }
  for (const attribute of product.schema) values[attribute.label] = sku.attributes[attribute.key] ?? null
  return values
}

async function addImage(trx: Executor, productSkuId: number, image: CheckedImage, userId: number) {
  const count = await trx
    .selectFrom('product_sku_images')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('position').as('last')])
    .where('product_sku_id', '=', productSkuId)
    .executeTakeFirstOrThrow()
  if (Number(count.n) >= MAX_SKU_IMAGES)
    throw new Refused('image', `A SKU has at most ${MAX_SKU_IMAGES} images: remove one to add another`)
  const imageId = await saveImage(trx, image, userId)
  await trx
    .insertInto('product_sku_images')
    .values({ product_sku_id: productSkuId, image_id: imageId, position: Number(count.last ?? 0) + 1 })
    .execute()
  return imageId
}

/** Creates a product SKU (and its first image); a retried submit with the same key returns the first one. */
export async function createProductSku(
  db: Database,
  actorUserId: number,
  product: SkuProduct,
  input: SkuInput & { idempotencyKey?: string },
  image: CheckedImage | null,
): Promise<Result<{ id: number; repeated: boolean }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const { result, repeated } = await once(
        trx,
        input.idempotencyKey,
        'product_sku.create',
        actorUserId,
        async () => {
          await checkCode(trx, input.code)
          const names = await checkPlacement(trx, product, input)
          const now = new Date().toISOString()
          const row = await trx
            .insertInto('product_skus')
            .values({
              product_id: product.id,
              category_id: input.categoryId,
              product_line_id: input.productLineId ?? null,
              code: input.code,
              name: input.name,
              attributes_json: JSON.stringify(input.attributes),
              moq_milli: input.moq,
              status: 'active',
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
          await syncSkuAttributes(trx, row.id, input.attributes)
          await syncSearch(trx, 'product_sku', row.id)
          const imageId = image ? await addImage(trx, row.id, image, actorUserId) : null
          await audit(trx, {
            actorUserId,
            action: 'product_sku.created',
            entityType: 'product_sku',
            entityId: row.id,
            after: {
              ...snapshot(product, { ...input, moqMilli: input.moq }, names),
              status: 'active',
              images_added: imageId ? 1 : 0,
            },
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
    'Someone else changed this SKU since you opened the form. Reload the page to see their changes, then make yours again.',
  )

/** Saves a SKU if nobody saved it since `version`; removes the ticked images and adds the new one. */
export async function updateProductSku(
  db: Database,
  actorUserId: number,
  product: SkuProduct,
  id: number,
  input: SkuInput & { version: string; removeImage: number[] },
  image: CheckedImage | null,
): Promise<Result<{ changed: boolean }>> {
  let dropped = nothingAfterCommit
  const result = await refusals<{ changed: boolean }>(() =>
    db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('product_skus')
        .select(['code', 'name', 'category_id', 'product_line_id', 'moq_milli', 'attributes_json', 'updated_at'])
        .where('id', '=', id)
        .where('product_id', '=', product.id)
        .executeTakeFirst()
      if (!current) throw new Refused(undefined, 'This SKU no longer exists')
      if (current.updated_at !== input.version) throw conflict()
      await checkCode(trx, input.code, id)
      const names = await checkPlacement(trx, product, input, {
        categoryId: current.category_id,
        productLineId: current.product_line_id,
      })
      const oldNames = await namesOf(trx, current.category_id, current.product_line_id)
      const before = snapshot(
        product,
        { ...current, moqMilli: current.moq_milli, attributes: parseAttributeValues(current.attributes_json) },
        oldNames,
      )
      const after = snapshot(product, { ...input, moqMilli: input.moq }, names)

      const removed = input.removeImage.length
        ? await trx
            .deleteFrom('product_sku_images')
            .where('product_sku_id', '=', id)
            .where('image_id', 'in', input.removeImage)
            .executeTakeFirst()
        : null
      const imagesRemoved = Number(removed?.numDeletedRows ?? 0)
      // The removed images and their files go (no other SKU shows a SKU's image).
      if (imagesRemoved) dropped = await dropImages(trx, input.removeImage)
      const imagesAdded = image ? (await addImage(trx, id, image, actorUserId), 1) : 0
      const changed = Object.keys(after).filter((key) => before[key] !== after[key])
      if (changed.length === 0 && imagesRemoved === 0 && imagesAdded === 0)
        return { ok: true as const, value: { changed: false } }

      const now = new Date().toISOString()
      const updated = await trx
        .updateTable('product_skus')
        .set({
          code: input.code,
          name: input.name,
          category_id: input.categoryId,
          product_line_id: input.productLineId ?? null,
          moq_milli: input.moq,
          attributes_json: JSON.stringify(input.attributes),
          // A version always moves on a save, even within the same millisecond.
          updated_at: now === current.updated_at ? new Date(Date.now() + 1).toISOString() : now,
        })
        .where('id', '=', id)
        .where('updated_at', '=', input.version)
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) !== 1) throw conflict()
      await syncSkuAttributes(trx, id, input.attributes)
      await syncSearch(trx, 'product_sku', id)
      await audit(trx, {
        actorUserId,
        action: 'product_sku.updated',
        entityType: 'product_sku',
        entityId: id,
        before: {
          ...Object.fromEntries(changed.map((key) => [key, before[key]])),
          ...(imagesRemoved ? { images_removed: 0 } : {}),
          ...(imagesAdded ? { images_added: 0 } : {}),
        },
        after: {
          ...Object.fromEntries(changed.map((key) => [key, after[key]])),
          ...(imagesRemoved ? { images_removed: imagesRemoved } : {}),
          ...(imagesAdded ? { images_added: imagesAdded } : {}),
        },
      })
      return { ok: true as const, value: { changed: true } }
    }),
  )
  if (result.ok) await dropped()
  return result
}

async function namesOf(trx: Executor, categoryId: number, lineId: number | null) {
  const [category, line] = await Promise.all([
    trx.selectFrom('categories').select('name').where('id', '=', categoryId).executeTakeFirst(),
    lineId === null
      ? undefined
      : trx.selectFrom('product_lines').select('name').where('id', '=', lineId).executeTakeFirst(),
  ])
  return { category: category?.name ?? '', line: line?.name ?? null }
}

/** Archives or reactivates through the one step helper: of two people doing it at once one is told who did. */
export async function changeProductSkuStatus(
  db: Database,
  actorUserId: number,
  product: SkuProduct,
  id: number,
  intent: SkuStatusIntent,
): Promise<Result<{ code: string }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const sku = await trx
        .selectFrom('product_skus')
        .select(['status', 'code'])
        .where('id', '=', id)
        .where('product_id', '=', product.id)
        .executeTakeFirst()
      if (!sku) throw new Refused(undefined, 'This SKU no longer exists.')
      await takeStep(trx, productSkuMachine, id, intent, {
        actorUserId,
        current: sku.status,
        set: { updated_at: new Date().toISOString() },
      })
      return { ok: true as const, value: { code: sku.code } }
    }),
  )
}
