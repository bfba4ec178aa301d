import { Refused, settle, type Result } from '~/utils/refusal.server'
import { nextStamp } from '~/utils/version-stamp'
import type { Database } from '#db/database'
import { audit } from '~/platform/audit.server'
import { type Executor } from '~/platform/executor'
import { once } from '~/platform/idempotency.server'
import type { CreateProductForm, ProductDetailsForm } from './schema'
import { countOf } from '~/utils/format'

// The dev admin's writes to a product and its product lines; each one transaction + audit entry,
// audited on the product so its page's history shows them all.

export type { Result }

export const CHANGED_SINCE_OPENED =
  'Someone else changed this product since you opened the page. Reload it to see their changes, then make yours again.'

/** A new product with an empty attribute schema, last in menu order. A retried submit returns the first one. */
export async function createProduct(
  db: Database,
  actorUserId: number,
  input: CreateProductForm,
): Promise<Result<{ productId: number; repeated: boolean }>> {
  return settle(() =>
    db.transaction().execute(async (trx) => {
      const { result, repeated } = await once(trx, input.idempotencyKey, 'product.create', actorUserId, async () => {
        const taken = await trx.selectFrom('products').select('name').where('slug', '=', input.slug).executeTakeFirst()
        if (taken) throw new Refused('slug', `${taken.name} already uses this slug`)
        const last = await trx
          .selectFrom('products')
          .select((eb) => eb.fn.max('position').as('position'))
          .executeTakeFirst()
        const now = new Date().toISOString()
        const row = await trx
          .insertInto('products')
          .values({
            slug: input.slug,
            name: input.name,
            unit: input.unit,
            active: input.active ? 1 : 0,
            attribute_schema: '[]',
            position: Number(last?.position ?? 0) + 1,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        await audit(trx, {
          actorUserId,
          action: 'product.created',
          entityType: 'product',
          entityId: row.id,
          after: { slug: input.slug, name: input.name, unit: input.unit, active: Boolean(input.active) },
        })
        return row.id
      })
      return { productId: result, repeated }
    }),
  )
}

/** Name, unit and active, if nobody saved the product since `version`. The slug never changes. */
export async function updateProduct(
  db: Database,
  actorUserId: number,
  productId: number,
  input: ProductDetailsForm,
): Promise<Result<{ changed: string[] }>> {
  return settle(() =>
    db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('products')
        .select(['name', 'unit', 'active', 'updated_at'])
        .where('id', '=', productId)
        .executeTakeFirst()
      if (!current) throw new Refused(undefined, 'This product no longer exists.')
      if (current.updated_at !== input.version) throw new Refused(undefined, CHANGED_SINCE_OPENED)
      const next = { name: input.name, unit: input.unit, active: input.active ? 1 : 0 }
      const changed = (Object.keys(next) as (keyof typeof next)[]).filter((key) => current[key] !== next[key])
      if (changed.length === 0) return { changed }
      const updated = await trx
        .updateTable('products')
        .set({ ...next, updated_at: nextStamp(current.updated_at) })
        .where('id', '=', productId)
        .where('updated_at', '=', input.version)
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) !== 1) throw new Refused(undefined, CHANGED_SINCE_OPENED)
      const readable = (key: keyof typeof next, value: string | number) => (key === 'active' ? value === 1 : value)
      await audit(trx, {
        actorUserId,
        action: 'product.updated',
        entityType: 'product',
        entityId: productId,
        before: Object.fromEntries(changed.map((key) => [key, readable(key, current[key])])),
        after: Object.fromEntries(changed.map((key) => [key, readable(key, next[key])])),
      })
      return { changed }
    }),
  )
}

// ---------- Product lines ----------

async function lineOf(trx: Executor, productId: number, lineId: number) {
  const line = await trx
    .selectFrom('product_lines')
    .select(['id', 'name', 'active'])
    .where('id', '=', lineId)
    .where('product_id', '=', productId)
    .executeTakeFirst()
  if (!line) throw new Refused(undefined, 'This product line no longer exists.')
  return line
}

