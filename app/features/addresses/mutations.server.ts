import { nextStamp } from '~/utils/version-stamp'
import { Refused, refusals, type Result } from '~/utils/refusal.server'
import type { Database } from '#db/database'
import type { AddressKind } from '#db/types'
import { audit } from '~/platform/audit.server'
import { type Executor } from '~/platform/executor'
import { once } from '~/platform/idempotency.server'
import { describeAddress, findAddress, ownerColumn, type AddressRow } from './queries.server'
import { COUNTRY, KIND_LABELS, KINDS_OF_OWNER, type AddressInput } from './schema'
import type { AddressOwner, OwnerKind } from './shared'

/** What an address change answers: the address and its kind, or why it was refused (not found: a 404). */
type Changed = Result<{ addressId: number; kind: AddressKind }>

export const CONFLICT_MESSAGE =
  'This address was changed by someone else since you opened it; reload the page to see the change.'

/** The address is not there, or not this owner's: answered as a 404. */
const gone = () => Refused.notFound('This address no longer exists')

export const kindAllowed = (owner: OwnerKind, kind: string): kind is AddressKind =>
  (KINDS_OF_OWNER[owner] as readonly string[]).includes(kind)

function wrongKind(owner: AddressOwner): Changed {
  const kinds = KINDS_OF_OWNER[owner.kind].map((k) => KIND_LABELS[k].toLowerCase()).join(' or ')
  return new Refused('kind', `An address of this ${owner.kind} is ${kinds}`).refusal
}

/** What the audit trail keeps of an address: its fields, so a history shows what moved. */
function snapshot(address: Omit<AddressRow, 'created_at' | 'updated_at'>) {
  return {
    addressId: address.id,
    kind: address.kind,
    label: address.label,
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    state: address.state,
    pin: address.pin,
    country: address.country,
    isDefault: address.is_default,
  }
}

function defaultOf(trx: Executor, owner: AddressOwner, kind: AddressKind, except?: number) {
  let query = trx
    .selectFrom('addresses')
    .select(['id', 'kind', 'label', 'line1', 'city'])
    .where(ownerColumn(owner), '=', owner.id)
    .where('kind', '=', kind)
    .where('is_default', '=', 1)
  if (except !== undefined) query = query.where('id', '!=', except)
  return query.executeTakeFirst()
}

/** The oldest remaining address of a kind takes over as its default; returns it, if there is one. */
async function promoteOldest(trx: Executor, owner: AddressOwner, kind: AddressKind) {
  const next = await trx
    .selectFrom('addresses')
    .select(['id', 'kind', 'label', 'line1', 'city'])
    .where(ownerColumn(owner), '=', owner.id)
    .where('kind', '=', kind)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
  if (next) await trx.updateTable('addresses').set({ is_default: 1 }).where('id', '=', next.id).execute()
  return next
}

const cleanFields = (input: AddressInput) => ({
  kind: input.kind,
  label: input.label || null,
  line1: input.line1,
  line2: input.line2 || null,
  city: input.city,
  state: input.state,
  pin: input.pin,
  country: COUNTRY,
})

/**
 * Adds an address. The first address of a kind becomes its default; asking for a default clears
 * the others of that kind. A repeated submit of the same form (same key) returns the first address.
 */
export async function createAddress(
  db: Database,
  actorUserId: number,
  owner: AddressOwner,
  input: AddressInput & { isDefault?: boolean },
  idempotencyKey?: string,
): Promise<Changed> {
  if (!kindAllowed(owner.kind, input.kind)) return wrongKind(owner)
  const kind = input.kind
  const addressId = await db.transaction().execute(async (trx) => {
    const { result } = await once(
      trx,
      idempotencyKey,
      `address.create:${owner.kind}:${owner.id}`,
      actorUserId,
      async () => {
        const current = await defaultOf(trx, owner, kind)
        const isDefault = !current || input.isDefault === true
        if (current && isDefault)
          await trx.updateTable('addresses').set({ is_default: 0 }).where('id', '=', current.id).execute()
        const stamp = nextStamp()
        const fields = { ...cleanFields(input), kind, is_default: isDefault ? 1 : 0 }
        const row = await trx
          .insertInto('addresses')
          .values({ ...fields, [ownerColumn(owner)]: owner.id, created_at: stamp, updated_at: stamp })
          .returning('id')
          .executeTakeFirstOrThrow()
        await audit(trx, {
          actorUserId,
          action: 'address.created',
          entityType: owner.kind,
          entityId: owner.id,
          after: snapshot({ id: row.id, ...fields }),
          note:
            describeAddress(fields) +
            (current && isDefault ? `; the default ${kind} address instead of ${describeAddress(current)}` : ''),
        })
        return row.id
      },
    )
    return result
  })
  return { ok: true, value: { addressId, kind } }
}

