import { getDb } from '~/db.server'
import { isBroadSearch, searchIds, syncSearch, wordsOf } from '~/platform/search.server'

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
