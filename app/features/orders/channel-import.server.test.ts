import { getDb } from '~/db.server'
import { withGstinCheck } from '~/utils/gstin'
import { makeBuyerSku, makeProductSku, makeSellerSku } from '../../../tests/support/catalogue'
import { makeBuyer, makeSeller } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { inAYear } from '../../../tests/support/orders'
import { sampleImportRows } from './channel-import.server'
import { importChannelOrders } from '~/lifecycle/master-orders.server'

// Solv and GT orders from a channel's CSV export: good orders placed, bad rows reported by line,
// the same file again creates nothing.

const BUYER_GSTIN = withGstinCheck('29AAECI1234F1Z')
const SELLER_GSTIN = withGstinCheck('29AAFCS5678G1Z')
let internal: number

beforeAll(async () => {
  internal = await userIdOf('internal@example.com')
  const buyerId = await makeBuyer({ name: 'Import Buyer', status: 'active', gstin: BUYER_GSTIN }, [
    { kind: 'shipping', city: 'Mysuru', isDefault: true },
    { kind: 'billing', city: 'Mysuru', isDefault: true },
  ])
  const cheap = await makeSeller({ name: 'Import Cheap Mills', status: 'active' })
  const named = await makeSeller({ name: 'Import Named Mills', status: 'active', gstin: SELLER_GSTIN })
  for (const code of ['IMP-1', 'IMP-2']) {
    const productSkuId = await makeProductSku({ categoryId: 1 })
    await makeBuyerSku({ buyerId, productSkuId, buyerCode: code, priceMinor: 20_000, moqMilli: 1_000 })
    await makeSellerSku({ sellerId: cheap, productSkuId, status: 'live' })
    await makeSellerSku({ sellerId: named, productSkuId, status: 'live' })
  }
})

const file = (rows: string[]) =>
  ['order_id,buyer_gstin,buyer_sku,quantity,required_by,seller_gstin', ...rows].join('\r\n')

describe('importing a channel’s orders', () => {
  it('places each good order once, reports each bad row by its line, and imports nothing twice', async () => {
    const db = getDb()
    const date = inAYear()
    const text = file([
      `S-1,${BUYER_GSTIN},IMP-1,10,${date},`,
      `S-1,${BUYER_GSTIN.toLowerCase()},IMP-2,5,${date},${SELLER_GSTIN}`,
      `S-2,${BUYER_GSTIN},IMP-1,0.5,${date},`,
      `S-3,${withGstinCheck('07AAACZ9999Z1Z')},IMP-1,10,${date},`,
      `S-4,${BUYER_GSTIN},NOPE,10,${date},`,
      `,${BUYER_GSTIN},IMP-1,10,${date},`,
      `S-5,${BUYER_GSTIN},IMP-1,10,2020-01-01,`,
      `S-5,${BUYER_GSTIN},IMP-2,10,${date},`,
    ])
    const first = await importChannelOrders(db, { userId: internal }, 'solv', text)
    if (!first.ok) throw new Error(first.message)
    expect(first.value.rows).toBe(8)
    expect(first.value.created.map((o) => o.channelOrderId)).toEqual(['S-1'])
    expect(first.value.problems.map((p) => [p.line, p.orderId])).toEqual([
      [4, 'S-2'],
      [5, 'S-3'],
      [6, 'S-4'],
      [7, ''],
      [8, 'S-5'],
    ])
    expect(first.value.problems[0]!.message).toMatch(/Order at least the MOQ/)
    expect(first.value.problems[1]!.message).toMatch(/No buyer has the GSTIN/)
    expect(first.value.problems[2]!.message).toBe('Import Buyer has no buyer SKU NOPE')
    expect(first.value.problems[4]!.message).toMatch(
      /today or a later date.*order S-5 is not imported: its 1 other row wait/,
    )

    const order = await db
      .selectFrom('master_orders')
      .selectAll()
      .where('id', '=', first.value.created[0]!.id)
      .executeTakeFirstOrThrow()
    expect(order).toMatchObject({
      source: 'solv',
      channel_order_id: 'S-1',
      status: 'placed',
      line_count: 2,
      value_minor: 300_000,
    })
    // Line 1 from the cheapest live offer, line 2 from the seller the file names.
    const sellers = await db
      .selectFrom('seller_orders')
      .innerJoin('sellers', 'sellers.id', 'seller_orders.seller_id')
      .select('sellers.name')
      .where('master_order_id', '=', order.id)
      .orderBy('seller_orders.id')
      .execute()
    expect(sellers.map((s) => s.name).sort()).toEqual(['Import Cheap Mills', 'Import Named Mills'].sort())
    expect(
      await db
        .selectFrom('audit_events')
        .select('id')
        .where('entity_type', '=', 'master_order')
        .where('entity_id', '=', String(order.id))
        .where('action', '=', 'master_order.placed')
        .execute(),
    ).toHaveLength(1)

    // The same file again: nothing new; the same rows reported.
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('master_orders')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const before = await count()
    const again = await importChannelOrders(db, { userId: internal }, 'solv', text)
    if (!again.ok) throw new Error(again.message)
    expect(again.value.created).toEqual([])
    expect(again.value.already).toEqual([{ id: order.id, code: order.code, channelOrderId: 'S-1' }])
    expect(again.value.problems).toHaveLength(5)
    expect(await count()).toBe(before)
    // Two imports of the same file at once still make one order per channel order id.
    const fresh = file([`S-9,${BUYER_GSTIN},IMP-1,10,${date},`])
    const both = await Promise.all([
      importChannelOrders(db, { userId: internal }, 'gt', fresh),
      importChannelOrders(db, { userId: internal }, 'gt', fresh),
    ])
    expect(both.flatMap((o) => (o.ok ? o.value.created : [])).length).toBe(1)
    expect(
      await db
        .selectFrom('master_orders')
        .select('id')
        .where('source', '=', 'gt')
        .where('channel_order_id', '=', 'S-9')
        .execute(),
    ).toHaveLength(1)
  })

  it('refuses a file it cannot read, saying why', async () => {
    const db = getDb()
    const missing = await importChannelOrders(db, { userId: internal }, 'gt', 'order_id,quantity\nA,1\n')
    expect(missing).toEqual({
      ok: false,
      message: expect.stringContaining('no buyer_gstin, buyer_sku, required_by columns'),
    })
    const broken = await importChannelOrders(
      db,
      { userId: internal },
      'gt',
      'order_id,buyer_gstin,buyer_sku,quantity,required_by\n"A,B\n',
    )
    expect(broken).toMatchObject({ ok: false, message: expect.stringContaining('not a CSV file that can be read') })
    expect(await importChannelOrders(db, { userId: internal }, 'gt', '')).toMatchObject({
      ok: false,
      message: expect.stringContaining('no rows'),
    })
  })

  it('offers a sample file made from the data, which imports as it is', async () => {
    const db = getDb()
    const rows = await sampleImportRows(db)
    expect(rows.length).toBeGreaterThan(0)
    const text = [Object.keys(rows[0]!).join(','), ...rows.map((r) => Object.values(r).join(','))].join('\n')
    const imported = await importChannelOrders(db, { userId: internal }, 'gt', text)
    if (!imported.ok) throw new Error(imported.message)
    expect(imported.value.problems).toEqual([])
    expect(imported.value.created.length).toBeGreaterThan(0)
  })
})
