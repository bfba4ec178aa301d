import { expect, test } from '@playwright/test'
import { DEMO_PASSWORD, formMessage, lastEmailTo, signInAs, signUp, uniqueEmail } from './support'

test('a new company signs up, is told to check its e-mail, signs in and sees only the waiting page', async ({
  page,
}, info) => {
  const email = uniqueEmail(info, 'signup')
  await signUp(page, email, 'a-good-password-1', 'seller')
  expect(lastEmailTo(email)?.subject).toBe('Your company account is created')
  await expect(page).toHaveURL('/pending_approval')
  for (const path of ['/seller', '/toolkit', '/profile']) {
    await page.goto(path)
    await expect(page).toHaveURL('/pending_approval')
  }
})

test('bad sign-up input comes back with messages at the fields and values kept', async ({ page }) => {
  await page.goto('/signup')
  await page.getByLabel('buys goods').check()
  await page.getByLabel('Company name').fill('Acme Looms')
  await page.getByLabel('Your name').fill('A')
  await page.getByLabel('Work e-mail').fill('not-an-email')
  await page.getByLabel('Mobile (optional)').fill('12345')
  await page.getByLabel('Password', { exact: true }).fill('short')
  await page.getByLabel('Password again').fill('different')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(formMessage(page, 'Enter a valid e-mail address')).toBeVisible()
  await expect(formMessage(page, 'Enter a 10-digit Indian mobile number')).toBeVisible()
  await expect(formMessage(page, 'Use at least 10 characters')).toBeVisible()
  await expect(page.getByLabel('Company name')).toHaveValue('Acme Looms')
  await expect(page.getByLabel('Work e-mail')).toHaveValue('not-an-email')
  await expect(page.getByLabel('buys goods')).toBeChecked()
})

test('the pending demo company sees the waiting page after signing in', async ({ page }) => {
  await signInAs(page, 'pending.buyer@example.com', '/pending_approval')
  await expect(page.getByText('Lotus Home Textiles')).toBeVisible()
})

test("signing up with an existing account's e-mail and password signs nobody in and says nothing about the account", async ({
  page,
}) => {
  await page.goto('/signup')
  await page.getByLabel('buys goods').check()
  await page.getByLabel('Company name').fill('Not The Admin Ltd')
  await page.getByLabel('Your name').fill('Mallory')
  await page.getByLabel('Work e-mail').fill('admin@example.com')
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD)
  await page.getByLabel('Password again').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible()
  await expect(page.getByText('already exists')).toHaveCount(0)
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/login\?redirectTo=/)
  expect(lastEmailTo('admin@example.com')?.subject).toBe('Someone tried to sign up with your e-mail address')
})
