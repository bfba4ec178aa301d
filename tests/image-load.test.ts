// The image playground cannot exhaust the server (issue 35): renders take turns, one at a time in
// the process whoever asks, so a large render holds one of libuv's threads at most and sign-in is
// never in their line; a render too large is refused at its field; one user's renders take turns,
// and beyond the renders waiting in line the user is told 429; a render asked for again answers
// from the cache (on the real server: node server.js, the built app; run `npm run build` first).
//
// No answer here depends on the machine's speed (issue 53): the tests that need renders to be
// running hold them (the file read that starts each render waits until the test lets it go), and
// wait for the line to reach a state rather than for a time. How long sign-in takes while four
// users render large images is measured by the benchmark: `npm run bench -- playground`
// (tests/bench/playground.ts).
import type { AppLoadContext } from '@remix-run/node'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { config } from '~/config.server'
import { getDb } from '~/db.server'
import { checkPlaygroundImage, renderTurnsNow, savePlaygroundImage } from '~/features/toolkit/images.server'
import { WAITING_PER_USER } from '~/features/toolkit/render-limits.server'
import { imagesPage, renderResponse } from '~/features/toolkit/pages.server'
import { isFileError } from '~/features/assets/files.server'
import { fileStore } from '~/platform/files.server'
import { action as signInAction } from '~/routes/_public+/login'
import { demoEmail } from '../seed/demo-users'
import type { RoleKey } from '#db/types'
import { cookieFor, userIdOf, viewerFor } from './support/db'
import { fileOf } from './support/files'
import { TEST_PASSWORD_HASH_COST } from './support/paths'
import { startServer, type RunningServer } from './support/server'

const ROLES = ['buyer', 'seller', 'internal', 'logistics'] as const