async function checkLineName(trx: Executor, productId: number, name: string, exceptId?: number) {
  const taken = await trx
    .selectFrom('product_lines')
    .select('id')
    .where('product_id', '=', productId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirst()
  if (taken) throw new Refused('name', 'This product already has a line with this name')
}

export async function addProductLine(
  db: Database,
  actorUserId: number,
  productId: number,
  input: { name: string; idempotencyKey?: string },
): Promise<Result<{ repeated: boolean }>> {
  return settle(() =>
    db.transaction().execute(async (trx) => {
      const { repeated } = await once(trx, input.idempotencyKey, 'product_line.create', actorUserId, async () => {
        await checkLineName(trx, productId, input.name)
        const last = await trx
          .selectFrom('product_lines')
          .select((eb) => eb.fn.max('position').as('position'))
          .where('product_id', '=', productId)
          .executeTakeFirst()
        const now = new Date().toISOString()
        const row = await trx
          .insertInto('product_lines')
          .values({
            product_id: productId,
            name: input.name,
            position: Number(last?.position ?? 0) + 1,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        await audit(trx, {
          actorUserId,
          action: 'product.line_added',
          entityType: 'product',
          entityId: productId,
          after: { line: input.name },
        })
        return row.id
      })
      return { repeated }
    }),
  )
}

export async function renameProductLine(
  db: Database,
  actorUserId: number,
  productId: number,
  lineId: number,
  name: string,
): Promise<Result> {
  return settle(() =>
    db.transaction().execute(async (trx) => {
      const line = await lineOf(trx, productId, lineId)
      if (line.name === name) return undefined
      await checkLineName(trx, productId, name, lineId)
      await trx
        .updateTable('product_lines')
        .set({ name, updated_at: new Date().toISOString() })
        .where('id', '=', lineId)
        .execute()
      await audit(trx, {
        actorUserId,
        action: 'product.line_renamed',
        entityType: 'product',
        entityId: productId,
        before: { line: line.name },
        after: { line: name },
      })
      return undefined
    }),
  )
}

/** Swaps a line with its neighbour; positions are renumbered 1..n first, so ties in old rows do not matter. */
export async function moveProductLine(
  db: Database,
  actorUserId: number,
  productId: number,
  lineId: number,
  direction: 'up' | 'down',
): Promise<Result> {
  return settle(() =>
    db.transaction().execute(async (trx) => {
      await lineOf(trx, productId, lineId)
      const lines = await trx
        .selectFrom('product_lines')
        .select(['id', 'name'])
        .where('product_id', '=', productId)
        .orderBy('position')
        .orderBy('id')
        .execute()
      const from = lines.findIndex((l) => l.id === lineId)
      const to = direction === 'up' ? from - 1 : from + 1
      if (to < 0 || to >= lines.length) return undefined
      const before = lines.map((l) => l.name).join(', ')
      ;[lines[from], lines[to]] = [lines[to], lines[from]]
      const now = new Date().toISOString()
      for (const [index, line] of lines.entries()) {
        await trx
          .updateTable('product_lines')
          .set({ position: index + 1, updated_at: now })
          .where('id', '=', line.id)
          .execute()
      }
      await audit(trx, {
        actorUserId,
        action: 'product.line_moved',
        entityType: 'product',
        entityId: productId,
        before: { lines: before },
        after: { lines: lines.map((l) => l.name).join(', ') },
      })
      return undefined
    }),
  )
}

/** Deactivated lines stay on their SKUs but are no longer offered for new ones. */
export async function setProductLineActive(
  db: Database,
  actorUserId: number,
  productId: number,
  lineId: number,
  active: boolean,
): Promise<Result> {
  return settle(() =>
    db.transaction().execute(async (trx) => {
      const line = await lineOf(trx, productId, lineId)
      if ((line.active === 1) === active) return undefined
      await trx
        .updateTable('product_lines')
        .set({ active: active ? 1 : 0, updated_at: new Date().toISOString() })
        .where('id', '=', lineId)
        .execute()
      await audit(trx, {
        actorUserId,
        action: active ? 'product.line_reactivated' : 'product.line_deactivated',
        entityType: 'product',
        entityId: productId,
        before: { line: line.name, active: !active },
        after: { line: line.name, active },
      })
      return undefined
    }),
  )
}

/** Only a line no product SKU uses may be deleted; the others can be deactivated. */
export async function deleteProductLine(
  db: Database,
  actorUserId: number,
  productId: number,
  lineId: number,
): Promise<Result> {
  return settle(() =>
    db.transaction().execute(async (trx) => {
      const line = await lineOf(trx, productId, lineId)
      const used = await trx
        .selectFrom('product_skus')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('product_line_id', '=', lineId)
        .executeTakeFirstOrThrow()
      if (Number(used.n) > 0)
        throw new Refused(
          undefined,
          `${line.name} is used by ${countOf(Number(used.n), 'product SKU')}: deactivate it instead.`,
        )
      await trx.deleteFrom('product_lines').where('id', '=', lineId).execute()
      await audit(trx, {
        actorUserId,
        action: 'product.line_deleted',
        entityType: 'product',
        entityId: productId,
        before: { line: line.name },
      })
      return undefined
    }),
  )
}
