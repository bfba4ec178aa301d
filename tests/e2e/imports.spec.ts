import { expect, test } from '@playwright/test'
import SQLite from 'better-sqlite3'
import { dbRow, dbValue, E2E_DB, formMessage, signInAs } from './support'

// Bulk imports (issue 40), without JavaScript: staff upload a small CSV of buyer SKU prices with
// one bad row, read the preview (a new buyer SKU, a price change shown old → new, the bad row
// refused with its reason at its cell), apply it, watch the progress reach done (the page reads
// itself again), and find the price change waiting for an admin's decision (issue 51): listed on
// the import's page, linked to the buyer SKU's page, the price unchanged. Harbor Retail's SKUs are
// no other journey's.

const STAFF = 'internal@example.com'
const rupees = (paise: number) => (paise / 100).toFixed(2)

/** Holds an import's lease as a busy worker would (until `until`), so its progress can be watched. */
function holdLease(id: number, until: string) {
  const db = new SQLite(E2E_DB, { fileMustExist: true })
  try {
    db.pragma('busy_timeout = 5000')
    db.prepare("update import_jobs set claimed_by = 'e2e-busy-worker', claimed_until = ? where id = ?").run(until, id)
  } finally {
    db.close()
  }
}

test(
  'staff preview a price file with a bad row, apply it, and find the price change waiting for a decision',
  { tag: '@js-off-only' },
  async ({ page }) => {
    const sku = dbRow<{ id: number; buyer: string; code: string; product: string; price: number; moq: number }>(
      `select b.id, u.name as buyer, b.buyer_code as code, p.code as product, v.price_minor as price, v.moq_milli as moq
         from buyer_skus b join buyers u on u.id = b.buyer_id join product_skus p on p.id = b.product_sku_id
         join buyer_sku_versions v on v.buyer_sku_id = b.id and v.number = b.current_version
        where u.name = 'Harbor Retail' and b.status = 'active' order by b.id limit 1`,
    )
    const newPrice = sku.price + 12_34
    const newCode = `E2E-IMP-${Date.now()}`
    const moq = String(sku.moq / 1000)
    const csv = [
      'buyer,product_sku,buyer_code,price,moq,note',
      `${sku.buyer},${sku.product},${sku.code},${rupees(newPrice)},${moq},Imported price`,
      `${sku.buyer},${sku.product},${newCode},450,${moq},`,
      `${sku.buyer},${sku.product},E2E-BAD,a lot,${moq},`,
    ].join('\n')

    await signInAs(page, STAFF, '/dashboard')
    await page.goto('/skus/buyer_skus')
    await page.getByRole('link', { name: 'Import from a file' }).click()
    await expect(page).toHaveURL('/skus/imports/new?kind=buyer_skus')
    await expect(page.getByLabel('What the file holds')).toHaveValue('buyer_skus')
    await page.getByLabel('File', { exact: true }).setInputFiles({
      name: 'harbor-prices.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    })
    await page.getByRole('button', { name: 'Read and preview' }).click()
    await expect(page).toHaveURL(/\/skus\/imports\/\d+$/)
    await expect(page.getByText('harbor-prices.csv is read')).toBeVisible()
    const importUrl = page.url()

    // The preview: one to create, one to change (old → new at its cell), one refused at its cell.
    const figures = page.getByRole('list', { name: 'Rows by outcome' })
    await expect(figures.locator('[data-figure="Create"]')).toHaveText('1')
    await expect(figures.locator('[data-figure="Change"]')).toHaveText('1')
    await expect(figures.locator('[data-figure="Refused"]')).toHaveText('1')
    const rows = page.getByRole('table', { name: /Rows of import/ })
    const changed = rows.getByRole('row').filter({ hasText: sku.code })
    await expect(changed.locator('del')).toHaveText(rupees(sku.price))
    await expect(changed.locator('ins')).toHaveText(rupees(newPrice))
    // Said at the price, as a note rather than an error: applying makes a request.
    await expect(changed.locator('.field-note')).toContainText('Needs an admin’s decision')
    await expect(changed.locator('.field-error')).toHaveCount(0)
    const refused = rows.getByRole('row').filter({ hasText: 'E2E-BAD' })
    await expect(formMessage(refused, 'Enter the price in rupees, like 500000 or 5,00,000.50')).toBeVisible()
    // Nothing is written by the preview.
    expect(
      dbValue<number>(
        'select price_minor from buyer_sku_versions where buyer_sku_id = ? order by number desc limit 1',
        sku.id,
      ),
    ).toBe(sku.price)

    // The filter by outcome.
    await figures.getByRole('link', { name: /Refused/ }).click()
    await expect(page).toHaveURL(/\?show=refused$/)
    await expect(page.getByRole('table', { name: /Rows of import/ }).getByRole('row')).toHaveCount(2)
    await page.getByRole('link', { name: 'Show every row' }).click()

    // Apply while another worker holds the import: the page shows the progress and reads itself again
    // (a refresh without JavaScript) until the worker, free again, has applied it.
    const importId = Number(importUrl.split('/').pop())
    holdLease(importId, new Date(Date.now() + 60_000).toISOString())
    await page.getByRole('button', { name: 'Apply 2 rows' }).click()
    await expect(page).toHaveURL(importUrl)
    await expect(page.getByRole('heading', { name: 'Applying…' })).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: '0 of 2 rows applied.' })).toBeVisible()
    holdLease(importId, '2000-01-01T00:00:00.000Z')
    await expect(page.getByRole('heading', { name: 'Applied', exact: true })).toBeVisible({ timeout: 20_000 })
    // An internal user's price change needs an admin's decision (issue 51): applying made a request of
    // it, listed with its link, and the price stays as it was.
    await expect(page.getByText('1 record created, 0 records changed, 1 price-change request made')).toBeVisible()
    await expect(page.getByRole('button', { name: /Apply/ })).toHaveCount(0)
    const requestId = dbValue<number>(
      "select id from price_change_requests where import_job_id = ? and status = 'pending'",
      importId,
    )
    const waiting = page.getByRole('region', { name: 'Price changes waiting for a decision' })
    await expect(waiting).toContainText(`${sku.code}, ₹`)
    await expect(
      page
        .getByRole('table', { name: /Rows of import/ })
        .getByRole('row')
        .filter({ hasText: sku.code }),
    ).toContainText('Price-change request')
    // Waiting for a decision: the pending tone, not the success of a change made.
    await expect(
      page
        .getByRole('table', { name: /Rows of import/ })
        .getByRole('row')
        .filter({ hasText: sku.code })
        .locator('.badge', { hasText: 'Price-change request' }),
    ).toHaveClass('badge badge-warning')

    // Its link takes the importer to the buyer SKU's page, where the request waits; the price is unchanged.
    await waiting.getByRole('link', { name: `Price change #${requestId}` }).click()
    await expect(page).toHaveURL(`/skus/buyer_skus/${sku.id}/edit#requests-heading`)
    const money = (paise: number) => `₹${Number(rupees(paise)).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`
    await expect(page.getByRole('region', { name: 'In force now' }).getByText(money(sku.price))).toBeVisible()
    await expect(
      page
        .getByRole('table', { name: 'Pending price-change requests' })
        .getByRole('row')
        .filter({ hasText: money(newPrice) })
        .getByRole('link', { name: `#${requestId}` }),
    ).toBeVisible()
    expect(
      dbValue<number>(
        'select price_minor from buyer_sku_versions where buyer_sku_id = ? order by number desc limit 1',
        sku.id,
      ),
    ).toBe(sku.price)
    expect(dbValue<number>('select count(*) from buyer_skus where buyer_code = ?', newCode)).toBe(1)
  },
)

