import { expect, test } from '@playwright/test'
import { dbValue, formMessage, signInAs } from './support'

test('a user edits its name and phone; bad input is kept with a message', async ({ page }, info) => {
  await signInAs(page, 'internal@example.com', '/dashboard')
  await page.goto('/profile')
  await page.getByLabel('Name').fill(`Isha ${info.project.name}`)
  await page.getByLabel('Mobile').fill('12')
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(formMessage(page, 'Enter a 10-digit Indian mobile number')).toBeVisible()
  await expect(page.getByLabel('Mobile')).toHaveValue('12')
  await expect(page.getByLabel('Name')).toHaveValue(`Isha ${info.project.name}`)

  await page.getByLabel('Mobile').fill('9876512345')
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByText('Your profile is saved.')).toBeVisible()
  await expect(page.getByLabel('Mobile')).toHaveValue('9876512345')
})

test('the dashboard shows real figures from the database', async ({ page }) => {
  await signInAs(page, 'internal@example.com', '/dashboard')
  // Other journeys activate companies meanwhile: compare the page with the database as it loads.
  await expect(async () => {
    await page.reload()
    const buyers = dbValue<number>("select count(*) from buyers where status = 'active'")
    const sellers = dbValue<number>("select count(*) from sellers where status = 'active'")
    await expect(page.locator('[data-figure="Active buyers"]')).toHaveText(String(buyers), { timeout: 1000 })
    await expect(page.locator('[data-figure="Active sellers"]')).toHaveText(String(sellers), { timeout: 1000 })
    const newestPending = dbValue<string>(
      "select name from buyers where status = 'pending' order by created_at desc, id desc limit 1",
    )
    await expect(page.getByRole('cell', { name: newestPending }).first()).toBeVisible({ timeout: 1000 })
  }).toPass()
  expect(dbValue<number>("select count(*) from buyers where status = 'active'")).toBeGreaterThan(30)
  // Each figure opens the list behind it, filtered to what it counts.
  await page.getByRole('link', { name: /^Buyers waiting for approval/ }).click()
  await expect(page).toHaveURL('/buyers/manage?status=pending')
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('pending')
})
