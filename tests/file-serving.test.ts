// Serving uploaded files from each file store on the real server (node server.js, the built app: run
// `npm run build` first), on the pass's database (SQLite, or PostgreSQL in the PostgreSQL pass): a
// server with its own empty UPLOADS_DIR serves an image another process stored in the database (the
// PostgreSQL default: several machines share nothing but the database), whole and with its headers,
// and the time to serve one is printed for the folder and the database side by side
// (FILE_SERVING_REQUESTS requests of each size; docs/operations.md "Files").
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FileStorage } from '~/config.server'
import { getDb } from '~/db.server'
import { databaseFiles, folderFiles, type FileStore } from '~/platform/files.server'
import { cookieFor } from './support/db'
import { startServer, type RunningServer } from './support/server'

const REQUESTS = Number(process.env.FILE_SERVING_REQUESTS ?? 40)
const SIZES = { '100 KB': 100 * 1024, '5 MB': 5 * 1024 * 1024 }

async function storeImage(store: FileStore, bytes: Buffer): Promise<number> {
  const key = `${crypto.randomUUID()}.png`
  await store.put(getDb(), key, bytes, 'image/png')
  const row = await getDb()
    .insertInto('images')
    .values({
      storage_key: key,
      content_type: 'image/png',
      byte_size: bytes.byteLength,
      width: 1,
      height: 1,
      original_name: 'load.png',
      uploaded_by: null,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

const percentile = (times: number[], p: number) => [...times].sort((a, b) => a - b)[Math.ceil(times.length * p) - 1]!

describe('serving uploaded images from the folder and from the database', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'file-serving-'))
  const servers = new Map<FileStorage, RunningServer>()
  const images = new Map<string, { id: number; bytes: Buffer }>()
  let cookie = ''
  beforeAll(async () => {
    cookie = await cookieFor('internal')
    const stores: [FileStorage, FileStore][] = [
      ['fs', folderFiles(path.join(root, 'fs'))],
      ['database', databaseFiles()],
    ]
    for (const [backend, store] of stores) {
      for (const [size, length] of Object.entries(SIZES)) {
        const bytes = crypto.randomBytes(length)
        images.set(`${backend} ${size}`, { id: await storeImage(store, bytes), bytes })
      }
      // Each server has a folder of its own: the database's server finds nothing in it.
      servers.set(
        backend,
        await startServer({ FILE_STORAGE: backend, UPLOADS_DIR: path.join(root, backend), LOG_LEVEL: 'error' }),
      )
    }
  }, 120_000)
  afterAll(async () => {
    await Promise.all([...servers.values()].map((server) => server.stop()))
    fs.rmSync(root, { recursive: true, force: true })
  })

  const get = (backend: FileStorage, id: number) =>
    fetch(`${servers.get(backend)!.url}/images/${id}`, { headers: { cookie } })

  it('serves each image whole, with its length and the headers that keep it inert, from either store', async () => {
    expect(fs.existsSync(path.join(root, 'database'))).toBe(false)
    for (const backend of servers.keys())
      for (const size of Object.keys(SIZES)) {
        const { id, bytes } = images.get(`${backend} ${size}`)!
        const response = await get(backend, id)
        expect(response.status).toBe(200)
        expect(response.headers.get('content-length')).toBe(String(bytes.byteLength))
        expect(response.headers.get('content-type')).toBe('image/png')
        expect(response.headers.get('x-content-type-options')).toBe('nosniff')
        expect(response.headers.get('content-security-policy')).toMatch(/sandbox/)
        expect(response.headers.get('cache-control')).toMatch(/immutable/)
        expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true)
      }
    // A store holds only its own: the folder's server does not find the database's image, and the other way round.
    expect((await get('fs', images.get('database 100 KB')!.id)).status).toBe(404)
    expect((await get('database', images.get('fs 100 KB')!.id)).status).toBe(404)
  })

  it(`times ${REQUESTS} requests of each size from each store`, async () => {
    const lines: string[] = []
    for (const size of Object.keys(SIZES))
      for (const backend of servers.keys()) {
        const { id, bytes } = images.get(`${backend} ${size}`)!
        const times: number[] = []
        const started = performance.now()
        for (let i = 0; i < REQUESTS; i++) {
          const t = performance.now()
          const body = await (await get(backend, id)).arrayBuffer()
          times.push(performance.now() - t)
          expect(body.byteLength).toBe(bytes.byteLength)
        }
        const seconds = (performance.now() - started) / 1000
        lines.push(
          `${size.padEnd(7)} ${backend.padEnd(9)} mean ${(times.reduce((a, b) => a + b, 0) / times.length).toFixed(1)} ms, p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms, ${(REQUESTS / seconds).toFixed(0)} req/s`,
        )
      }
    console.log(
      `Serving one image (${process.env.DATABASE_URL?.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'}, ${REQUESTS} requests one after another):\n${lines.join('\n')}`,
    )
  }, 600_000)
})
