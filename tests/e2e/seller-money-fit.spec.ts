import { expect, test, type Page } from '@playwright/test'
import { countInDatabase, signInAs } from './support'

// The seller's bills table keeps its last column, "Owed", in reach (issue 51): at a desktop width the
// whole table fits its box; on a phone each bill is a card whose "Owed" value lies within the screen.

const DESKTOP = { width: 1280, height: 800 }
const PHONE = { width: 390, height: 844 }

const bills = (page: Page) => page.getByRole('group', { name: 'Bills not yet paid, by due date' })

test('the seller’s unpaid bills show what is owed at 1280 px and at 390 px @js-off-only', async ({ page }, info) => {
  // The demo seller has bills it is still owed money on.
  expect(
    countInDatabase(
      `select count(*) as n from seller_bills b join users u on u.seller_id = b.seller_id
        where u.email = 'seller@example.com' and b.status in ('approved', 'review') and b.total_minor > b.paid_minor + b.debited_minor + b.tds_minor`,
    ),
  ).toBeGreaterThan(0)
  await signInAs(page, 'seller@example.com', '/seller')

  await page.setViewportSize(DESKTOP)
  await page.goto('/seller/money')
  const wrap = bills(page)
  await expect(wrap).toBeVisible()
  const header = wrap.getByRole('columnheader', { name: 'Owed' })
  await expect(header).toBeVisible()
  await page.screenshot({ path: info.outputPath('seller-money-1280.png'), fullPage: true })
  const box = (await wrap.boundingBox())!
  const headerBox = (await header.boundingBox())!
  // The column sits inside the table's box, and the box inside the window: nothing to scroll to.
  expect(headerBox.x + headerBox.width).toBeLessThanOrEqual(box.x + box.width + 0.5)
  expect(box.x + box.width).toBeLessThanOrEqual(DESKTOP.width)
  expect(await wrap.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0)
  // Every bill's amount owed is in view too.
  for (const cell of await wrap.locator('td[data-label="Owed"]:not(:empty)').all()) {
    const b = (await cell.boundingBox())!
    expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width + 0.5)
  }
  // The page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.width)

  await page.setViewportSize(PHONE)
  await page.goto('/seller/money')
  await page.screenshot({ path: info.outputPath('seller-money-390.png'), fullPage: true })
  // A bill waiting for review owes nothing yet: its cell is empty and left off its card.
  const owed = bills(page).locator('td[data-label="Owed"]:not(:empty)')
  expect(await owed.count()).toBeGreaterThan(0)
  for (const cell of await owed.all()) {
    await expect(cell).toBeVisible()
    const b = (await cell.boundingBox())!
    expect(b.x).toBeGreaterThanOrEqual(0)
    expect(b.x + b.width).toBeLessThanOrEqual(PHONE.width)
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
})
