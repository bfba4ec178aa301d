import { sql, type RawBuilder, type SqlBool } from 'kysely'
import { getDb } from '~/db.server'
import { isBroadSearch, matchSearch, searchIds, syncSearch, wordsOf } from '~/platform/search.server'

async function find(entity: 'buyer' | 'seller' | 'user', q: string) {
  const db = getDb()
  const ids = searchIds(db, entity, q)
  if (!ids) return null
  const table = entity === 'buyer' ? 'buyers' : entity === 'seller' ? 'sellers' : 'users'
  const rows = await db.selectFrom(table).select('name').where('id', 'in', ids).orderBy('name').execute()
  return rows.map((r) => r.name)
}

describe('word-prefix search', () => {
  it('splits text into lower-case words and keeps whole e-mail addresses', () => {
    expect(wordsOf('Indigo Threads-Retail Pvt. Ltd')).toEqual(['indigo', 'threads', 'retail', 'pvt', 'ltd'])
    expect(wordsOf('Neha.Kapoor@Example.com')).toEqual(['neha', 'kapoor', 'example', 'com', 'neha.kapoor@example.com'])
    expect(wordsOf(null)).toEqual([])
  })

  it('finds records having a word starting with every word typed, in any order', async () => {
    expect(await find('buyer', 'indig thr')).toEqual(['Indigo Threads Retail'])
    expect(await find('buyer', 'retail indigo')).toEqual(['Indigo Threads Retail'])
    expect(await find('buyer', 'indigo zzz')).toEqual([])
    expect(await find('buyer', '   ')).toBeNull()
  })

  it('searches GSTIN, e-mail and legal name too', async () => {
    const db = getDb()
    const indigo = await db
      .selectFrom('buyers')
      .select(['gstin', 'contact_email'])
      .where('name', '=', 'Indigo Threads Retail')
      .executeTakeFirstOrThrow()
    expect(await find('buyer', indigo.gstin!.slice(0, 8))).toContain('Indigo Threads Retail')
    expect(await find('buyer', indigo.contact_email!)).toEqual(['Indigo Threads Retail'])
    expect(await find('user', 'buyer@example.com')).toEqual(['Priya Buyer'])
    expect(await find('seller', 'surat silk')).toEqual(['Surat Silk Mills'])
  })

  it('follows a change once the record is re-synced, and forgets a deleted record', async () => {
    const db = getDb()
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'internal@example.com')
      .executeTakeFirstOrThrow()
    await db.updateTable('users').set({ name: 'Zubin Quartermain' }).where('id', '=', user.id).execute()
    await syncSearch(db, 'user', user.id)
    expect(await find('user', 'quarterm')).toEqual(['Zubin Quartermain'])
    expect(await find('user', 'isha internal')).toEqual([])
  })

  it('tells a broad search (more matches than a threshold) from a narrow one', async () => {
    // The demo catalogue: every fabric SKU code starts with FAB; exactly one is FAB-SHT-00001.
    expect(await isBroadSearch(getDb(), 'product_sku', 'fab', 100)).toBe(true)
    expect(await isBroadSearch(getDb(), 'product_sku', 'fab sht 00001', 100)).toBe(false)
    expect(await isBroadSearch(getDb(), 'product_sku', '', 0)).toBe(false)
  })

  it('finds codes typed with their prefix, in any order, whichever word is read first', async () => {
    const db = getDb()
    const codes = async (q: string) =>
      (
        await db
          .selectFrom('product_skus')
          .select('code')
          .where('id', 'in', searchIds(db, 'product_sku', q)!)
          .orderBy('code')
          .execute()
      ).map((r) => r.code)
    // "00001" is read first and checked for "fab" and "sht"; every word must still match.
    expect(await codes('fab-sht-00001')).toEqual(['FAB-SHT-00001'])
    expect(await codes('00001 sht fab')).toEqual(['FAB-SHT-00001'])
    expect(await codes('fab-zzz-00001')).toEqual([])
    expect((await codes('fab 00001')).length).toBeGreaterThan(1)
    expect(await codes('fab 00001')).toEqual(await codes('00001 fab'))
  })

  it('treats LIKE wildcards as plain characters', async () => {
    expect(await find('buyer', '%')).toEqual([])
    expect(await find('buyer', 'indigo_')).toEqual(['Indigo Threads Retail'])
  })
})

describe('matchSearch: the plan of each database behind one function', () => {
  /** The names (or codes) a list filtered by the match finds, sorted, and whether it took the broad plan. */
  async function listed(entity: 'buyer' | 'product_sku', q: string, broadFrom?: number) {
    const db = getDb()
    const match = await matchSearch(db, entity, q, broadFrom)
    if (!match) return null
    const labels = (condition: RawBuilder<SqlBool>) =>
      entity === 'buyer'
        ? db.selectFrom('buyers').select('name as label').where(condition).orderBy('label').execute()
        : db.selectFrom('product_skus').select('code as label').where(condition).orderBy('label').execute()
    const [alone, inOr] = await Promise.all([
      labels(match.has('id')),
      labels(sql<SqlBool>`(${match.hasInOr('id')} or 1 = 0)`),
    ])
    expect(inOr).toEqual(alone)
    return { labels: alone.map((r) => r.label), broad: match.broad }
  }

  it('finds by word prefix, a GSTIN and a code fragment, on either plan', async () => {
    const db = getDb()
    const prime = await db
      .insertInto('buyers')
      .values({ name: 'Prime Fashions', legal_name: 'Prime Fashions LLP', gstin: '27AABCP1234F1Z5', status: 'active' })
      .returning('id')
      .executeTakeFirstOrThrow()
    await syncSearch(db, 'buyer', prime.id)
    const skus = await db.selectFrom('product_skus').select('id').orderBy('id').limit(2).execute()
    for (const [i, code] of ['BX-6000', 'BX-16000'].entries()) {
      await db.updateTable('product_skus').set({ code }).where('id', '=', skus[i]!.id).execute()
      await syncSearch(db, 'product_sku', skus[i]!.id)
    }
    for (const broadFrom of [undefined, 0, 1_000_000]) {
      expect((await listed('buyer', 'prim fash', broadFrom))?.labels).toEqual(['Prime Fashions'])
      expect((await listed('buyer', '27aab', broadFrom))?.labels).toEqual(['Prime Fashions'])
      // Words are matched from their start: the middle of a word finds nothing.
      expect((await listed('buyer', 'ashions', broadFrom))?.labels).toEqual([])
      expect((await listed('product_sku', '6000', broadFrom))?.labels).toEqual(['BX-6000'])
      expect((await listed('product_sku', 'bx 6000', broadFrom))?.labels).toEqual(['BX-6000'])
      expect((await listed('product_sku', 'bx-16', broadFrom))?.labels).toEqual(['BX-16000'])
    }
    expect(await listed('buyer', '  ')).toBeNull()
    expect((await listed('buyer', '%'))?.labels).toEqual([])
  })

  it('counts exactly the records searchIds matches, narrow or broad', async () => {
    const db = getDb()
    for (const q of ['fab', 'fab sht', 'cotton', 'indigo twill', 'sht 00001', 'zzz']) {
      const expected = (
        await db
          .selectFrom('product_skus')
          .select('code')
          .where('id', 'in', searchIds(db, 'product_sku', q)!)
          .orderBy('code')
          .execute()
      ).map((r) => r.code)
      const narrow = await listed('product_sku', q, 1_000_000)
      const broad = await listed('product_sku', q, 0)
      expect(narrow, q).toEqual({ labels: expected, broad: false })
      expect(broad, q).toEqual({ labels: expected, broad: expected.length > 0 })
    }
  })
})
