import { getDb } from '~/db.server'
import { userIdOf } from '../../../tests/support/db'
import { handleAddressAction } from './action.server'
import { CONFLICT_MESSAGE, createAddress, makeDefaultAddress, removeAddress, updateAddress } from './mutations.server'
import { findAddress, listAddresses } from './queries.server'
import { addressSchemas, type AddressInput } from './schema'
import type { AddressOwner } from './shared'

let actor: number
beforeAll(async () => {
  actor = await userIdOf('internal@example.com')
})

let companies = 0
/** A buyer of its own, so each test starts from an empty address book. */
async function newBuyer(): Promise<AddressOwner> {
  const row = await getDb()
    .insertInto('buyers')
    .values({ name: `Address Test Buyer ${++companies}`, status: 'active' })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { kind: 'buyer', id: row.id }
}

const place = (overrides: Partial<AddressInput> = {}): AddressInput => ({
  kind: 'shipping',
  label: 'Godown',
  line1: '4, Mill Compound',
  city: 'Mumbai',
  state: 'Maharashtra',
  pin: '400013',
  ...overrides,
})

async function create(owner: AddressOwner, input: AddressInput & { isDefault?: boolean }, key?: string) {
  const result = await createAddress(getDb(), actor, owner, input, key)
  if (!result.ok) throw new Error(`create failed: ${JSON.stringify(result)}`)
  return result.value.addressId
}

const defaultsOf = async (owner: AddressOwner, kind: string) =>
  (await listAddresses(getDb(), owner)).filter((a) => a.kind === kind && a.is_default === 1).map((a) => a.id)

function auditOf(owner: AddressOwner, action: string) {
  return getDb()
    .selectFrom('audit_events')
    .select(['actor_user_id', 'before_json', 'after_json', 'note'])
    .where('entity_type', '=', owner.kind)
    .where('entity_id', '=', String(owner.id))
    .where('action', '=', action)
    .orderBy('id')
    .execute()
}

