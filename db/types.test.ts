// db/types.ts is written by hand; this holds it to the schema the migrations make, on SQLite and (npm
// test's second pass) on PostgreSQL: the same tables, the same columns, the same nullability, and no
// column left out of an insert (Generated<>, ColumnType<…, … | undefined, …>) that the database can
// neither default nor leave null. The types are read with the TypeScript compiler, as the app sees them.
import crypto from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { sql, type ColumnMetadata } from 'kysely'
import pg from 'pg'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, isPostgresUrl, type Database } from './database'
import { isPostgres } from './dialect.js'
import { migrateToLatest } from './migrate'

interface ColumnInType {
  /** The column's select type admits null. */
  nullable: boolean
  /** An insert may leave the column out. */
  optionalOnInsert: boolean
}

/** Every table of the `DB` interface in db/types.ts: its columns (inherited ones included) as the compiler sees them. */
function tablesInTypes(): Map<string, Map<string, ColumnInType>> {
  const file = fileURLToPath(new URL('./types.ts', import.meta.url))
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  })
  const checker = program.getTypeChecker()
  const source = program.getSourceFile(file)!
  const db = source.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'DB',
  )
  if (!db) throw new Error('db/types.ts declares no DB interface')
  const has = (type: ts.Type, flag: ts.TypeFlags) =>
    type.isUnion() ? type.types.some((t) => (t.flags & flag) !== 0) : (type.flags & flag) !== 0
  const tables = new Map<string, Map<string, ColumnInType>>()
  for (const table of checker.getPropertiesOfType(checker.getTypeAtLocation(db))) {
    const columns = new Map<string, ColumnInType>()
    for (const column of checker.getPropertiesOfType(checker.getTypeOfSymbol(table))) {
      const type = checker.getTypeOfSymbol(column)
      // Kysely's ColumnType<Select, Insert, Update> (Generated<> is one) is an object of the three.
      const part = (name: string) => {
        const property = checker.getPropertyOfType(type, name)
        return property ? checker.getTypeOfSymbol(property) : type
      }
      const select = part('__select__')
      const insert = part('__insert__')
      columns.set(column.name, {
        nullable: has(select, ts.TypeFlags.Null),
        // Kysely lets an insert leave out a column whose insert type admits undefined or null.
        optionalOnInsert: has(insert, ts.TypeFlags.Undefined) || has(insert, ts.TypeFlags.Null),
      })
    }
    tables.set(table.name, columns)
  }
  return tables
}

interface ColumnInDatabase extends ColumnMetadata {
  primaryKey: boolean
}

/** A database migrated from nothing: in memory on SQLite, a new database on the PostgreSQL server of this test file. */
async function freshDatabase(): Promise<{ db: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL!
  if (!isPostgresUrl(url)) {
    const { db } = createDatabase(':memory:')
    return { db, drop: () => db.destroy() }
  }
  const name = `platform_types_${crypto.randomBytes(6).toString('hex')}`
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await admin(`create database ${name}`)
  const fresh = new URL(url)
  fresh.pathname = `/${name}`
  const { db } = createDatabase(fresh.toString(), { poolMax: 2 })
  return {
    db,
    drop: async () => {
      await db.destroy()
      await admin(`drop database if exists ${name}`)
    },
  }
}

/** The migrated schema's tables and columns, Kysely's own migration tables left out. */
async function tablesInDatabase(db: Database): Promise<Map<string, Map<string, ColumnInDatabase>>> {
  const tables = new Map<string, Map<string, ColumnInDatabase>>()
  for (const table of await db.introspection.getTables()) {
    if (table.name.startsWith('kysely_')) continue
    // SQLite reports a primary key column not declared `not null` as nullable; it holds no null
    // here (and cannot on PostgreSQL), so it counts as not null on both.
    const keys = isPostgres(db)
      ? new Set<string>()
      : new Set(
          (
            await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${table.name})`.execute(db)
          ).rows
            .filter((row) => row.pk > 0)
            .map((row) => row.name),
        )
    tables.set(table.name, new Map(table.columns.map((c) => [c.name, { ...c, primaryKey: keys.has(c.name) }])))
  }
  return tables
}

describe('db/types.ts against the migrated schema', () => {
  let types: Map<string, Map<string, ColumnInType>>
  let schema: Map<string, Map<string, ColumnInDatabase>>
  let drop: () => Promise<void>

  beforeAll(async () => {
    types = tablesInTypes()
    const fresh = await freshDatabase()
    drop = fresh.drop
    await migrateToLatest(fresh.db)
    schema = await tablesInDatabase(fresh.db)
  })
  afterAll(() => drop?.())

  it('names the same tables', () => {
    // Both sides were read: an empty reading would agree with anything.
    expect(schema.get('users')?.has('email')).toBe(true)
    expect(types.get('buyers')?.has('name')).toBe(true)
    const missing = [...schema.keys()].filter((t) => !types.has(t)).map((t) => `${t}: a table with no type in DB`)
    const extra = [...types.keys()].filter((t) => !schema.has(t)).map((t) => `${t}: typed in DB, no such table`)
    expect([...missing, ...extra].sort()).toEqual([])
  })

  it('gives each table the same columns', () => {
    const mismatches: string[] = []
    for (const [table, columns] of schema) {
      const typed = types.get(table)
      if (!typed) continue
      for (const column of columns.keys())
        if (!typed.has(column)) mismatches.push(`${table}.${column}: a column its type does not name`)
      for (const column of typed.keys())
        if (!columns.has(column)) mismatches.push(`${table}.${column}: typed, no such column`)
    }
    expect(mismatches.sort()).toEqual([])
  })

  it('admits null where the database does, and only there', () => {
    const mismatches: string[] = []
    for (const [table, columns] of schema)
      for (const [name, column] of columns) {
        const typed = types.get(table)?.get(name)
        if (!typed) continue
        const nullable = column.isNullable && !column.primaryKey
        if (nullable && !typed.nullable)
          mismatches.push(`${table}.${name}: nullable in the database, its type admits no null`)
        if (!nullable && typed.nullable)
          mismatches.push(`${table}.${name}: not null in the database, its type admits null`)
      }
    expect(mismatches.sort()).toEqual([])
  })

  it('lets an insert leave out only a column the database defaults, numbers or leaves null', () => {
    const mismatches: string[] = []
    for (const [table, columns] of schema)
      for (const [name, column] of columns) {
        const typed = types.get(table)?.get(name)
        if (!typed?.optionalOnInsert) continue
        const filled = column.hasDefaultValue || column.isAutoIncrementing || (column.isNullable && !column.primaryKey)
        if (!filled)
          mismatches.push(`${table}.${name}: optional on insert in its type, but the database has no default for it`)
      }
    expect(mismatches.sort()).toEqual([])
  })
})
