import { expect, test, type Page } from '@playwright/test'
import SQLite from 'better-sqlite3'
import { fillInspection } from './qc-fill'
import { dbRow, dbValue, E2E_DB, signInAs } from './support'

// The field operator's offline queue belongs to the person who filled it (docs/decisions/0009):
// operator A queues two inspections offline on a phone; A's session ends; one inspection is moved
// to operator B; B signs in on the same phone. Nothing of A's is sent as B's (the form's owner
// token is checked by the server), A's queue is gone, and offline B is not shown A's kept pages.

const DEMO_OPERATOR = 'field_operator@example.com'
const A = 'field_operator_a@example.com'
const B = 'field_operator_b@example.com'
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

function write(run: (db: SQLite.Database) => void) {
  const db = new SQLite(E2E_DB, { fileMustExist: true })
  try {
    db.pragma('busy_timeout = 5000')
    run(db)
  } finally {
    db.close()
  }
}

/** Two field operators of this journey's own, A and B (the demo has one, which other journeys use). */
test.beforeAll(() => {
  write((db) => {
    for (const [email, name] of [
      [A, 'Asha Field'],
      [B, 'Bina Field'],
    ]) {
      if (db.prepare('select 1 from users where email = ?').get(email)) continue
      db.prepare(
        `insert into users (email, name, phone, password_hash, status, buyer_id, seller_id, is_company_admin, created_at, updated_at) select ?, ?, null, password_hash, status, null, null, 0, created_at, updated_at from users where email = ?`,
      ).run(email, name, DEMO_OPERATOR)
      db.prepare(`insert into user_roles (user_id, role) select id, 'field_operator' from users where email = ?`).run(
        email,
      )
    }
  })
})

/** Fills every measured value and the quantities of the inspection's form. */
const fill = (page: Page, inspectionId: number) => fillInspection(page, inspectionId, 0)

/** What waits in the phone's queue (IndexedDB field-outbox). */
const queued = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ key: string; url: string; entries: [string, string][] }[]>((ok, ko) => {
        const open = indexedDB.open('field-outbox', 1)
        open.onupgradeneeded = () => open.result.createObjectStore('forms', { keyPath: 'key' })
        open.onerror = () => ko(open.error)
        open.onsuccess = () => {
          const get = open.result.transaction('forms').objectStore('forms').getAll()
          get.onsuccess = () => (open.result.close(), ok(get.result))
        }
      }),
  )

