import type { Executor } from '../audit/audit.server'
import type { AddressOwner } from './schema'

/** The column that ties an address to its owner. */
export const ownerColumn = (owner: AddressOwner) =>
  owner.kind === 'buyer' ? ('buyer_id' as const) : owner.kind === 'seller' ? ('seller_id' as const) : ('product_id' as const)

export const ADDRESS_COLUMNS = ['id', 'kind', 'label', 'line1', 'line2', 'city', 'state', 'pin', 'country', 'is_default', 'created_at', 'updated_at'] as const

/** An owner's addresses, each kind's default first, then oldest first. */
export function listAddresses(db: Executor, owner: AddressOwner) {
  return db
    .selectFrom('addresses')
    .select(ADDRESS_COLUMNS)
    .where(ownerColumn(owner), '=', owner.id)
    .orderBy('kind')
    .orderBy('is_default', 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

export type AddressRow = Awaited<ReturnType<typeof listAddresses>>[number]

/** One address, only when it belongs to the owner: another owner's id is not found. */
export function findAddress(db: Executor, owner: AddressOwner, addressId: number) {
  return db
    .selectFrom('addresses')
    .select(ADDRESS_COLUMNS)
    .where('id', '=', addressId)
    .where(ownerColumn(owner), '=', owner.id)
    .executeTakeFirst()
}

/** What an address history entry is about, in a person's words: "Shipping: Warehouse 1, Ring Road, Mumbai". */
export function describeAddress(address: { kind: string; label: string | null; line1: string; city: string }) {
  const kind = address.kind.charAt(0).toUpperCase() + address.kind.slice(1)
  return `${kind}: ${address.label ? `${address.label}, ` : ''}${address.line1}, ${address.city}`
}

/** Changes to an owner's addresses, newest first (the owner's history also holds other kinds of change). */
export function addressHistory(db: Executor, owner: AddressOwner, limit = 30) {
  return db
    .selectFrom('audit_events')
    .leftJoin('users', 'users.id', 'audit_events.actor_user_id')
    .select([
      'audit_events.id',
      'audit_events.at',
      'audit_events.action',
      'audit_events.before_json',
      'audit_events.after_json',
      'audit_events.note',
      'users.name as actor_name',
    ])
    .where('audit_events.entity_type', '=', owner.kind)
    .where('audit_events.entity_id', '=', String(owner.id))
    .where('audit_events.action', 'like', 'address.%')
    .orderBy('audit_events.id', 'desc')
    .limit(limit)
    .execute()
}

/** An active product by its URL slug: the owner of the platform's own warehouses and offices for it. */
export function activeProductBySlug(db: Executor, slug: string | undefined) {
  return db
    .selectFrom('products')
    .select(['id', 'slug', 'name'])
    .where('slug', '=', slug ?? '')
    .where('active', '=', 1)
    .executeTakeFirst()
}

export function activeProducts(db: Executor) {
  return db.selectFrom('products').select(['id', 'slug', 'name']).where('active', '=', 1).orderBy('name').execute()
}
