import { expect, test } from '@playwright/test'
import { signInAs, signUp, uniqueEmail } from './support'

test('a new company signs up and sees only the waiting page', async ({ page }, info) => {
  await signUp(page, uniqueEmail(info, 'signup'), 'a-good-password-1', 'seller')
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
  await expect(page.getByText('Enter a valid e-mail address')).toBeVisible()
  await expect(page.getByText('Enter a 10-digit Indian mobile number')).toBeVisible()
  await expect(page.getByText('Use at least 10 characters')).toBeVisible()
  await expect(page.getByLabel('Company name')).toHaveValue('Acme Looms')
  await expect(page.getByLabel('Work e-mail')).toHaveValue('not-an-email')
  await expect(page.getByLabel('buys goods')).toBeChecked()
})

test('the pending demo company sees the waiting page after signing in', async ({ page }) => {
  await signInAs(page, 'pending.buyer@example.com', '/pending_approval')
  await expect(page.getByText('Lotus Home Textiles')).toBeVisible()
})
