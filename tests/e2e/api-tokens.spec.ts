import { expect, test } from '@playwright/test'
import { signInAs } from './support'

// A buyer's administrator makes an API token on its page (JavaScript off: the page is the server's),
// copies it from the box it is shown in once, calls the API with it, revokes it on the page with the
// second step of the confirmation, and the same call is then refused.

test(
  'the buyer admin makes a token with orders:read, calls GET /api/v1/me with it, revokes it, and it opens nothing',
  { tag: '@js-off-only' },
  async ({ page, request }, info) => {
    await signInAs(page, 'buyer@example.com', '/buyer')
    // Where an admin looks: the portal's menu.
    await page.locator('aside.sidebar').getByRole('link', { name: 'API tokens' }).click()
    await expect(page).toHaveURL(/\/buyer\/api_tokens$/)
    await expect(page.getByRole('heading', { name: 'API tokens of Indigo Threads Retail', level: 1 })).toBeVisible()

    const name = `ERP ${info.project.name} ${Date.now()}`
    const form = page.locator('form#create-token')
    await form.getByLabel('Name').fill(name)
    await form.getByLabel(/^orders:read: /).check()
    await expect(form.getByLabel('Lasts (days)')).toHaveValue('90')
    await form.getByRole('button', { name: 'Make token' }).click()

    await expect(page.getByRole('heading', { name: `Your new token “${name}”` })).toBeVisible()
    await expect(page.getByText('it is shown only this once')).toBeVisible()
    const token = await page.getByRole('textbox', { name: `API token ${name}` }).inputValue()
    expect(token).toMatch(/^sp_[A-Za-z0-9_-]{43}$/)

    const me = await request.get('/api/v1/me', { headers: { Authorization: `Bearer ${token}` } })
    expect(me.status()).toBe(200)
    expect(await me.json()).toMatchObject({
      token: { name, scopes: ['orders:read'] },
      user: { email: 'buyer@example.com' },
      company: { kind: 'buyer', name: 'Indigo Threads Retail' },
    })

    // The list shows it active, and used.
    await page.goto('/buyer/api_tokens')
    await expect(page.getByText(token)).toHaveCount(0)
    const row = page.getByRole('row').filter({ hasText: name })
    await expect(row.getByText('Active')).toBeVisible()
    await expect(row.getByText('orders:read')).toBeVisible()
    await expect(row.getByRole('cell', { name: 'Never' })).toHaveCount(0)

    await row.locator('summary', { hasText: 'Revoke' }).click()
    await row.getByRole('button', { name: `Yes, revoke ${name}` }).click()
    await expect(page.getByText(`Token “${name}” is revoked`)).toBeVisible()
    await expect(page.getByRole('row').filter({ hasText: name }).getByText('Revoked')).toBeVisible()

    const after = await request.get('/api/v1/me', { headers: { Authorization: `Bearer ${token}` } })
    expect(after.status()).toBe(401)
    expect(await after.json()).toMatchObject({ type: '/api/v1/problems/token-expired' })
  },
)
