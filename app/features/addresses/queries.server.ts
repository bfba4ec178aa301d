import type { Executor } from '~/platform/executor'
import type { AddressOwner } from './shared'

/** The column that ties an address to its owner. */
export const ownerColumn = (owner: AddressOwner) =>
  owner.kind === 'buyer'
    ? ('buyer_id' as const)
    : owner.kind === 'seller'
      ? ('seller_id' as const)
      : ('product_id' as const)

export const ADDRESS_COLUMNS = [
  'id',
  'kind',
  'label',
  'line1',
  'line2',
  'city',
  'state',
  'pin',
  'country',
  'is_default',
  'created_at',
  'updated_at',
] as const

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

/** An address of the buyer as an order keeps it (JSON): what it said when the order was placed; null when it is not one of the buyer's of that kind. */
export async function addressSnapshot(db: Executor, buyerId: number, id: number | null, kind: 'shipping' | 'billing') {
  if (id === null) return null
  const row = await db
    .selectFrom('addresses')
    .select(['label', 'line1', 'line2', 'city', 'state', 'pin', 'country'])
    .where('id', '=', id)
    .where('buyer_id', '=', buyerId)
    .where('kind', '=', kind)
    .executeTakeFirst()
  return row ? JSON.stringify(row) : null
}