test(
  'A’s offline queue and kept pages do not pass to B on the same phone, and A’s form is never sent as B’s',
  { tag: '@js-only' },
  async ({ browser }) => {
    test.setTimeout(120_000)
    // Two of A's scheduled demo inspections that the other journeys leave alone (they take the overdue one, today's and the one furthest ahead).
    const [moved, kept] = JSON.parse(
      dbValue<string>(
        `select json_group_array(json_object('id', id, 'code', code)) from (select i.id, i.code from qc_inspections i join users u on u.id = i.operator_id where u.email = ? and i.status = 'scheduled' and i.scheduled_on > date('now', '+330 minutes')
         and i.id <> (select i2.id from qc_inspections i2 where i2.operator_id = i.operator_id and i2.status <> 'cancelled' order by i2.scheduled_on desc, i2.id limit 1) order by i.scheduled_on, i.id limit 2)`,
        DEMO_OPERATOR,
      ),
    ) as { id: number; code: string }[]
    expect(kept, 'two spare demo inspections').toBeTruthy()
    write((db) =>
      db
        .prepare('update qc_inspections set operator_id = (select id from users where email = ?) where id in (?, ?)')
        .run(A, moved.id, kept.id),
    )
    const context = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL })
    // The phone says it is online throughout, as one on a Wi-Fi without the internet does (and as
    // Chromium 150 does on a page opened offline from its kept copy): the script must find out itself.
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'onLine', { get: () => true }))
    const page = await context.newPage()

    // 1. A opens the list and both inspections online (the service worker keeps them), then fills both offline.
    await signInAs(page, A, '/field_operator')
    await page.goto('/field_operator/orders')
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true))
    await page.reload()
    for (const inspection of [moved, kept]) await page.goto(`/field_operator/orders/${inspection.id}`)
    await context.setOffline(true)
    for (const inspection of [moved, kept]) {
      await page.goto(`/field_operator/orders/${inspection.id}`)
      await fill(page, inspection.id)
      await page.getByRole('button', { name: 'Review the results' }).click()
      await page.getByRole('button', { name: 'Keep and send when online' }).click()
      await expect(page.locator('#field-queue')).toContainText(
        new RegExp(`^Waiting to send: .*${inspection.code} \\(kept on this device`),
      )
    }
    const fromA = await queued(page)
    expect(fromA.map((item) => item.url.split('/').pop()).sort()).toEqual([String(moved.id), String(kept.id)].sort())

    // 2. A's session ends (on the server, as when it expires or is ended by an admin); one inspection is moved to B.
    write((db) => {
      db.prepare('delete from sessions where user_id = (select id from users where email = ?)').run(A)
      db.prepare('update qc_inspections set operator_id = (select id from users where email = ?) where id = ?').run(
        B,
        moved.id,
      )
    })
    await context.setOffline(false)
    await context.clearCookies()

    // 3. B signs in on the same phone: A's queue and A's kept pages are gone, and nothing was sent.
    await signInAs(page, B, '/field_operator')
    await expect.poll(() => queued(page)).toEqual([])
    await page.goto('/field_operator/orders')
    await expect(page.getByRole('link', { name: new RegExp(`^${moved.code} · `) })).toBeVisible()
    await expect(page.getByText(kept.code)).toHaveCount(0)
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true))
    await page.reload()
    for (const inspection of [moved, kept]) {
      expect(dbRow(`select status, draft_json, submitted_by from qc_inspections where id = ?`, inspection.id)).toEqual({
        status: 'scheduled',
        draft_json: null,
        submitted_by: null,
      })
    }

    // 4. A's form replayed under B's session (as a queue that was not cleared would): refused, never sent as B's.
    const formOfA = fromA.find((item) => item.url.endsWith(`/${moved.id}`))!
    const replay = await page.request.post(`/field_operator/orders/${moved.id}`, {
      headers: { origin: test.info().project.use.baseURL!, 'X-Field-Replay': '1' },
      multipart: Object.fromEntries(formOfA.entries),
      maxRedirects: 0,
    })
    expect(replay.status()).toBe(403)
    expect(await replay.text()).toContain('Recorded by another person: not sent.')
    expect(dbRow(`select status, draft_json, submitted_by from qc_inspections where id = ?`, moved.id)).toEqual({
      status: 'scheduled',
      draft_json: null,
      submitted_by: null,
    })
    expect(
      dbValue<number>(`select count(*) from qc_inspection_results where inspection_id in (?, ?)`, moved.id, kept.id),
    ).toBe(0)

    // 5. Offline, B is shown B's own kept list, and A's inspection is not on the phone any more.
    await context.setOffline(true)
    await page.goto('/field_operator/orders')
    await expect(page.getByRole('link', { name: new RegExp(`^${moved.code} · `) })).toBeVisible()
    await expect(page.getByText(kept.code)).toHaveCount(0)
    await page.goto(`/field_operator/orders/${kept.id}`)
    await expect(page.getByText('No connection, and this page was not opened before.')).toBeVisible()
    await expect(page.getByText(kept.code)).toHaveCount(0)
    await context.setOffline(false)

    // 6. B signs out from the field portal: B's kept pages and queue are dropped too.
    await page.goto('/field_operator/orders')
    await page.locator('.user-menu > summary').click()
    const signedOut = page.waitForResponse((response) => response.url().endsWith('/logout'))
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(/\/login$/)
    expect((await (await signedOut).allHeaders())['clear-site-data']).toBe('"cache", "storage"')
    expect(await page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('field-')))).toEqual([])
    expect(await queued(page)).toEqual([])
    await context.close()
  },
)
