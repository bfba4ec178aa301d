import { expect, test, type Browser, type Page } from '@playwright/test'
import sharp from 'sharp'
import SQLite from 'better-sqlite3'
import { fillInspection } from './qc-fill'
import { dbRow, dbValue, E2E_DB, signInAs } from './support'

// Quality control on the demo data (seed/qc.ts): business operations schedule an inspection on
// the calendar; the field operator inspects on a phone over a slow network, without JavaScript, and
// the connection drops as the results are sent; business operations accept part of the lot; the
// seller and the buyer see the outcome through their lenses. With JavaScript the operator's form
// is kept on the device while offline and sent once when the connection returns.

const OPERATOR = 'field_operator@example.com'
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

/** Chromium's Slow 3G as the issue gives it: 400 kbit/s each way, 2 s latency. */
async function slow3g(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 2000,
    downloadThroughput: 50_000,
    uploadThroughput: 50_000,
  })
}

async function phonePage(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled, baseURL: test.info().project.use.baseURL })
  return context.newPage()
}

const jpeg = (width: number, height: number, noise = false) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 90, g: 120, b: 160 },
      ...(noise ? { noise: { type: 'gaussian', mean: 128, sigma: 60 } } : {}),
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer()

test(
  'biz ops schedule, the operator inspects on a slow phone with a dropped connection, biz ops accept part of the lot, seller and buyer see their lens',
  { tag: '@js-off-only' },
  async ({ page, browser }) => {
    test.setTimeout(240_000)
    const order = dbRow<{ id: number; code: string; master_order_id: number }>(
      `select s.id, s.code, s.master_order_id from seller_orders s join master_orders m on m.id = s.master_order_id
      where s.status = 'ready_for_qc' and s.seller_id = (select seller_id from users where email = 'seller@example.com')
        and m.buyer_id = (select buyer_id from users where email = 'buyer@example.com')
        and not exists (select 1 from qc_inspections i where i.seller_order_id = s.id and i.status in ('scheduled', 'submitted'))
        -- One line (a demo QC order): the production journey may bring a two-line order to QC meanwhile.
        and (select count(*) from sub_orders l where l.seller_order_id = s.id) = 1
      order by s.id limit 1`,
    )
    const today = dbValue<string>(`select date('now', '+330 minutes')`)
    const freeSlot = ['09:00', '11:00', '14:00', '16:00'].find(
      (slot) =>
        !dbValue<number>(
          `select count(*) from qc_inspections i join users u on u.id = i.operator_id where u.email = ? and i.scheduled_on = ? and i.slot = ? and i.status <> 'cancelled'`,
          OPERATOR,
          today,
          slot,
        ),
    )!

    // 1. Business operations schedule it from the calendar's waiting list.
    await signInAs(page, 'biz_ops@example.com', '/biz_ops_team')
    await page.goto('/biz_ops_team/master_orders/qc/calendar')
    await page.getByRole('link', { name: `Schedule ${order.code}` }).click()
    const form = page.getByRole('form', { name: `Schedule ${order.code}` })
    await form.getByLabel('Day').fill(today)
    await form.getByLabel('Time slot').selectOption(freeSlot)
    await form.getByLabel('Field operator').selectOption({ label: 'Faisal Field' })
    await form.getByRole('button', { name: 'Schedule the inspection' }).click()
    await expect(page.getByRole('status').getByText(/QC-\d{4}-\d{6} is scheduled for/)).toBeVisible()
    const inspection = dbRow<{ id: number; code: string }>(
      `select id, code from qc_inspections where seller_order_id = ? and status = 'scheduled'`,
      order.id,
    )
    await expect(page.getByRole('link', { name: inspection.code, exact: true })).toBeVisible()
    // The same slot again for the same operator: refused, and told which inspection holds it.
    // The overdue demo inspection (the other journeys take the ones furthest ahead).
    const other = dbRow<{ id: number; code: string }>(
      `select id, code from qc_inspections where status = 'scheduled' and id <> ? order by scheduled_on, id limit 1`,
      inspection.id,
    )
    await page.goto(`/biz_ops_team/master_orders/qc/calendar?day=${today}&inspection=${other.id}`)
    const move = page.getByRole('form', { name: `Move ${other.code}` })
    await move.getByLabel('Day').fill(today)
    await move.getByLabel('Time slot').selectOption(freeSlot)
    await move.getByLabel('Field operator').selectOption({ label: 'Faisal Field' })
    await move.getByRole('button', { name: 'Move the inspection' }).click()
    await expect(page.locator('.field-error').getByText(`Faisal Field already has ${inspection.code}`)).toBeVisible()

    // 2. The operator, on a phone over Slow 3G, without JavaScript.
    const phone = await phonePage(browser, false)
    await signInAs(phone, OPERATOR, '/field_operator')
    await slow3g(phone)
    await phone
      .getByRole('navigation', { name: 'Field operator menu' })
      .getByRole('link', { name: 'Inspections' })
      .click()
    const task = phone.locator('li.task').filter({ hasText: inspection.code })
    await expect(task.getByRole('link', { name: /^\+?\d[\d ]+$/ })).toHaveAttribute('href', /^tel:/)
    await expect(task.getByRole('link', { name: 'Map' })).toHaveAttribute('href', /google\.com\/maps/)
    await task.getByRole('link', { name: 'Inspect' }).click()
    await expect(phone.getByRole('heading', { name: new RegExp(`^${inspection.code} · `) })).toBeVisible()
    await fillInspection(phone, inspection.id, 0.2)
    await phone.getByLabel('Notes').fill('Two rolls short of width')
    await phone
      .getByLabel('Photos')
      .setInputFiles({ name: 'roll.jpg', mimeType: 'image/jpeg', buffer: await jpeg(400, 300) })
    await phone.getByRole('button', { name: 'Review the results' }).click()
    await expect(phone.getByRole('heading', { name: 'Check before you send' })).toBeVisible()
    await expect(phone.getByText('Every condition is met and the plan accepts line 1.')).toBeVisible()
    await expect(phone.locator('.photo-list img')).toHaveCount(1)

    // The connection drops as the results go: the server has them, the phone never hears back.
    let sent: { body: Buffer; type: string } | null = null
    await phone.route(`**/field_operator/orders/${inspection.id}`, async (route) => {
      if (route.request().method() !== 'POST' || sent) return route.continue()
      sent = { body: route.request().postDataBuffer()!, type: (await route.request().allHeaders())['content-type']! }
      await route.fetch()
      await route.abort('connectionreset')
    })
    await phone
      .getByRole('button', { name: 'Send the results' })
      .click()
      .catch(() => {})
    await expect.poll(() => sent !== null).toBe(true)
    // The phone shows its own error page for the dropped connection.
    await expect.poll(() => phone.url()).toMatch(/^chrome-error:/)
    // The phone sends the very same form again (the browser's "resend"): received once, and said so.
    const resent = await phone.request.post(`/field_operator/orders/${inspection.id}`, {
      headers: { 'content-type': sent!.type, origin: test.info().project.use.baseURL! },
      data: sent!.body,
      maxRedirects: 0,
    })
    expect(resent.status()).toBe(302)
    // And the operator goes back to the page: it says the results were received.
    await phone.goto(`/field_operator/orders/${inspection.id}?step=review`)
    await expect(phone.getByRole('heading', { name: /^Received at \d\d:\d\d$/ })).toBeVisible()
    expect(
      dbValue<number>(
        `select count(*) from audit_events where entity_type = 'qc_inspection' and entity_id = ? and action = 'qc_inspection.submitted'`,
        String(inspection.id),
      ),
    ).toBe(1)
    expect(dbValue<number>('select count(*) from qc_inspection_lines where inspection_id = ?', inspection.id)).toBe(1)
    expect(dbValue<number>('select count(*) from qc_photos where inspection_id = ?', inspection.id)).toBe(1)
    await phone.context().close()

    // 3. Business operations accept part of the lot, as the operator proposed; the rest goes back to
    // rework. The operator rejected part: the default is the partial acceptance, not "Approve", and
    // accepting it all is only the override, which needs a reason.
    await page.goto(`/biz_ops_team/approvals/qc?q=${inspection.code}`)
    const card = page.locator('section.qc-card').filter({ hasText: inspection.code })
    await expect(card.getByRole('img', { name: /Photo \d+ of/ })).toBeVisible()
    await expect(card.getByRole('button', { name: `Approve: QC passed (${inspection.code})` })).toHaveCount(0)
    await card.locator('summary', { hasText: 'Override: accept against the inspector’s verdict' }).click()
    await card
      .getByRole('button', { name: `Override: accept against the inspector’s verdict (${inspection.code})` })
      .click()
    await expect(
      page
        .locator('section.qc-card')
        .filter({ hasText: inspection.code })
        .getByText('Say why you accept against the inspector: it is kept with the inspection')
        .first(),
    ).toBeVisible()
    expect(dbValue<string>('select status from qc_inspections where id = ?', inspection.id)).toBe('submitted')
    const part = card.getByRole('form', { name: `Partly approve ${inspection.code}` })
    await part.getByLabel('Why').fill('A fifth of the rolls are short of width')
    await part.getByRole('button', { name: `Partly approve: accept the accepted part (${inspection.code})` }).click()
    await expect(
      page.getByRole('status').getByText(new RegExp(`${inspection.code} is partly accepted: ${order.code} passes QC`)),
    ).toBeVisible()
    expect(dbValue<string>('select status from seller_orders where id = ?', order.id)).toBe('qc_passed')
    const rest = dbRow<{ code: string; status: string }>(
      'select code, status from seller_orders where master_order_id = ? and id > ? order by id desc limit 1',
      order.master_order_id,
      order.id,
    )
    expect(rest.status).toBe('qc_failed')

    // 4. The seller sees the outcome with its conditions and notes; the buyer only passed or failed.
    await page.context().clearCookies()
    await signInAs(page, 'seller@example.com', '/seller')
    await page.goto(`/seller/master_orders/${order.master_order_id}`)
    const sellerCard = page.locator(`#seller-order-${order.id}`)
    await expect(sellerCard.getByText(inspection.code)).toBeVisible()
    await expect(sellerCard.getByText('Partly accepted')).toBeVisible()
    await expect(sellerCard.getByText('Inspector’s notes: Two rolls short of width')).toBeVisible()
    await page.context().clearCookies()
    await signInAs(page, 'buyer@example.com', '/buyer')
    await page.goto(`/buyer/master_orders/${order.master_order_id}`)
    // The buyer's page lists the order's lines, each with its quality check's outcome, and no seller order.
    await expect(page.locator(`#seller-order-${order.id}`)).toHaveCount(0)
    const buyerCard = page.locator('section[aria-labelledby="lines-heading"]')
    await expect(buyerCard.getByText(/^Partly accepted/).first()).toBeVisible()
    await expect(page.getByText('Two rolls short of width')).toHaveCount(0)
    await expect(page.getByText('Faisal Field')).toHaveCount(0)
    await expect(page.getByText(inspection.code)).toHaveCount(0)
  },
)