describe('address rules', () => {
  it('makes the first address of a kind its default, and writes an audit entry on the owner', async () => {
    const owner = await newBuyer()
    const first = await create(owner, place())
    const second = await create(owner, place({ line1: '5, Mill Compound' }))
    const billing = await create(owner, place({ kind: 'billing' }))
    expect(await defaultsOf(owner, 'shipping')).toEqual([first])
    expect(await defaultsOf(owner, 'billing')).toEqual([billing])
    expect((await findAddress(getDb(), owner, second))?.is_default).toBe(0)

    const entries = await auditOf(owner, 'address.created')
    expect(entries).toHaveLength(3)
    expect(entries[0].actor_user_id).toBe(actor)
    expect(JSON.parse(entries[0].after_json!)).toMatchObject({
      addressId: first,
      kind: 'shipping',
      line1: '4, Mill Compound',
      pin: '400013',
      country: 'IN',
      isDefault: 1,
    })
  })

  it('a new address asked to be the default takes over from the old one', async () => {
    const owner = await newBuyer()
    await create(owner, place())
    const newer = await create(owner, place({ line1: 'New godown' }), undefined)
    const chosen = await create(owner, { ...place({ line1: 'Chosen godown' }), isDefault: true })
    expect(newer).not.toBe(chosen)
    expect(await defaultsOf(owner, 'shipping')).toEqual([chosen])
  })

  it('making one default clears the others of that kind only, with an audit entry', async () => {
    const owner = await newBuyer()
    const a = await create(owner, place())
    const b = await create(owner, place({ line1: 'Second' }))
    const billing = await create(owner, place({ kind: 'billing' }))
    expect(await makeDefaultAddress(getDb(), actor, owner, b)).toMatchObject({ ok: true, value: { kind: 'shipping' } })
    expect(await defaultsOf(owner, 'shipping')).toEqual([b])
    expect(await defaultsOf(owner, 'billing')).toEqual([billing])
    expect((await findAddress(getDb(), owner, a))?.is_default).toBe(0)

    const [entry] = await auditOf(owner, 'address.made_default')
    expect(JSON.parse(entry.before_json!)).toMatchObject({ addressId: b, isDefault: 0 })
    expect(JSON.parse(entry.after_json!)).toMatchObject({ addressId: b, isDefault: 1 })
    expect(entry.note).toContain('4, Mill Compound')
  })

  it('removing the default makes the oldest remaining address of the kind the default', async () => {
    const owner = await newBuyer()
    const oldest = await create(owner, place({ line1: 'Oldest' }))
    const middle = await create(owner, place({ line1: 'Middle' }))
    const newest = await create(owner, { ...place({ line1: 'Newest' }), isDefault: true })
    expect(await removeAddress(getDb(), actor, owner, newest)).toMatchObject({ ok: true })
    expect(await defaultsOf(owner, 'shipping')).toEqual([oldest])

    // Removing one that is not the default leaves the default alone.
    expect(await removeAddress(getDb(), actor, owner, middle)).toMatchObject({ ok: true })
    expect(await defaultsOf(owner, 'shipping')).toEqual([oldest])
    const entries = await auditOf(owner, 'address.removed')
    expect(entries).toHaveLength(2)
    expect(JSON.parse(entries[0].before_json!)).toMatchObject({ addressId: newest, line1: 'Newest', isDefault: 1 })
    expect(entries[0].note).toContain('the default shipping address is now')
  })

  it('allows only the kinds of address of each kind of owner', async () => {
    const buyer = await newBuyer()
    const fabric = await getDb()
      .selectFrom('products')
      .select('id')
      .where('slug', '=', 'fabric')
      .executeTakeFirstOrThrow()
    const seller = await getDb().selectFrom('sellers').select('id').orderBy('id').executeTakeFirstOrThrow()
    expect(await createAddress(getDb(), actor, buyer, place({ kind: 'pickup' }))).toMatchObject({
      ok: false,
      field: 'kind',
    })
    expect(
      await createAddress(getDb(), actor, { kind: 'product', id: fabric.id }, place({ kind: 'billing' })),
    ).toMatchObject({ ok: false, field: 'kind' })
    expect(
      await createAddress(getDb(), actor, { kind: 'seller', id: seller.id }, place({ kind: 'shipping' })),
    ).toMatchObject({ ok: false, field: 'kind' })
    expect(await listAddresses(getDb(), buyer)).toEqual([])
    // The forms say so before the database is asked.
    const form = { intent: 'address-create', line1: 'x', city: 'y', state: 'Goa', pin: '403001' }
    expect(addressSchemas.buyer.create.safeParse({ ...form, kind: 'warehouse' }).success).toBe(false)
    expect(addressSchemas.product.create.safeParse({ ...form, kind: 'office' }).success).toBe(true)
    expect(addressSchemas.seller.create.safeParse({ ...form, kind: 'pickup' }).success).toBe(true)
  })

  it('never touches an address of another owner: not found, and nothing changes', async () => {
    const mine = await newBuyer()
    const theirs = await newBuyer()
    const their = await create(theirs, place())
    const before = await findAddress(getDb(), theirs, their)
    expect(await updateAddress(getDb(), actor, mine, their, before!.updated_at, place({ line1: 'Hijacked' }))).toEqual({
      ok: false,
      notFound: true,
      message: 'This address no longer exists',
    })
    expect(await removeAddress(getDb(), actor, mine, their)).toMatchObject({ ok: false, notFound: true })
    expect(await makeDefaultAddress(getDb(), actor, mine, their)).toMatchObject({ ok: false, notFound: true })
    expect(await findAddress(getDb(), theirs, their)).toEqual(before)
    expect(await auditOf(mine, 'address.updated')).toEqual([])
  })

  it('creates one address for a repeated submit of the same form', async () => {
    const owner = await newBuyer()
    const first = await create(owner, place(), 'key-1')
    const again = await create(owner, place(), 'key-1')
    const [x, y] = await Promise.all([
      create(owner, place({ line1: 'Race' }), 'key-2'),
      create(owner, place({ line1: 'Race' }), 'key-2'),
    ])
    expect(again).toBe(first)
    expect(x).toBe(y)
    expect(await listAddresses(getDb(), owner)).toHaveLength(2)
    expect(await auditOf(owner, 'address.created')).toHaveLength(2)
  })

  it('saves an edit only against the version the form was opened with', async () => {
    const owner = await newBuyer()
    const id = await create(owner, place())
    const opened = (await findAddress(getDb(), owner, id))!.updated_at
    expect(
      await updateAddress(getDb(), actor, owner, id, opened, place({ city: 'Thane', pin: '400601' })),
    ).toMatchObject({ ok: true })
    const stale = await updateAddress(getDb(), actor, owner, id, opened, place({ city: 'Pune', pin: '411001' }))
    expect(stale).toMatchObject({ ok: false, message: CONFLICT_MESSAGE })
    expect((await findAddress(getDb(), owner, id))?.city).toBe('Thane')

    const entries = await auditOf(owner, 'address.updated')
    expect(entries).toHaveLength(1)
    expect(JSON.parse(entries[0].before_json!)).toMatchObject({ city: 'Mumbai', pin: '400013' })
    expect(JSON.parse(entries[0].after_json!)).toMatchObject({ city: 'Thane', pin: '400601' })
  })

  it('moving the default to another kind hands the old kind its oldest remaining address', async () => {
    const owner = await newBuyer()
    const a = await create(owner, place({ line1: 'A' }))
    const b = await create(owner, place({ line1: 'B' }))
    const version = (await findAddress(getDb(), owner, a))!.updated_at
    expect(
      await updateAddress(getDb(), actor, owner, a, version, place({ kind: 'billing', line1: 'A' })),
    ).toMatchObject({ ok: true })
    expect(await defaultsOf(owner, 'shipping')).toEqual([b])
    expect(await defaultsOf(owner, 'billing')).toEqual([a])
  })
})

