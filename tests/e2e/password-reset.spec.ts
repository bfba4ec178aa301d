import { expect, test } from '@playwright/test'
import { lastEmailTo, signIn, signInAs, signOut, signOutFromWaitingPage, signUp, uniqueEmail } from './support'

test('forgot password: the outbox link sets a new password, once', { tag: '@js-off-only' }, async ({ page }, info) => {
  const email = uniqueEmail(info, 'reset')
  await signUp(page, email, 'first-password-1')
  await signOutFromWaitingPage(page)

  await page.goto('/forgot_password')
  await page.getByLabel('E-mail').fill(email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByText('a link to choose a new password is on its way')).toBeVisible()

  const mail = lastEmailTo(email)
  expect(mail?.subject).toBe('Reset your password')
  const link = new URL(mail!.body_text.match(/https?:\/\/\S+/)![0])
  await page.goto(link.pathname + link.search)
  await page.getByLabel('New password', { exact: true }).fill('second-password-2')
  await page.getByLabel('New password again').fill('second-password-2')
  await page.getByRole('button', { name: 'Save new password' }).click()
  await expect(page).toHaveURL('/login')
  await expect(page.getByText('Your password is changed')).toBeVisible()

  await signIn(page, email, 'first-password-1')
  await expect(page.getByRole('alert')).toContainText('not right')
  await signIn(page, email, 'second-password-2')
  await expect(page).toHaveURL('/pending_approval')

  await page.goto(link.pathname + link.search)
  await expect(page.getByText('This reset link has expired or has already been used.')).toBeVisible()
})

test('an unknown address gets the same answer and no e-mail', async ({ page }, info) => {
  const email = uniqueEmail(info, 'nobody')
  await page.goto('/forgot_password')
  await page.getByLabel('E-mail').fill(email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByText('a link to choose a new password is on its way')).toBeVisible()
  expect(lastEmailTo(email)).toBeUndefined()
})

test('signing out ends the session and says so', async ({ page }) => {
  await signInAs(page, 'logistics@example.com', '/logistics_team')
  await signOut(page)
  await expect(page.getByText('You are signed out.')).toBeVisible()
  await page.goto('/logistics_team')
  await expect(page).toHaveURL('/login?redirectTo=%2Flogistics_team')
})
