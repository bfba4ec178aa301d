// Runs before each test file: a private copy of the template database, so files never share state.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll } from 'vitest'
import { TEMPLATE_DB, TEST_SESSION_SECRET } from './paths'
import { createDatabaseOn, dropDatabaseOn, uniqueName } from './postgres'
import { installStatementGuard } from './statement-guard.js'

const server = process.env.TEST_POSTGRES_URL
const template = process.env.TEST_POSTGRES_TEMPLATE
let cleanUp: () => Promise<void>
if (server) {
  if (!template)
    throw new Error(
      'TEST_POSTGRES_URL is set but no template database was made (tests/support/global-setup.ts, tests/support/with-postgres.ts)',
    )
  // What PgBouncer in transaction pooling mode cannot carry fails every test that sends it.
  installStatementGuard(pg)
  const name = uniqueName('platform_test')
  process.env.DATABASE_URL = await createDatabaseOn(server, name, template)
  cleanUp = () => dropDatabaseOn(server, name)
} else {
  const file = path.join(os.tmpdir(), `platform-test-${process.pid}-${crypto.randomBytes(4).toString('hex')}.db`)
  fs.copyFileSync(TEMPLATE_DB, file)
  process.env.DATABASE_URL = file
  cleanUp = async () => {
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true })
  }
}
// Uploaded files of this file alone: files running at once in other workers keep theirs apart.
const uploads = path.join(os.tmpdir(), `platform-test-${process.pid}-${crypto.randomBytes(4).toString('hex')}-uploads`)
process.env.UPLOADS_DIR = uploads
process.env.SESSION_SECRET = TEST_SESSION_SECRET
process.env.APP_URL = 'http://localhost:3000'
// Files share a worker process (vitest.config.ts, isolate): nothing of the last file's database or configuration stays.
globalThis.__database = undefined
globalThis.__config = undefined

afterAll(async () => {
  await globalThis.__database?.db.destroy()
  // The next file of this worker opens its own database and reads its own configuration.
  globalThis.__database = undefined
  globalThis.__config = undefined
  await cleanUp()
  fs.rmSync(uploads, { recursive: true, force: true })
})
