import fs from 'node:fs'
import { createDatabase } from '../../db/database'
import { migrateToLatest } from '../../db/migrate'
import { seedDemo } from '../../db/seed'
import { ARTIFACTS, TEMPLATE_DB } from './paths'

export default async function setup() {
  fs.mkdirSync(ARTIFACTS, { recursive: true })
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(TEMPLATE_DB + suffix, { force: true })
  const { db, sqlite } = createDatabase(TEMPLATE_DB)
  await migrateToLatest(db)
  await seedDemo(db)
  // One self-contained file: fold the WAL back in so a plain copy is complete.
  sqlite.pragma('wal_checkpoint(TRUNCATE)')
  sqlite.pragma('journal_mode = DELETE')
  await db.destroy()
}
