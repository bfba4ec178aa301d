import { PostgresAdapter, sql, type RawBuilder, type SqlBool } from 'kysely'
import type { SearchEntity } from '#db/types'
import type { Executor } from '~/platform/executor'

/**
 * Search by word prefix: every searchable record keeps its words in `search_terms`, and a query
 * matches records having, for each word typed, a word that starts with it ("prim fash" finds
 * "Prime Fashions"; "27aab" finds a GSTIN; "neha@" an e-mail). Index range scans keep it fast at
 * any size, on SQLite and PostgreSQL alike.
 */

const MAX_QUERY_WORDS = 5

/** The words of a text: lower-case runs of letters and digits, plus whole e-mail addresses. */
export function wordsOf(text: string | null | undefined): string[] {
  if (!text) return []
  const lower = text.toLowerCase().normalize('NFKC')
  const words = new Set(lower.split(/[^\p{L}\p{N}]+/u).filter(Boolean))
  for (const email of lower.match(/[^\s@]+@[^\s@]+/g) ?? []) words.add(email)
  return [...words].map((w) => w.slice(0, 100))
}

/** What each record type is searched by. */
const SOURCES: Record<
  SearchEntity,
  {
    table: 'buyers' | 'sellers' | 'users' | 'product_skus' | 'buyer_skus' | 'seller_skus' | 'sample_skus'
    columns: string[]
  }
> = {
  buyer: { table: 'buyers', columns: ['name', 'legal_name', 'gstin', 'contact_email'] },
  seller: { table: 'sellers', columns: ['name', 'legal_name', 'gstin', 'contact_email'] },
  user: { table: 'users', columns: ['name', 'email'] },
  // SKU lists also match the product SKU's own words (code, name) through 'product_sku'.
  product_sku: { table: 'product_skus', columns: ['code', 'name'] },
  buyer_sku: { table: 'buyer_skus', columns: ['buyer_code'] },
  seller_sku: { table: 'seller_skus', columns: ['seller_code'] },
  sample_sku: { table: 'sample_skus', columns: ['code', 'name'] },
}

/** Re-reads a record and rewrites its words; call it in the transaction that changed the record. */
export async function syncSearch(trx: Executor, entity: SearchEntity, id: number): Promise<void> {
  const { table, columns } = SOURCES[entity]
  const row = (await trx
    .selectFrom(table)
    .select(columns as never[])
    .where('id', '=', id)
    .executeTakeFirst()) as Record<string, string | null> | undefined
  await trx.deleteFrom('search_terms').where('entity_type', '=', entity).where('entity_id', '=', id).execute()
  if (!row) return
  const words = new Set(columns.flatMap((column) => wordsOf(row[column])))
  if (words.size === 0) return
  await trx
    .insertInto('search_terms')
    .values([...words].map((term) => ({ entity_type: entity, term, entity_id: id })))
    .execute()
}

/**
 * syncSearch for many records of one type at once (a bulk import's chunk): one read, one delete and
 * a few inserts instead of three statements per record.
 */
export async function syncSearchMany(trx: Executor, entity: SearchEntity, ids: number[]): Promise<void> {
  const { table, columns } = SOURCES[entity]
  for (let i = 0; i < ids.length; i += 1000) {
    const slice = ids.slice(i, i + 1000)
    await trx.deleteFrom('search_terms').where('entity_type', '=', entity).where('entity_id', 'in', slice).execute()
    const rows = (await trx
      .selectFrom(table)
      .select(['id', ...columns] as never[])
      .where('id', 'in', slice)
      .execute()) as (Record<string, string | null> & { id: number })[]
    const terms = rows.flatMap((row) =>
      [...new Set(columns.flatMap((column) => wordsOf(row[column])))].map((term) => ({
        entity_type: entity,
        term,
        entity_id: row.id,
      })),
    )
    for (let j = 0; j < terms.length; j += 1000)
      await trx
        .insertInto('search_terms')
        .values(terms.slice(j, j + 1000))
        .execute()
  }
}

/** Rebuilds the words of every record of a type (demo and scale seeds, repairs). */
export async function reindexAll(db: Executor, entity: SearchEntity): Promise<void> {
  const { table, columns } = SOURCES[entity]
  await db.deleteFrom('search_terms').where('entity_type', '=', entity).execute()
  let after = 0
  for (;;) {
    const rows = (await db
      .selectFrom(table)
      .select(['id', ...columns] as never[])
      .where('id', '>', after)
      .orderBy('id')
      .limit(2000)
      .execute()) as (Record<string, string | null> & { id: number })[]
    if (rows.length === 0) break
    const terms = rows.flatMap((row) =>
      [...new Set(columns.flatMap((column) => wordsOf(row[column])))].map((term) => ({
        entity_type: entity,
        term,
        entity_id: row.id,
      })),
    )
    for (let i = 0; i < terms.length; i += 1000)
      await db
        .insertInto('search_terms')
        .values(terms.slice(i, i + 1000))
        .execute()
    after = rows[rows.length - 1].id
  }
}

/** The first string after every string that starts with `prefix` (for an index range scan). */
function prefixEnd(prefix: string): string {
  const last = prefix.codePointAt(prefix.length - 1)!
  return prefix.slice(0, -1) + String.fromCodePoint(last + 1)
}