describe('the address forms of a page', () => {
  const formData = (fields: Record<string, string>) => {
    const data = new FormData()
    for (const [k, v] of Object.entries(fields)) data.set(k, v)
    return data
  }

  it('answers a bad PIN at its field, keeping what was typed', async () => {
    const owner = await newBuyer()
    const typed = {
      intent: 'address-create',
      kind: 'shipping',
      line1: '9, Dock Road',
      city: 'Kochi',
      state: 'Kerala',
      pin: '012',
    }
    const outcome = await handleAddressAction(getDb(), actor, owner, formData(typed))
    expect(outcome.status).toBe('invalid')
    if (outcome.status !== 'invalid') return
    expect(outcome.reply.form).toBe('address-create')
    expect(outcome.reply.result.error?.pin?.[0]).toContain('6-digit PIN')
    expect(outcome.reply.result.initialValue).toMatchObject({ line1: '9, Dock Road', city: 'Kochi', pin: '012' })
    expect(await listAddresses(getDb(), owner)).toEqual([])
  })

  it('adds, makes default and removes through the intents; another owner’s id is not found', async () => {
    const owner = await newBuyer()
    const other = await newBuyer()
    const fields = { kind: 'billing', line1: '1, MG Road', city: 'Pune', state: 'Maharashtra', pin: '411001' }
    expect(
      await handleAddressAction(getDb(), actor, owner, formData({ intent: 'address-create', ...fields })),
    ).toMatchObject({ status: 'done' })
    expect(
      await handleAddressAction(
        getDb(),
        actor,
        owner,
        formData({ intent: 'address-create', ...fields, line1: '2, MG Road' }),
      ),
    ).toMatchObject({ status: 'done' })
    const [first, second] = await listAddresses(getDb(), owner)
    expect(
      await handleAddressAction(
        getDb(),
        actor,
        owner,
        formData({ intent: 'address-default', addressId: String(second.id) }),
      ),
    ).toEqual({
      status: 'done',
      toast: { kind: 'success', message: 'This is now the default billing address.' },
    })
    expect(
      await handleAddressAction(
        getDb(),
        actor,
        other,
        formData({ intent: 'address-remove', addressId: String(first.id) }),
      ),
    ).toEqual({ status: 'not-found' })
    const conflict = await handleAddressAction(
      getDb(),
      actor,
      owner,
      formData({
        intent: 'address-update',
        addressId: String(first.id),
        version: '2000-01-01T00:00:00.000Z',
        ...fields,
      }),
    )
    expect(conflict).toMatchObject({ status: 'invalid', reply: { form: `address-${first.id}` } })
    if (conflict.status === 'invalid')
      expect(conflict.reply.result.error?.['']?.[0]).toContain('changed by someone else')
    expect(
      await handleAddressAction(
        getDb(),
        actor,
        owner,
        formData({ intent: 'address-remove', addressId: String(first.id) }),
      ),
    ).toMatchObject({ status: 'done' })
    expect((await listAddresses(getDb(), owner)).map((a) => a.id)).toEqual([second.id])
  })
})
