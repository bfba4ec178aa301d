// Migrations since the previous release (releases/previous) are expand-only, or say why a contract
// step is safe now (docs/operations.md "Upgrades"): the previous release serves on their schema
// while the new one rolls out. And the checker itself, on migrations that break that.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { contractReason, expandOnlyFindings, uniqueIndexNames } from './support/expand-only'
import { git, migrationsOf, missingHistory, previousRelease } from './support/previous-release'

const folder = path.resolve('migrations')
const files = fs.readdirSync(folder).filter((f) => f.endsWith('.js'))
const read = (file: string) => fs.readFileSync(path.join(folder, file), 'utf8')
const uniques = uniqueIndexNames(files.map(read))

describe('migrations since the previous release', () => {
  const previous = previousRelease()
  const missing = missingHistory(previous.commit)
  // CI clones with history (.ci/run): there a missing commit is a failure, not a reason to skip.
  if (missing && process.env.CI !== 'true') {
    it.skip(`cannot read the previous release: ${missing}`, () => {})
    return
  }

  it('the previous release is in the history', () => {
    expect(missing).toBeNull()
  })

  it("keep the previous release's migrations, unchanged (a release's schema is what they made)", () => {
    const before = migrationsOf(previous.commit)
    expect(before.length).toBeGreaterThan(0)
    expect(before.filter((f) => !files.includes(f))).toEqual([])
    const changed = git(['diff', '--name-only', previous.commit, '--', ...before.map((f) => `migrations/${f}`)])
    expect(changed.ok).toBe(true)
    expect(changed.out.trim()).toBe('')
  })

  it('are expand-only, or contract steps that say why', () => {
    const before = new Set(migrationsOf(previous.commit))
    const findings = files
      .filter((f) => !before.has(f))
      .flatMap((f) => expandOnlyFindings(read(f), uniques).map((x) => `${f}:${x.line} ${x.what}`))
    expect(findings).toEqual([])
  })
})

const up = (body: string) =>
  `import { sql } from 'kysely'\nimport { dropReferencedTable, byteOrderText } from '../db/dialect.js'\n\nexport async function up(db) {\n${body}\n}\n\nexport async function down(db) {\n  await db.schema.dropTable('made_here').execute()\n}\n`
const whats = (body: string) => expandOnlyFindings(up(body), uniques).map((f) => f.what)

describe('the expand-only checker', () => {
  it.each([
    ["await db.schema.dropTable('buyers').execute()", 'drops table buyers'],
    ["await dropReferencedTable(db, 'sellers')", 'drops table sellers'],
    ["await db.schema.alterTable('buyers').dropColumn('gstin').execute()", 'dropColumn on existing table buyers'],
    ["await db.schema.alterTable('buyers').renameColumn('name', 'legal_name').execute()", 'renameColumn'],
    ["await db.schema.alterTable('buyers').renameTo('customers').execute()", 'renameTo'],
    [
      "await db.schema.alterTable('buyers').alterColumn('name', (c) => c.setDataType('varchar(40)')).execute()",
      'setDataType',
    ],
    ["await db.schema.alterTable('buyers').alterColumn('gstin', (c) => c.setNotNull()).execute()", 'setNotNull'],
    ["await byteOrderText(db, 'buyers', 'name')", "changes a column's type on existing table buyers"],
    [
      "await db.schema.alterTable('buyers').addColumn('tier', 'text', (c) => c.notNull()).execute()",
      'adds a NOT NULL column without a default to existing table buyers',
    ],
    ['await sql`drop table if exists buyers`.execute(db)', 'drops table buyers (SQL)'],
    ['await sql`alter table buyers drop column gstin`.execute(db)', 'drops a column of buyers (SQL)'],
    ['await sql`alter table buyers rename column name to legal_name`.execute(db)', 'renames in buyers (SQL)'],
    [
      'await sql`alter table "buyers" alter column name type varchar(40)`.execute(db)',
      "changes a column's type in buyers",
    ],
    ["await sql.raw('alter table buyers alter column gstin set not null').execute(db)", 'sets NOT NULL on a column'],
    ['await sql`alter table only buyers drop constraint buyers_gstin_key`.execute(db)', 'drops a constraint of buyers'],
    [
      'await sql`alter table buyers add column tier text not null`.execute(db)',
      'adds a NOT NULL column without a default',
    ],
  ])('refuses %s', (body, what) => {
    expect(whats(body).join('; ')).toContain(what)
  })

  it('refuses dropping an index a unique rule needs, and one it cannot name', () => {
    const unique = [...uniques][0]
    expect(unique).toBeDefined()
    expect(whats(`await db.schema.dropIndex('${unique}').execute()`)).toEqual([
      `drops unique index ${unique}: a rule the previous release relies on`,
    ])
    expect(whats(`await sql\`drop index if exists ${unique}\`.execute(db)`)).toEqual([
      `drops unique index ${unique} (SQL)`,
    ])
    expect(whats('await db.schema.dropIndex(name).execute()')).toHaveLength(1)
  })

  it('finds the unique indexes the migrations make', () => {
    const made = uniqueIndexNames([
      "await db.schema.createIndex('a_uq').on('a').column('x').unique().execute()",
      "await db.schema.createTable('b').addColumn('x', 'text').addUniqueConstraint('b_x_uq', ['x']).execute()",
      'await sql`create unique index if not exists c_uq on c (x)`.execute(db)',
      "await db.schema.createIndex('d_idx').on('d').column('x').execute()",
    ])
    expect([...made].sort()).toEqual(['a_uq', 'b_x_uq', 'c_uq'])
  })

  it('accepts what expands: new tables shaped freely, new columns, indexes, extensions; and anything in down()', () => {
    const body = [
      "  await db.schema.createTable('made_here').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('name', 'text', (c) => c.notNull()).execute()",
      "  await db.schema.alterTable('made_here').alterColumn('name', (c) => c.setDataType('varchar(80)')).execute()",
      "  await byteOrderText(db, 'made_here', 'name')",
      '  await sql`alter table made_here alter column name set storage external`.execute(db)',
      "  await db.schema.alterTable('buyers').addColumn('tier', 'text', (c) => c.notNull().defaultTo('standard')).execute()",
      "  await db.schema.alterTable('buyers').addColumn('note', 'text').execute()",
      "  await db.schema.createIndex('buyers_tier_idx').on('buyers').column('tier').execute()",
      "  await db.schema.dropIndex('buyers_note_idx').execute()",
      '  await sql`create extension if not exists pg_trgm`.execute(db)',
      '  await sql`create index if not exists buyers_name_trgm on buyers using gin (lower(name) gin_trgm_ops)`.execute(db)',
    ].join('\n')
    expect(whats(body)).toEqual([])
  })

  it('accepts a contract step that gives its reason, and only with one', () => {
    const drop = "  await db.schema.alterTable('buyers').dropColumn('legacy_code').execute()"
    const marked = `// Contract step: release 2027-02 (abc1234) stopped reading buyers.legacy_code\n${up(drop)}`
    expect(contractReason(marked)).toBe('release 2027-02 (abc1234) stopped reading buyers.legacy_code')
    expect(expandOnlyFindings(marked, uniques)).toEqual([])
    expect(expandOnlyFindings(`// Contract step: ok\n${up(drop)}`, uniques)).toHaveLength(1)
  })
})