/**
 * Ids of the records matching a typed query, as a subquery for `where('id', 'in', ...)`;
 * null when nothing was typed (no filter).
 *
 * Several words are intersected. When one of them looks like part of a code (three characters or
 * more with a digit: "6000" in "BX-6000"), that one is read from the term index and each of its
 * few matches is checked for the other words through the (entity_type, entity_id) index instead:
 * intersecting read all 125,000 buyer SKUs starting "bx" for every query of the page. Plain
 * words ("indigo twill") are not reliably rarer one than the other, so they stay intersected.
 */
export function searchIds(db: Executor, entity: SearchEntity, query: string) {
  if (query.trim() === '') return null
  // Something typed that holds no word at all ("%", "--") matches nothing rather than everything.
  const words = wordsOf(query).slice(0, MAX_QUERY_WORDS)
  if (words.length === 0)
    return db
      .selectFrom('search_terms')
      .select('entity_id')
      .where(sql<SqlBool>`1 = 0`)
  const one = (word: string) =>
    db
      .selectFrom('search_terms')
      .select('search_terms.entity_id')
      .where('search_terms.entity_type', '=', entity)
      .where('search_terms.term', '>=', word)
      .where('search_terms.term', '<', prefixEnd(word))
  const code = words.filter((w) => w.length >= 3 && /\p{N}/u.test(w)).sort((a, b) => b.length - a.length)[0]
  if (words.length > 1 && code) {
    let matching = one(code)
    for (const word of words.filter((w) => w !== code)) {
      matching = matching.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('search_terms as also')
            .select(sql<number>`1`.as('one'))
            .whereRef('also.entity_id', '=', 'search_terms.entity_id')
            .where('also.entity_type', '=', entity)
            .where('also.term', '>=', word)
            .where('also.term', '<', prefixEnd(word)),
        ),
      )
    }
    return matching
  }
  let matching = one(words[0])
  for (const word of words.slice(1)) matching = matching.intersect(one(word)) as typeof matching
  return matching
}

/**
 * Whether a search matches more than `threshold` records of that type ("cotton" among 200,000
 * SKUs): such a search is better checked row by row while a list walks its own index than used
 * to fetch every match first.
 */
export async function isBroadSearch(
  db: Executor,
  entity: SearchEntity,
  query: string,
  threshold = 5_000,
): Promise<boolean> {
  const matching = searchIds(db, entity, query)
  if (!matching) return false
  const row = await db
    .selectFrom(matching.limit(threshold + 1).as('matches'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n) > threshold
}

/** On PostgreSQL, up to this many matches are fetched and given to the list's query as an array of ids. */
const IDS_UP_TO = 2_000

/** A typed search resolved for one list query (matchSearch). */
export interface SearchMatch {
  /** More matches than the list's threshold: better checked per row as the list walks its own index. */
  broad: boolean
  /** "This id column is one of the matches", for the list's `where`. */
  has: (id: string | RawBuilder<number>) => RawBuilder<SqlBool>
  /**
   * The same, as one side of an `or`: on PostgreSQL an `in (select ...)` under an `or` cannot become
   * a join, so a few matches are put as `id = any($1)`, which an index serves on each side.
   */
  hasInOr: (id: string | RawBuilder<number>) => RawBuilder<SqlBool>
}

/**
 * The matches of a typed query as a list's query needs them; null when nothing was typed.
 *
 * SQLite keeps its plan (decision 0005): the term index as a subquery (`id in (...)`), and with
 * `broadFrom` a count up to it (isBroadSearch) so the list can walk its index instead.
 *
 * PostgreSQL plans that subquery badly both ways (decision 0015): it cannot know how many records
 * an intersection of words or a prefix matches, so it walked all 74,000 fabric SKUs for the 36
 * "indigo twill" matches, and for "cotton" (77,000 matches) it probed the term index once per
 * walked SKU (213,000 buffers). So the matches are fetched first, up to `broadFrom` or 2,000:
 * a few become an array (`id in (select unnest($1))`), which the planner reads by primary key, one
 * lookup each, and sorts (as `= any($1)` it walked the sort's index testing each row against the
 * array); more are broad, and the list's rows are hash-joined with the term range (the `+ 0` keeps
 * the planner from probing the term index once per row, as it chose under a LIMIT).
 */
export async function matchSearch(
  db: Executor,
  entity: SearchEntity,
  query: string,
  broadFrom?: number,
): Promise<SearchMatch | null> {
  const matching = searchIds(db, entity, query)
  if (!matching) return null
  const ref = (id: string | RawBuilder<number>) => (typeof id === 'string' ? sql.ref(id) : id)
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    const broad = broadFrom === undefined ? false : await isBroadSearch(db, entity, query, broadFrom)
    const has = (id: string | RawBuilder<number>) => sql<SqlBool>`${ref(id)} in (${matching})`
    return { broad, has, hasInOr: has }
  }
  const upTo = Math.min(broadFrom ?? IDS_UP_TO, IDS_UP_TO)
  const rows = await matching.limit(upTo + 1).execute()
  if (rows.length > upTo) {
    const all = db.selectFrom(matching.as('m')).select(sql<number>`m.entity_id + 0`.as('entity_id'))
    const has = (id: string | RawBuilder<number>) => sql<SqlBool>`${ref(id)} in (${all})`
    return { broad: true, has, hasInOr: has }
  }
  const ids = [...new Set(rows.map((r) => r.entity_id))]
  return {
    broad: false,
    has: (id) => sql<SqlBool>`${ref(id)} in (select unnest(${ids}::integer[]))`,
    hasInOr: (id) => sql<SqlBool>`${ref(id)} = any(${ids}::integer[])`,
  }
}
