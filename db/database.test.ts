import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createDatabase, isPostgresUrl, redactedUrl, sqlitePathFromUrl } from './database'

describe('DATABASE_URL', () => {
  it('names PostgreSQL with postgres:// or postgresql://, and a SQLite file otherwise', () => {
    expect(isPostgresUrl('postgres://u:p@h:5432/db')).toBe(true)
    expect(isPostgresUrl('postgresql://h/db')).toBe(true)
    expect(isPostgresUrl('data/app.db')).toBe(false)
    expect(sqlitePathFromUrl('file:data/app.db')).toBe(path.resolve('data/app.db'))
    expect(sqlitePathFromUrl(':memory:')).toBe(':memory:')
  })

  it('never takes a server URL for a file path (a folder named "postgres:" was once made so)', () => {
    expect(() => sqlitePathFromUrl('postgres://u:secret@h/db')).toThrow(/names a PostgreSQL server/)
    expect(() => sqlitePathFromUrl('mysql://u:secret@h/db')).toThrow(/neither a file path nor a postgres:\/\/ URL/)
    const cwd = process.cwd()
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'database-url-'))
    process.chdir(dir)
    try {
      const handle = createDatabase('postgres://u:secret@127.0.0.1:1/db')
      expect(handle.kind).toBe('postgres')
      expect(fs.readdirSync(dir)).toEqual([])
      void handle.db.destroy()
    } finally {
      process.chdir(cwd)
    }
  })

  it('hides the password when a URL is printed', () => {
    expect(redactedUrl('postgres://app:s3cret@db.example:5432/orders')).toBe(
      'postgres://app:***@db.example:5432/orders',
    )
    expect(redactedUrl('data/app.db')).toBe('data/app.db')
  })
})