test(
  'with JavaScript the progress is read again in place, without reloading the page',
  { tag: '@js-only' },
  async ({ page }) => {
    const sku = dbRow<{ buyer: string; product: string }>(
      `select u.name as buyer, p.code as product from buyer_skus b join buyers u on u.id = b.buyer_id
       join product_skus p on p.id = b.product_sku_id where u.name = 'Harbor Retail' order by b.id limit 1`,
    )
    await signInAs(page, STAFF, '/dashboard')
    await page.goto('/skus/imports/new?kind=buyer_skus')
    await page.getByLabel('File', { exact: true }).setInputFiles({
      name: 'one-row.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `buyer,product_sku,buyer_code,price,moq\n${sku.buyer},${sku.product},E2E-JS-${Date.now()},99,10\n`,
      ),
    })
    await page.getByRole('button', { name: 'Read and preview' }).click()
    await expect(page).toHaveURL(/\/skus\/imports\/\d+$/)
    const importId = Number(page.url().split('/').pop())
    holdLease(importId, new Date(Date.now() + 60_000).toISOString())
    await page.getByRole('button', { name: 'Apply 1 row' }).click()
    await expect(page.getByRole('heading', { name: 'Applying…' })).toBeVisible()
    // A mark on this page's window: a reload would lose it.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
    holdLease(importId, '2000-01-01T00:00:00.000Z')
    await expect(page.getByRole('heading', { name: 'Applied', exact: true })).toBeVisible({ timeout: 20_000 })
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
  },
)