test(
  'offline, the operator’s results wait on the phone and are sent once when the connection returns',
  { tag: '@js-only' },
  async ({ browser }) => {
    test.setTimeout(120_000)
    // The demo inspection furthest ahead (the journey without JavaScript schedules one for today).
    const inspection = dbRow<{ id: number; code: string }>(
      `select i.id, i.code from qc_inspections i join users u on u.id = i.operator_id where u.email = ? and i.status <> 'cancelled' order by i.scheduled_on desc, i.id limit 1`,
      OPERATOR,
    )
    const page = await phonePage(browser, true)
    await signInAs(page, OPERATOR, '/field_operator')
    // The field pages carry no React runtime: one small script.
    await page.goto('/field_operator/orders')
    expect(
      await page.locator('script[src]').evaluateAll((scripts) => scripts.map((s) => s.getAttribute('src'))),
    ).toEqual(['/field.js'])
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true))
    // The list again, now through the service worker, which keeps it and the pages it links to.
    await page.reload()
    await page.goto(`/field_operator/orders/${inspection.id}`)
    await fillInspection(page, inspection.id, 0)
    await page
      .getByLabel('Photos')
      .setInputFiles({ name: 'big.jpg', mimeType: 'image/jpeg', buffer: await jpeg(3000, 2000, true) })

    // What reached the server: a replay refused by the network on its way (the connection comes back
    // to the page before it does to the service worker) is tried again and is not counted.
    const posts: number[] = []
    page.on('requestfinished', (request) => {
      if (request.method() === 'POST' && request.url().includes(`/field_operator/orders/${inspection.id}`))
        posts.push(request.postDataBuffer()?.byteLength ?? 0)
    })
    await page.context().setOffline(true)
    await page.getByRole('button', { name: 'Review the results' }).click()
    // Offline, the phone shows the verdicts it worked out before it keeps the form.
    const check = page.getByRole('region', { name: 'Check before it is kept' })
    await expect(check).toBeVisible()
    // The demo's yarn lot (60 cones typed, nothing found): its verdict worked out on the phone.
    await expect(check.getByRole('listitem')).toHaveText([
      /^Line 1: .*: Accept \(critical 0 of Ac 0, major 0 of Ac \d+/,
    ])
    await page.getByRole('button', { name: 'Keep and send when online' }).click()
    await expect(page.locator('#field-queue')).toContainText(`Waiting to send: ${inspection.code}`)
    expect(dbValue<string>('select status from qc_inspections where id = ?', inspection.id)).toBe('scheduled')

    // The connection comes back to the page before the first send gets through (as on a phone between
    // cells): that send fails, is not taken for sent, and is tried again.
    let refused = 0
    await page
      .context()
      .route(
        `**/field_operator/orders/${inspection.id}`,
        (route) =>
          route.request().method() === 'POST' ? (refused++, route.abort('internetdisconnected')) : route.fallback(),
        { times: 1 },
      )
    await page.context().setOffline(false)
    await expect(page.locator('#field-queue')).toContainText(`${inspection.code} was sent at`)
    expect(refused).toBe(1)
    expect(dbValue<string>('select status from qc_inspections where id = ?', inspection.id)).toBe('submitted')
    // The server judged the replayed lot again: its verdict is the one kept.
    expect(dbValue<string>('select verdict from qc_inspection_lines where inspection_id = ?', inspection.id)).toBe(
      'accept',
    )
    // Sent once, with the photo shrunk on the phone (about 200 KB, not megabytes).
    expect(posts).toHaveLength(1)
    expect(posts[0]).toBeLessThan(400_000)
    expect(
      dbValue<number>(
        `select count(*) from audit_events where entity_type = 'qc_inspection' and entity_id = ? and action = 'qc_inspection.submitted'`,
        String(inspection.id),
      ),
    ).toBe(1)
    // Offline again, the task list and the inspection still open: the service worker kept them.
    await page.context().setOffline(true)
    await page.goto('/field_operator/orders')
    await expect(page.getByRole('heading', { name: 'My inspections' })).toBeVisible()
    await page.context().setOffline(false)
    // Nothing waits any more: the next visit sends nothing again.
    await page.goto(`/field_operator/orders/${inspection.id}`)
    await expect(page.getByRole('heading', { name: /^Received at \d\d:\d\d$/ })).toBeVisible()
    expect(posts).toHaveLength(1)
    await page.context().close()
  },
)

