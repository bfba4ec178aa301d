// Hostile import files cannot take the server down or hold it up (issue 50): on the real server
// (node server.js, the built app: run `npm run build` first), a workbook with a cell hundreds of
// millions of columns to the right, a deflate bomb whose zip declares a small size, and a sheet of
// 300,000 rows are each refused at the file field, while /healthz keeps answering and the process
// lives on. The file is read in a worker thread (app/features/imports/read-apart.server.ts, proven
// by its own test); how long /healthz takes meanwhile depends on the machine, so it is measured by
// the benchmark, `npm run bench -- hostile` (tests/bench/hostile-imports.ts), not here (issue 53).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cookieFor } from './support/db'
import { deflateBomb, farColumn, manyRows } from './support/hostile-files'
import { startServer, type RunningServer } from './support/server'

describe('hostile import files on the real server', () => {
  let server: RunningServer
  let cookie = ''
  // Made before any request: seconds of idling between requests would let the server close a kept-alive
  // connection as the next request goes out on it.
  const files = new Map<string, Uint8Array>()
  beforeAll(async () => {
    // A bomb past a 20 MB limit proves the count as well as one past the default 200 MB, in a tenth of the time.
    const starting = startServer({ IMPORT_MAX_UNPACKED_MB: '20' })
    for (const [name, make] of Object.entries({ farColumn, deflateBomb, manyRows })) files.set(name, make())
    server = await starting
    cookie = await cookieFor('internal')
  }, 90_000)
  afterAll(() => server?.stop())

  /** Uploads the file while asking /healthz every 50 ms: the answer, and how many /healthz answered 200. */
  async function uploadWatchingHealth(name: string, bytes: Uint8Array) {
    let uploading = true
    let asked = 0
    const watching = (async () => {
      while (uploading) {
        const health = await fetch(`${server.url}/healthz`)
        await health.arrayBuffer()
        expect(health.status).toBe(200)
        asked++
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    })()
    const form = new FormData()
    form.set('kind', 'buyer_skus')
    form.set(
      'file',
      new File([Buffer.from(bytes)], name, {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    )
    const answer = await fetch(`${server.url}/skus/imports/new`, {
      method: 'POST',
      body: form,
      headers: { cookie, Origin: server.url.replace('127.0.0.1', 'localhost') },
      redirect: 'manual',
    }).finally(() => (uploading = false))
    const page = await answer.text()
    await watching
    return { status: answer.status, page, asked }
  }

  it.each([
    ['a cell at column AAAAAAA', 'farColumn', 'beyond the last a sheet can have'],
    [
      'a deflate bomb declaring 1,000 bytes',
      'deflateBomb',
      'The workbook is too large to read: one of its parts unpacks to more than 20 MB',
    ],
    ['300,000 rows', 'manyRows', 'The file has more than 1,00,000 rows: split it into smaller files.'],
  ])(
    'refuses %s at the file field while /healthz answers',
    async (_name, file, message) => {
      const { status, page, asked } = await uploadWatchingHealth('hostile.xlsx', files.get(file)!)
      expect(status).toBe(400)
      expect(/<p class="field-error">([^<]*)<\/p>/.exec(page)?.[1]).toContain(message)
      expect(page).toContain('The file was not read: nothing was written.')
      expect(server.exitCode()).toBeNull()
      // The first /healthz is asked as the upload goes out, and answered whatever the machine's speed.
      expect(asked).toBeGreaterThan(0)
      // The server lives on and serves.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    },
    60_000,
  )
})
