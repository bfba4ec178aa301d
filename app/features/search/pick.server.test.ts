import { getDb } from '~/db.server'
import { applyPicks } from '~/ui/read-form.server'
import { demoEmail } from '../../../seed/demo-users'
import { checkPick, findPicks, mayPick, PICK_LIMIT } from './pick.server'
import type { Viewer } from '~/auth/session.server'
import { handleCreateForm } from '../buyer-skus/forms.server'
import { choicesOf, pickedId, pickValue } from '~/platform/pick'
import { makeBuyerSku, makeProductSku } from '../../../tests/support/catalogue'
import { makeBuyer } from '../../../tests/support/companies'

const userOf = async (email: string) => {
  const row = await getDb().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
  return { userId: row.id, roles: [] as never[] }
}
const ANYONE = { userId: 0, roles: [] }

describe('pickers', () => {
  it('writes and reads the values a picker fills in', () => {
    expect(pickValue('Acme (Mumbai)', 12)).toBe('Acme (Mumbai) (#12)')
    expect(pickedId('Acme (Mumbai) (#12)')).toEqual({ id: 12, table: null })
    expect(pickedId('Acme (buyer #7)')).toEqual({ id: 7, table: 'buyer' })
    expect(pickedId('# 40')).toEqual({ id: 40, table: null })
    expect(pickedId('Acme #12')).toBeNull()
    expect(pickedId('FAB-SH-0001')).toBeNull()
  })

  it('lets each role pick only the kinds its portals use', () => {
    expect(mayPick({ roles: ['internal'] }, 'buyer')).toBe(true)
    expect(mayPick({ roles: ['admin'] }, 'company')).toBe(true)
    expect(mayPick({ roles: ['internal'] }, 'company')).toBe(false)
    expect(mayPick({ roles: ['buyer'] }, 'buyer')).toBe(false)
    expect(mayPick({ roles: ['seller'] }, 'product_sku')).toBe(false)
    expect(mayPick({ roles: ['catalog_manager'] }, 'product_sku')).toBe(true)
    expect(mayPick({ roles: ['demand_kam'] }, 'buyer_sku')).toBe(true)
    expect(mayPick({ roles: ['internal'] }, 'buyer_sku')).toBe(false)
  })

  it('finds records by the words typed, at most a page of them', async () => {
    const db = getDb()
    const found = await findPicks(db, ANYONE, 'buyer', 'indig thr')
    expect(found.map((o) => o.label)).toEqual(['Indigo Threads Retail'])
    expect(found[0].value).toBe(`Indigo Threads Retail (#${found[0].id})`)
    expect(await findPicks(db, ANYONE, 'buyer', '   ')).toEqual([])
    const skus = await findPicks(db, ANYONE, 'product_sku', 'fab')
    expect(skus.length).toBeLessThanOrEqual(PICK_LIMIT)
    expect(skus[0].value).toMatch(/^FAB-/)
    // A user's company: buyers and sellers together, each value saying which it is.
    const companies = await findPicks(db, ANYONE, 'company', 'a')
    expect(companies.some((o) => / \(buyer #\d+\)$/.test(o.value))).toBe(true)
    expect(companies.some((o) => / \(seller #\d+\)$/.test(o.value))).toBe(true)
  })

  it('takes an id, an exact name or an exact code, and offers the matches otherwise', async () => {
    const db = getDb()
    const indigo = await db
      .selectFrom('buyers')
      .select('id')
      .where('name', '=', 'Indigo Threads Retail')
      .executeTakeFirstOrThrow()
    for (const typed of [`#${indigo.id}`, `Indigo Threads Retail (#${indigo.id})`, 'indigo threads retail']) {
      const check = await checkPick(db, ANYONE, 'buyer', typed)
      expect(check.ok && check.option.id).toBe(indigo.id)
    }
    const partial = await checkPick(db, ANYONE, 'buyer', 'indigo')
    expect(partial).toMatchObject({ ok: false, message: 'Is it this buyer? Choose it below' })
    expect(!partial.ok && partial.choices.map((c) => c.id)).toEqual([indigo.id])
    expect(await checkPick(db, ANYONE, 'buyer', 'zzzz nothing')).toEqual({
      ok: false,
      message: 'No buyer matches “zzzz nothing”',
      choices: [],
    })
    // An id that names no record offers what its name matches.
    const stale = await checkPick(db, ANYONE, 'buyer', 'Indigo Threads Retail (#999999)')
    expect(stale).toMatchObject({ ok: false, message: 'There is no buyer #999999: choose one below' })
    const sku = await db.selectFrom('product_skus').select(['id', 'code']).orderBy('id').executeTakeFirstOrThrow()
    const byCode = await checkPick(db, ANYONE, 'product_sku', sku.code.toLowerCase())
    expect(byCode.ok && byCode.option).toMatchObject({ id: sku.id, value: sku.code })
  })

  it('offers a KAM only the buyer SKUs of its own buyers', async () => {
    const db = getDb()
    const kam = await userOf(demoEmail('demand_kam'))
    const other = await userOf('kam.neha@example.com')
    const own = await db
      .selectFrom('buyer_skus')
      .innerJoin('buyers', 'buyers.id', 'buyer_skus.buyer_id')
      .select(['buyer_skus.id', 'buyer_skus.buyer_code'])
      .where('buyers.kam_user_id', '=', kam.userId)
      .where('buyer_skus.status', '=', 'active')
      .orderBy('buyer_skus.id')
      .executeTakeFirstOrThrow()
    const mine = await findPicks(db, kam, 'buyer_sku', own.buyer_code)
    expect(mine.map((o) => o.id)).toContain(own.id)
    expect((await findPicks(db, other, 'buyer_sku', own.buyer_code)).map((o) => o.id)).not.toContain(own.id)
    const byId = await checkPick(db, kam, 'buyer_sku', `#${own.id}`)
    expect(byId.ok).toBe(true)
    expect(await checkPick(db, other, 'buyer_sku', `#${own.id}`)).toMatchObject({
      ok: false,
      message: `There is no buyer SKU #${own.id}`,
    })
  })

  it('checks a reference on the first submit, beside the other fields’ messages, with its choices', async () => {
    const db = getDb()
    const viewer = { userId: (await userOf(demoEmail('internal'))).userId, roles: ['internal'] } as Viewer
    const form = new FormData()
    for (const [k, v] of Object.entries({
      buyer: 'indigo',
      productSkuCode: 'no such sku words',
      buyerCode: '',
      price: 'x',
      moq: '1',
    }))
      form.set(k, v)
    const outcome = await handleCreateForm(db, viewer, form)
    if (outcome.status !== 'invalid' || !outcome.reply) throw new Error('the form should be refused')
    expect(outcome.reply.error).toMatchObject({
      buyer: ['Is it this buyer? Choose it below'],
      productSkuCode: ['No product SKU matches “no such sku words”'],
      price: [expect.any(String)],
    })
    expect(choicesOf(outcome.reply, 'buyer').map((c) => c.label)).toEqual(['Indigo Threads Retail'])
    // In the form's order, so the error summary reads from the top.
    expect(Object.keys(outcome.reply.error ?? {}).slice(0, 2)).toEqual(['buyer', 'productSkuCode'])
  })

  it('offers an order’s buyer SKUs only within the buyer it names, active ones only', async () => {
    const db = getDb()
    const mine = await makeBuyer({ name: 'Within Apparel', status: 'active' })
    const theirs = await makeBuyer({ name: 'Without Apparel', status: 'active' })
    const productSkuId = await makeProductSku({ categoryId: 1 })
    const own = await makeBuyerSku({ buyerId: mine, productSkuId, buyerCode: 'WTH-100' })
    const archived = await makeBuyerSku({ buyerId: mine, productSkuId, buyerCode: 'WTH-101' })
    await db.updateTable('buyer_skus').set({ status: 'archived' }).where('id', '=', archived).execute()
    const foreign = await makeBuyerSku({ buyerId: theirs, productSkuId, buyerCode: 'WTH-102' })
    const staff = { userId: 1, roles: ['internal'] as never[], within: mine }
    expect(mayPick({ roles: ['internal'] }, 'order_buyer_sku')).toBe(true)
    expect((await findPicks(db, staff, 'order_buyer_sku', 'wth')).map((o) => o.value)).toEqual([
      pickValue('WTH-100', own),
    ])
    expect(await checkPick(db, staff, 'order_buyer_sku', 'wth-100')).toMatchObject({ ok: true, option: { id: own } })
    expect(await checkPick(db, staff, 'order_buyer_sku', `#${foreign}`)).toMatchObject({ ok: false })
    // Without the buyer it is picked within, it offers nothing.
    expect(await findPicks(db, { ...staff, within: null }, 'order_buyer_sku', 'wth')).toEqual([])
  })

  it('lets a choice made without JavaScript replace what was typed', () => {
    const form = new FormData()
    form.set('buyer', 'acme')
    form.set('buyer:pick', 'Acme Textiles (#12)')
    form.set('seller', 'typed')
    form.set('seller:pick', '')
    form.set('note', 'kept')
    applyPicks(form)
    expect([...form.entries()]).toEqual([
      ['buyer', 'Acme Textiles (#12)'],
      ['seller', 'typed'],
      ['note', 'kept'],
    ])
  })
})