test(
  'with JavaScript, business operations move an inspection without reloading the page, and a taken slot is refused at its field',
  { tag: '@js-only' },
  async ({ page }) => {
    const inspection = dbRow<{ id: number; code: string; scheduled_on: string; slot: string }>(
      `select i.id, i.code, i.scheduled_on, i.slot from qc_inspections i join users u on u.id = i.operator_id where u.email = ? and i.status <> 'cancelled' order by i.scheduled_on desc, i.id limit 1 offset 1`,
      OPERATOR,
    )
    const held = dbRow<{ code: string; scheduled_on: string; slot: string }>(
      `select i.code, i.scheduled_on, i.slot from qc_inspections i join users u on u.id = i.operator_id where u.email = ? and i.status <> 'cancelled' and i.id <> ? and i.scheduled_on >= ? order by i.scheduled_on desc limit 1`,
      OPERATOR,
      inspection.id,
      dbValue<string>(`select date('now', '+330 minutes')`),
    )
    await signInAs(page, 'biz_ops@example.com', '/biz_ops_team')
    await page.goto(
      `/biz_ops_team/master_orders/qc/calendar?day=${inspection.scheduled_on}&inspection=${inspection.id}`,
    )
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
    const move = page.getByRole('form', { name: `Move ${inspection.code}` })
    await move.getByLabel('Day').fill(held.scheduled_on)
    await move.getByLabel('Time slot').selectOption(held.slot)
    await move.getByRole('button', { name: 'Move the inspection' }).click()
    await expect(move.locator('.field-error').getByText(`Faisal Field already has ${held.code}`)).toBeVisible()
    const free = ['09:00', '11:00', '14:00', '16:00'].find(
      (slot) =>
        !dbValue<number>(
          `select count(*) from qc_inspections i join users u on u.id = i.operator_id where u.email = ? and i.scheduled_on = ? and i.slot = ? and i.status <> 'cancelled'`,
          OPERATOR,
          held.scheduled_on,
          slot,
        ),
    )!
    await move.getByLabel('Time slot').selectOption(free)
    await move.getByRole('button', { name: 'Move the inspection' }).click()
    await expect(page.getByRole('status').getByText(`${inspection.code} is moved for`)).toBeVisible()
    expect(
      dbRow<{ scheduled_on: string; slot: string }>(
        'select scheduled_on, slot from qc_inspections where id = ?',
        inspection.id,
      ),
    ).toEqual({ scheduled_on: held.scheduled_on, slot: free })
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
  },
)

