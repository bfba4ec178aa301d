import type { Transaction } from 'kysely'
import type { Database } from '#db/database'
import type { AttributeDefinition, DB } from '#db/types'
import { audit } from '~/platform/audit.server'
import { once } from '~/platform/idempotency.server'
import { parseAttributeSchema } from './attributes'
import { nextStamp } from '~/utils/version-stamp'
import { Refused, settle, type Result } from '~/utils/refusal.server'
import { splitValues, type AddAttributeForm, type EditAttributeForm } from './schema'

// The attribute schema editor: each change reads the stored schema, changes one attribute and
// writes the whole array back in one transaction. The write is conditional on the version read
// (`updated_at`), so two editors never lose each other's changes: on PostgreSQL both may read at
// once, and the one whose write finds the version moved reads again and applies its change to the
// other's result.

type Outcome = { schema: AttributeDefinition[]; action: string; before?: unknown; after?: unknown } | null
type Change = (schema: AttributeDefinition[], trx: Transaction<DB>) => Outcome | Promise<Outcome>

class VersionMoved extends Error {}
const ATTEMPTS = 5

/** Runs a schema change again (from its read) while another editor's write got in first. */
async function retryingWhileMoved(work: () => Promise<Result>): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work()
    } catch (error) {
      if (!(error instanceof VersionMoved)) throw error
      if (attempt >= ATTEMPTS)
        return { ok: false, message: 'Someone else is changing these attributes at the same moment. Please try again.' }
    }
  }
}

async function changeSchema(db: Database, actorUserId: number, productId: number, change: Change): Promise<Result> {
  return retryingWhileMoved(() =>
    settle(() =>
      db.transaction().execute(async (trx) => {
        const product = await trx
          .selectFrom('products')
          .select(['attribute_schema', 'updated_at'])
          .where('id', '=', productId)
          .executeTakeFirst()
        if (!product) throw new Refused(undefined, 'This product no longer exists.')
        const outcome = await change(parseAttributeSchema(product.attribute_schema), trx)
        if (!outcome) return undefined
        if (!(await writeSchema(trx, productId, outcome.schema, product.updated_at))) throw new VersionMoved()
        await audit(trx, {
          actorUserId,
          action: outcome.action,
          entityType: 'product',
          entityId: productId,
          before: outcome.before,
          after: outcome.after,
        })
        return undefined
      }),
    ),
  )
}

