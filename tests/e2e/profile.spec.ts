import { expect, test } from '@playwright/test'
import { countInDatabase, signInAs } from './support'

test('a user edits its name and phone; bad input is kept with a message', async ({ page }, info) => {
  await signInAs(page, 'internal@example.com', '/dashboard')
  await page.goto('/profile')
  await page.getByLabel('Name').fill(`Isha ${info.project.name}`)
  await page.getByLabel('Mobile').fill('12')
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByText('Enter a 10-digit Indian mobile number')).toBeVisible()
  await expect(page.getByLabel('Mobile')).toHaveValue('12')
  await expect(page.getByLabel('Name')).toHaveValue(`Isha ${info.project.name}`)

  await page.getByLabel('Mobile').fill('9876512345')
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByText('Your profile is saved.')).toBeVisible()
  await expect(page.getByLabel('Mobile')).toHaveValue('9876512345')
})

test('the dashboard shows real figures from the database', async ({ page }) => {
  await signInAs(page, 'internal@example.com', '/dashboard')
  // Other journeys add and activate companies meanwhile: the figures are the database's at the time of the page.
  await expect(async () => {
    await page.reload()
    const buyers = countInDatabase("select count(*) as n from buyers where status = 'active'")
    const sellers = countInDatabase("select count(*) as n from sellers where status = 'active'")
    expect(buyers).toBeGreaterThanOrEqual(5)
    await expect(page.locator('[data-figure="Active buyers"]')).toHaveText(String(buyers), { timeout: 1000 })
    await expect(page.locator('[data-figure="Active sellers"]')).toHaveText(String(sellers), { timeout: 1000 })
  }).toPass()
  await expect(page.getByRole('cell', { name: 'Lotus Home Textiles' })).toBeVisible()
})