/** Saves an edited address if nobody saved it since the form was opened (`version` = its updated_at). */
export async function updateAddress(
  db: Database,
  actorUserId: number,
  owner: AddressOwner,
  addressId: number,
  version: string,
  input: AddressInput,
): Promise<Changed> {
  if (!kindAllowed(owner.kind, input.kind)) return wrongKind(owner)
  const kind = input.kind
  return refusals(() =>
    db.transaction().execute(async (trx): Promise<Changed> => {
      const before = await findAddress(trx, owner, addressId)
      if (!before) throw gone()
      if (before.updated_at !== version) throw new Refused(undefined, CONFLICT_MESSAGE)
      // Moving to another kind: it is that kind's default only when the kind has none.
      const isDefault =
        kind === before.kind ? before.is_default : (await defaultOf(trx, owner, kind, addressId)) ? 0 : 1
      const fields = { ...cleanFields(input), kind, is_default: isDefault }
      const updated = await trx
        .updateTable('addresses')
        .set({ ...fields, updated_at: nextStamp(before.updated_at) })
        .where('id', '=', addressId)
        .where(ownerColumn(owner), '=', owner.id)
        .where('updated_at', '=', version)
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) === 0) throw new Refused(undefined, CONFLICT_MESSAGE)
      const promoted =
        kind !== before.kind && before.is_default === 1 ? await promoteOldest(trx, owner, before.kind) : undefined
      await audit(trx, {
        actorUserId,
        action: 'address.updated',
        entityType: owner.kind,
        entityId: owner.id,
        before: snapshot(before),
        after: snapshot({ id: addressId, ...fields }),
        note:
          describeAddress(fields) +
          (promoted ? `; the default ${before.kind} address is now ${describeAddress(promoted)}` : ''),
      })
      return { ok: true, value: { addressId, kind } }
    }),
  )
}

/** Removes an address; when it was its kind's default, the oldest remaining one of the kind takes over. */
export async function removeAddress(
  db: Database,
  actorUserId: number,
  owner: AddressOwner,
  addressId: number,
): Promise<Changed> {
  return refusals(() =>
    db.transaction().execute(async (trx): Promise<Changed> => {
      const before = await findAddress(trx, owner, addressId)
      if (!before) throw gone()
      const removed = await trx
        .deleteFrom('addresses')
        .where('id', '=', addressId)
        .where(ownerColumn(owner), '=', owner.id)
        .executeTakeFirst()
      if (Number(removed.numDeletedRows) === 0) throw gone()
      const promoted = before.is_default === 1 ? await promoteOldest(trx, owner, before.kind) : undefined
      await audit(trx, {
        actorUserId,
        action: 'address.removed',
        entityType: owner.kind,
        entityId: owner.id,
        before: snapshot(before),
        note:
          describeAddress(before) +
          (promoted ? `; the default ${before.kind} address is now ${describeAddress(promoted)}` : ''),
      })
      return { ok: true, value: { addressId, kind: before.kind } }
    }),
  )
}

/** Makes an address its kind's default and clears the others of the kind, in one transaction. */
export async function makeDefaultAddress(
  db: Database,
  actorUserId: number,
  owner: AddressOwner,
  addressId: number,
): Promise<Changed> {
  return refusals(() =>
    db.transaction().execute(async (trx): Promise<Changed> => {
      const before = await findAddress(trx, owner, addressId)
      if (!before) throw gone()
      if (before.is_default === 1) return { ok: true, value: { addressId, kind: before.kind } }
      const previous = await defaultOf(trx, owner, before.kind, addressId)
      await trx
        .updateTable('addresses')
        .set({ is_default: 0 })
        .where(ownerColumn(owner), '=', owner.id)
        .where('kind', '=', before.kind)
        .where('id', '!=', addressId)
        .execute()
      await trx.updateTable('addresses').set({ is_default: 1 }).where('id', '=', addressId).execute()
      await audit(trx, {
        actorUserId,
        action: 'address.made_default',
        entityType: owner.kind,
        entityId: owner.id,
        before: snapshot(before),
        after: snapshot({ ...before, is_default: 1 }),
        note: describeAddress(before) + (previous ? `; before: ${describeAddress(previous)}` : ''),
      })
      return { ok: true, value: { addressId, kind: before.kind } }
    }),
  )
}