/** Writes the schema if it is still the version read; false when someone else wrote in between. */
async function writeSchema(
  trx: Transaction<DB>,
  productId: number,
  schema: AttributeDefinition[],
  version: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('products')
    .set({ attribute_schema: JSON.stringify(schema.map(stored)), updated_at: nextStamp(version) })
    .where('id', '=', productId)
    .where('updated_at', '=', version)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** The stored shape (AttributeDefinition): no empty unit, values only on enums. */
function stored(a: AttributeDefinition): AttributeDefinition {
  return {
    key: a.key,
    label: a.label,
    type: a.type,
    ...(a.unit ? { unit: a.unit } : {}),
    required: a.required,
    ...(a.type === 'enum' ? { values: a.values ?? [] } : {}),
  }
}

/** What the history shows of one attribute. */
function described(a: AttributeDefinition) {
  return {
    key: a.key,
    label: a.label,
    type: a.type,
    unit: a.unit ?? null,
    required: a.required,
    values: a.type === 'enum' ? (a.values ?? []).join(', ') : null,
  }
}

function find(schema: AttributeDefinition[], key: string): number {
  const index = schema.findIndex((a) => a.key === key)
  if (index < 0) throw new Refused(undefined, `The attribute ${key} is no longer in the schema; reload the page.`)
  return index
}

export async function addAttribute(
  db: Database,
  actorUserId: number,
  productId: number,
  input: AddAttributeForm,
): Promise<Result> {
  return retryingWhileMoved(() =>
    settle(() =>
      db.transaction().execute(async (trx) => {
        await once(trx, input.idempotencyKey, `product.attribute_add.${productId}`, actorUserId, async () => {
          const product = await trx
            .selectFrom('products')
            .select(['attribute_schema', 'updated_at'])
            .where('id', '=', productId)
            .executeTakeFirst()
          if (!product) throw new Refused(undefined, 'This product no longer exists.')
          const schema = parseAttributeSchema(product.attribute_schema)
          if (schema.some((a) => a.key === input.key))
            throw new Refused('key', 'The schema already has an attribute with this key')
          const attribute: AttributeDefinition = {
            key: input.key,
            label: input.label,
            type: input.type,
            unit: input.unit || undefined,
            required: Boolean(input.required),
            values: input.type === 'enum' ? splitValues(input.values) : undefined,
          }
          if (!(await writeSchema(trx, productId, [...schema, attribute], product.updated_at))) throw new VersionMoved()
          await audit(trx, {
            actorUserId,
            action: 'product.attribute_added',
            entityType: 'product',
            entityId: productId,
            after: described(attribute),
          })
          return input.key
        })
        return undefined
      }),
    ),
  )
}

/** Label, unit, required and (enums) values; the key and the type stay as they are. */
export async function editAttribute(
  db: Database,
  actorUserId: number,
  productId: number,
  input: EditAttributeForm,
): Promise<Result> {
  return changeSchema(db, actorUserId, productId, (schema) => {
    const index = find(schema, input.key)
    const current = schema[index]
    const values = current.type === 'enum' ? splitValues(input.values) : undefined
    if (values) {
      if (values.length < 2)
        throw new Refused('values', 'An enum needs at least 2 values, one per line or separated by commas')
      const lower = values.map((v) => v.toLowerCase())
      const twice = values.find((v, i) => lower.indexOf(v.toLowerCase()) !== i)
      if (twice) throw new Refused('values', `“${twice}” is listed twice`)
    }
    const next: AttributeDefinition = {
      ...current,
      label: input.label,
      unit: input.unit || undefined,
      required: Boolean(input.required),
      values,
    }
    const before = described(current)
    const after = described(next)
    if (JSON.stringify(before) === JSON.stringify(after)) return null
    const copy = [...schema]
    copy[index] = next
    return { schema: copy, action: 'product.attribute_changed', before, after }
  })
}

export async function moveAttribute(
  db: Database,
  actorUserId: number,
  productId: number,
  key: string,
  direction: 'up' | 'down',
): Promise<Result> {
  return changeSchema(db, actorUserId, productId, (schema) => {
    const from = find(schema, key)
    const to = direction === 'up' ? from - 1 : from + 1
    if (to < 0 || to >= schema.length) return null
    const copy = [...schema]
    ;[copy[from], copy[to]] = [copy[to], copy[from]]
    return {
      schema: copy,
      action: 'product.attribute_moved',
      before: { order: schema.map((a) => a.key).join(', ') },
      after: { order: copy.map((a) => a.key).join(', ') },
    }
  })
}

/**
 * Removes an attribute unless a QC condition of one of the product's categories checks it. SKUs
 * keep the values stored under the key; they are no longer shown or validated.
 */
export async function removeAttribute(
  db: Database,
  actorUserId: number,
  productId: number,
  key: string,
): Promise<Result> {
  return changeSchema(db, actorUserId, productId, async (schema, trx) => {
    const index = find(schema, key)
    // Inside the transaction, so a condition added meanwhile is seen.
    const usedBy = await trx
      .selectFrom('conditions')
      .innerJoin('categories', 'categories.id', 'conditions.category_id')
      .select(['conditions.name', 'categories.name as category'])
      .where('categories.product_id', '=', productId)
      .where('conditions.attribute_key', '=', key)
      .orderBy('categories.name')
      .execute()
    if (usedBy.length > 0) {
      const names = usedBy.map((c) => `“${c.name}” (${c.category})`).join(', ')
      throw new Refused(
        undefined,
        `${schema[index].label} cannot be removed: QC conditions check it: ${names}. Change or remove those conditions first.`,
      )
    }
    return {
      schema: schema.filter((_, i) => i !== index),
      action: 'product.attribute_removed',
      before: described(schema[index]),
    }
  })
}