test(
  'with JavaScript, a lot the plan rejected is rejected by default; accepting it is only the override, with a reason',
  { tag: '@js-only' },
  async ({ page }) => {
    // A demo inspection waiting for a decision (the earliest received), its plan's verdict made reject.
    const inspection = dbRow<{ id: number; code: string; seller_order_id: number }>(
      `select id, code, seller_order_id from qc_inspections where status = 'submitted' order by received_at, id limit 1`,
    )
    const db = new SQLite(E2E_DB)
    try {
      db.prepare(
        `update qc_inspection_lines set verdict = 'reject', accepted_milli = quantity_milli, rejected_milli = 0,
          lot_units = 500, code_letter = 'H', sample_size = 50, inspection_severity = 'normal', plan_json = ?
        where inspection_id = ?`,
      ).run(
        JSON.stringify({
          critical: { aql: 0, planLetter: 'H', sampleSize: 50, acceptance: 0, rejection: 1 },
          major: { aql: 2.5, planLetter: 'H', sampleSize: 50, acceptance: 3, rejection: 4 },
          minor: { aql: 4, planLetter: 'H', sampleSize: 50, acceptance: 5, rejection: 6 },
        }),
        inspection.id,
      )
    } finally {
      db.close()
    }
    await signInAs(page, 'biz_ops@example.com', '/biz_ops_team')
    await page.goto(`/biz_ops_team/approvals/qc?q=${inspection.code}`)
    const card = page.locator('section.qc-card').filter({ hasText: inspection.code })
    await expect(card.getByText('Plan’s verdict: reject').first()).toBeVisible()
    await expect(card.getByRole('button', { name: `Approve: QC passed (${inspection.code})` })).toHaveCount(0)
    await expect(card.getByRole('button', { name: `Reject: QC failed (${inspection.code})` })).toBeVisible()
    const override = `Override: accept against the inspector’s verdict`
    await card.locator('summary', { hasText: override }).click()
    await card.getByRole('button', { name: `${override} (${inspection.code})` }).click()
    await expect(
      card.getByText('Say why you accept against the inspector: it is kept with the inspection').first(),
    ).toBeVisible()
    expect(dbValue<string>('select status from qc_inspections where id = ?', inspection.id)).toBe('submitted')
    await card.getByLabel('Why you accept against the inspector').fill('The buyer takes the lot as seconds')
    await card.getByRole('button', { name: `${override} (${inspection.code})` }).click()
    await expect(
      page.getByRole('status').getByText(`${inspection.code} is approved against the inspector’s verdict`),
    ).toBeVisible()
    expect(dbRow('select status, override_reason from qc_inspections where id = ?', inspection.id)).toEqual({
      status: 'approved',
      override_reason: 'The buyer takes the lot as seconds',
    })
    expect(dbValue<string>('select status from seller_orders where id = ?', inspection.seller_order_id)).toBe(
      'qc_passed',
    )
  },
)
