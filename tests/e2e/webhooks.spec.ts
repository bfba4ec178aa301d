import { expect, test, type Page } from '@playwright/test'
import { startReceiver, verifyWebhook, type Receiver } from '../support/webhook-receiver'
import { signInAs } from './support'

// Issue 40, webhooks: a seller's administrator subscribes its system to events, reads the signing
// secret, rotates it, sends a test event that the server's worker delivers to a receiver started
// here (signed with both secrets for a day after the rotation), reads the delivery in the log and
// replays it. Every step is a plain form: the journey runs without JavaScript and with it.

let receiver: Receiver
test.beforeAll(async () => {
  receiver = await startReceiver('/erp/hooks')
})
test.afterAll(() => receiver.close())

async function secretShown(page: Page) {
  const secret = page.getByRole('region', { name: 'Signing secret' })
  await secret.getByText('Show the signing secret').click()
  const value = await secret.getByLabel('Signing secret').inputValue()
  expect(value).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
  return value
}

/** The delivery log's one row, once the worker has been at it (the page is read again until it shows). */
async function deliveryRow(page: Page, attempts: number) {
  const log = page.getByRole('group', { name: 'Deliveries' })
  await expect(async () => {
    await page.reload()
    await expect(log.getByRole('row').filter({ hasText: 'webhook.test' })).toContainText(String(attempts))
    await expect(log.getByRole('row').filter({ hasText: 'webhook.test' })).toContainText('Succeeded')
  }).toPass({ timeout: 20_000 })
  return log.getByRole('row').filter({ hasText: 'webhook.test' })
}

test('a seller admin subscribes, rotates the secret, sends a test event, and replays it', async ({ page }) => {
  await signInAs(page, 'seller@example.com', '/seller')
  await page.getByRole('link', { name: 'Webhooks' }).first().click()
  await expect(page).toHaveURL(/\/seller\/webhooks$/)
  await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible()

  // A mistake first: no event chosen; what was typed stays.
  const create = page.locator('form#webhook-create')
  await create.getByLabel('Endpoint URL').fill(receiver.url)
  await create.getByLabel('Description (optional)').fill('Mill ERP (e2e)')
  await create.getByRole('button', { name: 'Add subscription' }).click()
  await expect(page.locator('form#webhook-create').getByText('Choose at least one event').first()).toBeVisible()
  await expect(page.locator('form#webhook-create').getByLabel('Endpoint URL')).toHaveValue(receiver.url)
  await page
    .locator('form#webhook-create')
    .getByLabel(/Seller order approved/)
    .check()
  await page
    .locator('form#webhook-create')
    .getByLabel(/Counter-offer recorded/)
    .check()
  await page.locator('form#webhook-create').getByRole('button', { name: 'Add subscription' }).click()

  await expect(page).toHaveURL(/\/seller\/webhooks\/\d+$/)
  await expect(page.getByText('The subscription is made')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Endpoint' })).toContainText(receiver.url)
  await expect(page.getByRole('region', { name: 'Endpoint' })).toContainText(
    'Seller order approved, Counter-offer recorded',
  )
  const first = await secretShown(page)

  // Rotate: a new secret; the old one still signs for a day.
  await page.getByText('Rotate the secret').click()
  await page.getByRole('button', { name: 'Rotate now' }).click()
  await expect(page.getByText('The secret is rotated')).toBeVisible()
  const second = await secretShown(page)
  expect(second).not.toBe(first)
  await expect(page.getByRole('region', { name: 'Signing secret' })).toContainText(
    'signed with the previous secret too',
  )

  // A test event: the server's worker delivers it to the receiver, signed with both secrets.
  await page.getByRole('button', { name: 'Send a test event' }).click()
  await expect(page.getByText('A test event is on its way')).toBeVisible()
  await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(1)
  const [sent] = receiver.received
  expect(sent!.json).toMatchObject({ type: 'webhook.test', data: { subscription: { id: expect.any(Number) } } })
  expect(sent!.headers['webhook-signature'].split(' ')).toHaveLength(2)
  expect(verifyWebhook(second, sent!.headers, sent!.body)).toBe(true)
  expect(verifyWebhook(first, sent!.headers, sent!.body)).toBe(true)
  const row = await deliveryRow(page, 1)
  await expect(row).toContainText('HTTP 200')
  await expect(row).toContainText(/\d+ ms/)

  // Replay: the same message again (the same webhook-id), a second attempt in the log.
  await row.getByRole('button', { name: /Replay/ }).click()
  await expect(page.getByText('The webhook.test event is queued to be sent again.')).toBeVisible()
  await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(2)
  expect(receiver.received[1]!.headers['webhook-id']).toBe(sent!.headers['webhook-id'])
  expect(verifyWebhook(second, receiver.received[1]!.headers, receiver.received[1]!.body)).toBe(true)
  await deliveryRow(page, 2)
})
