// Runs before each test file: a private copy of the template database, so files never share state.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll } from 'vitest'
import { TEMPLATE_DB, TEST_SESSION_SECRET } from './paths'

const file = path.join(os.tmpdir(), `platform-test-${process.pid}-${crypto.randomBytes(4).toString('hex')}.db`)
fs.copyFileSync(TEMPLATE_DB, file)
process.env.DATABASE_URL = file
process.env.SESSION_SECRET = TEST_SESSION_SECRET
process.env.APP_URL = 'http://localhost:3000'
globalThis.__database = undefined

afterAll(async () => {
  await globalThis.__database?.db.destroy()
  globalThis.__database = undefined
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true })
})