/** A 7000 × 7000 PNG (49 million pixels to decode) of one colour: a small file. */
const largePng = () =>
  sharp({ create: { width: 7000, height: 7000, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png({ compressionLevel: 9 })
    .toBuffer()

/** A 1500 × 1500 PNG: renders of it are quick, so a render held is what keeps a turn, never its size. */
const smallPng = () =>
  sharp({ create: { width: 1500, height: 1500, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer()

async function saveFor(role: RoleKey, bytes: Buffer): Promise<number> {
  const checked = await checkPlaygroundImage(fileOf(bytes, 'large.png'))
  if (!checked || isFileError(checked)) throw new Error(JSON.stringify(checked))
  return savePlaygroundImage(getDb(), await userIdOf(demoEmail(role)), checked)
}

/**
 * Holds every render of this process at its start (the read of the image's file, inside the
 * render's turn) until the test lets it go: a held render keeps its turn for as long as the test
 * wants, on any machine.
 */
function holdRenders() {
  const store = fileStore()
  const read = store.read.bind(store)
  const gates: (() => void)[] = []
  let open = false
  const spy = vi.spyOn(store, 'read').mockImplementation(async (db, key) => {
    if (!open) await new Promise<void>((go) => gates.push(go))
    return read(db, key)
  })
  const openAll = () => {
    open = true
    for (const go of gates) go()
  }
  return {
    /** Renders that have started (taken their turn and reached their file). */
    started: () => spy.mock.calls.length,
    /** Lets the `n`th render started (from 0) go on. */
    release: (n: number) => gates[n]!(),
    openAll,
    restore: () => {
      openAll()
      spy.mockRestore()
    },
  }
}

/** Waits until `check` passes: for the line to reach a state, however long the machine takes. */
const until = (check: () => void) => vi.waitFor(check, { timeout: 30_000, interval: 2 })

describe('the image playground under load', () => {
  let server: RunningServer
  const images = new Map<string, number>()
  const smallImages = new Map<string, number>()
  const cookies = new Map<string, string>()
  const viewers = new Map<string, Awaited<ReturnType<typeof viewerFor>>>()
  beforeAll(async () => {
    const [large, small] = await Promise.all([
      largePng(),
      smallPng(),
      (server = await startServer({ UPLOADS_DIR: config().uploadsDir, PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST })),
    ])
    for (const role of ROLES) {
      images.set(role, await saveFor(role, large))
      smallImages.set(role, await saveFor(role, small))
      cookies.set(role, await cookieFor(role))
      viewers.set(role, await viewerFor(role))
    }
  }, 60_000)
  afterAll(() => server?.stop())

  const render = (role: string, query: string, headers: Record<string, string> = {}, image = images.get(role)) =>
    fetch(`${server.url}/toolkit/images/${image}/render?${query}`, {
      headers: { cookie: cookies.get(role)!, ...headers },
    })

  /** A render in this process, through the render route's own function: its answer, refusals included. */
  const renderHere = async (role: string, query: string, image = smallImages.get(role)!): Promise<Response> => {
    const url = new URL(`http://localhost/toolkit/images/${image}/render?${query}`)
    try {
      return await renderResponse(getDb(), viewers.get(role)!, String(image), url)
    } catch (answer) {
      if (answer instanceof Response) return answer
      throw answer
    }
  }

  it('renders one at a time in the process whoever asks, and sign-in is not in their line', async () => {
    const hold = holdRenders()
    try {
      // Four users render at once: one render runs, the other three wait for the process's turn.
      const answers = ROLES.map((role, i) => renderHere(role, `width=${300 + i}&format=jpeg&quality=${70 + i}`))
      await until(() => expect(renderTurnsNow()).toEqual({ running: 1, waiting: 3 }))
      expect(hold.started()).toBe(1)
      // Sign-in is answered while the renders are held (a wrong password for an address nobody
      // has: still a full password hash, the decoy).
      const signIn = await signInAction({
        request: new Request('http://localhost/login', {
          method: 'POST',
          body: new URLSearchParams({ email: 'nobody@example.com', password: 'wrong-password-1' }),
        }),
        context: { clientIp: '198.51.100.7', menus: {} } as AppLoadContext,
        params: {},
      })
      expect(signIn).toMatchObject({ init: { status: 400 } })
      // Each render starts only when the one before it is done, whoever's it is.
      for (let n = 1; n <= ROLES.length; n++) {
        await until(() => expect([hold.started(), renderTurnsNow()]).toEqual([n, { running: 1, waiting: 4 - n }]))
        hold.release(n - 1)
      }
      expect((await Promise.all(answers)).map((r) => r.status)).toEqual([200, 200, 200, 200])
      expect(renderTurnsNow()).toEqual({ running: 0, waiting: 0 })
    } finally {
      hold.restore()
    }
  }, 60_000)

  it('refuses a result larger than 4096 pixels a side, at the field, and the render the same', async () => {
    const me = await viewerFor('buyer')
    const id = images.get('buyer')!
    const page = await imagesPage(getDb(), me, new URL(`http://localhost/toolkit/images?image=${id}&width=6000`))
    expect(page.edit?.errors).toEqual({ width: 'Width: enter a whole number from 1 to 4096' })
    // No size asked for keeps the image's own 7000 × 7000: too large, said at the width.
    const kept = await imagesPage(getDb(), me, new URL(`http://localhost/toolkit/images?image=${id}`))
    expect(kept.edit?.errors).toEqual({
      width: 'The result would be 7000 × 7000 pixels: at most 4096 a side. Enter a smaller width or height (or crop)',
    })
    expect(kept.edit?.previewSrc).toBeNull()
    const res = await render('buyer', 'width=4096&rotate=90&cropLeft=0&cropTop=0&cropWidth=7000&cropHeight=100')
    expect([res.status, await res.text()]).toEqual([
      400,
      'The result would be 4096 × 286720 pixels: at most 4096 a side. Enter a smaller width or height (or crop)',
    ])
  })

  it('runs one render at a time per user: beyond the renders waiting in line, the user is told 429, and none is lost', async () => {
    const hold = holdRenders()
    try {
      // One render holds the user's turn (held at its start, as long as the test wants) while 20
      // different small edits arrive: WAITING_PER_USER (16) wait their turn, the other 4 are told at once.
      const first = renderHere('seller', 'width=1200&format=jpeg&quality=55')
      await until(() => expect(renderTurnsNow()).toEqual({ running: 1, waiting: 0 }))
      const answered: Response[] = []
      const answers = Array.from({ length: 20 }, (_, i) =>
        renderHere('seller', `width=${100 + i}&format=webp`).then((r) => (answered.push(r), r)),
      )
      await until(() => {
        expect(renderTurnsNow()).toEqual({ running: 1, waiting: WAITING_PER_USER })
        expect(answered.length).toBe(20 - WAITING_PER_USER)
      })
      expect(hold.started()).toBe(1)
      expect(answered.map((r) => r.status)).toEqual([429, 429, 429, 429])
      for (const refused of answered) {
        expect(refused.headers.get('Retry-After')).toBe('5')
        expect(await refused.text()).toBe(
          'Too many of your images are being edited at once: wait for them, then try again.',
        )
      }
      // Let go: the held render and every one that waited is made, none lost.
      hold.openAll()
      expect((await first).status).toBe(200)
      const statuses = (await Promise.all(answers)).map((r) => r.status)
      expect(statuses.filter((s) => s === 200)).toHaveLength(WAITING_PER_USER)
      expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([])
      expect([hold.started(), renderTurnsNow()]).toEqual([1 + WAITING_PER_USER, { running: 0, waiting: 0 }])
    } finally {
      hold.restore()
    }
  }, 60_000)
  it('answers a render asked for again from the cache, and a browser that has it with 304', async () => {
    const first = await render('internal', 'width=640&format=png&grayscale=1')
    expect([first.status, first.headers.get('X-Render-Cache')]).toEqual([200, 'miss'])
    const etag = first.headers.get('ETag')!
    expect(etag).toMatch(/^"[\w-]+"$/)
    const bytes = Buffer.from(await first.arrayBuffer())
    const again = await render('internal', 'format=png&grayscale=1&width=640&download=1')
    expect([again.status, again.headers.get('X-Render-Cache'), again.headers.get('ETag')]).toEqual([200, 'hit', etag])
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true)
    const fresh = await render('internal', 'width=640&format=png&grayscale=1', { 'If-None-Match': etag })
    expect([fresh.status, fresh.headers.get('ETag')]).toEqual([304, etag])
    // Another user's ETag for their own image does not open this one.
    expect((await render('logistics', 'width=640&format=png&grayscale=1', { 'If-None-Match': etag })).status).toBe(200)
  }, 60_000)
})
