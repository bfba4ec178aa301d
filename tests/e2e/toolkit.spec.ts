import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { dbRow, dbValue, formMessage, signInAs } from './support'

// The toolkit (issue 16), open to every signed-in user, and the asset uploader: each journey with
// JavaScript off, then the image playground's live preview with it on.

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer()

test('@js-off-only staff save a tagged link to our own site and its short link counts a click', async ({
  page,
  baseURL,
}) => {
  await signInAs(page, 'internal@example.com', '/dashboard')
  await page.goto('/toolkit/utm')
  await page.getByLabel('Page address').fill('javascript:alert(1)')
  await page.getByLabel('Source').fill('newsletter')
  await page.getByLabel('Medium').fill('email')
  await page.getByLabel('Campaign').fill('e2e-winter')
  await page.getByRole('button', { name: 'Save the link and make a short link' }).click()
  await expect(formMessage(page, 'Only http and https addresses can be tagged')).toBeVisible()
  await expect(page.getByLabel('Campaign')).toHaveValue('e2e-winter')
  // Short links lead only to our own sites (SHORT_LINK_HOSTS, here the app's own host).
  await page.getByLabel('Page address').fill('https://elsewhere.example.com/')
  await page.getByRole('button', { name: 'Save the link and make a short link' }).click()
  await expect(formMessage(page, 'Short links lead only to our own sites: localhost')).toBeVisible()
  await page.getByLabel('Page address').fill(`${baseURL}/privacy?ref=x`)
  await page.getByRole('button', { name: 'Save the link and make a short link' }).click()
  await expect(page.getByRole('status').getByText('The link is saved with its short link.')).toBeVisible()
  const short = await page.getByLabel('Short link of e2e-winter').inputValue()
  expect(short).toMatch(/\/u\/[A-Za-z0-9]{7}$/)
  await page.goto(new URL(short).pathname)
  await expect(page).toHaveURL(/\/privacy\?ref=x&utm_source=newsletter&utm_medium=email&utm_campaign=e2e-winter$/)
  await page.goto('/toolkit/utm')
  await expect(page.getByRole('row').filter({ hasText: 'e2e-winter' }).getByRole('cell', { name: /^1/ })).toBeVisible()
  expect((await page.request.get('/u/zzzzzzz', { maxRedirects: 0 })).status()).toBe(404)
})

test('@js-off-only a seller tags a link without a short link', async ({ page }) => {
  await signInAs(page, 'seller@example.com', /\/seller/)
  await page.goto('/toolkit/utm')
  await expect(page.getByRole('button', { name: 'Save the link and make a short link' })).toHaveCount(0)
  await page.getByLabel('Page address').fill('https://shop.example.com/a?x=1')
  await page.getByLabel('Source').fill('news')
  await page.getByLabel('Medium').fill('email')
  await page.getByLabel('Campaign').fill('tag-only')
  await page.getByRole('button', { name: 'Make the tagged link' }).click()
  await expect(page.locator('.utm-preview')).toHaveText(
    'https://shop.example.com/a?x=1&utm_source=news&utm_medium=email&utm_campaign=tag-only',
  )
  await expect(page.getByLabel('Campaign')).toHaveValue('tag-only')
  const sellerLinks = dbValue<number>(
    "select count(*) from utm_links l join users u on u.id = l.user_id where u.email = 'seller@example.com'",
  )
  expect(sellerLinks).toBe(0)
})

test('@js-off-only staff print shipping labels and price labels, on the page and as PDFs', async ({ page }) => {
  const order = dbValue<string>(
    'select code from seller_orders so where not exists (select 1 from transport_requests r where r.seller_order_id = so.id) order by id desc limit 1',
  )
  await signInAs(page, 'internal@example.com', '/dashboard')
  await page.goto('/toolkit/labels')
  await page.getByLabel('Order or transport request codes').fill(`${order}\nSO-1999-000001`)
  await page.getByLabel('Packages per order').fill('2')
  await page.getByLabel('A4 sheet, four labels a page').check()
  await page.getByRole('button', { name: 'Show the labels' }).click()
  await expect(page.getByRole('alert')).toContainText(
    'No order or transport request you may label has the code SO-1999-000001.',
  )
  await expect(page.getByRole('article', { name: `${order}, package 2 of 2` })).toBeVisible()
  await expect(page.getByRole('img', { name: `Code 128 barcode of ${order}` }).first()).toBeVisible()
  const pdf = await page.request.get((await page.getByRole('link', { name: 'Download the PDF' }).getAttribute('href'))!)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')

  const sku = dbRow<{ buyer_id: number; buyer_code: string }>(
    "select buyer_id, buyer_code from buyer_skus where status = 'active' order by id limit 1",
  )
  await page.goto('/toolkit/price-label-generator')
  await page.getByLabel('Buyer').fill(`#${sku.buyer_id}`)
  await page.getByLabel('SKU codes').fill(sku.buyer_code)
  await page.getByLabel('Copies of each').fill('3')
  await page.getByLabel('A4 sheet of 24 (70 × 37 mm)').check()
  await page.getByRole('button', { name: 'Show the labels' }).click()
  await expect(page.getByRole('article', { name: new RegExp(`^${sku.buyer_code}: ₹`) })).toHaveCount(3)
  const sheet = await page.request.get(
    (await page.getByRole('link', { name: 'Download the PDF' }).getAttribute('href'))!,
  )
  expect(sheet.headers()['content-type']).toBe('application/pdf')
})

test('@js-off-only a buyer uploads an image, crops, rotates and converts it, and downloads the result', async ({
  page,
}) => {
  await signInAs(page, 'buyer@example.com', /\/buyer/)
  await page.goto('/toolkit/images')
  await page
    .getByLabel('Image', { exact: true })
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') })
  await page.getByRole('button', { name: 'Upload' }).click()
  await expect(formMessage(page, /notes\.txt is not a file we take/)).toBeVisible()
  await page
    .getByLabel('Image', { exact: true })
    .setInputFiles({ name: 'swatch.png', mimeType: 'image/png', buffer: await png(300, 200) })
  await page.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByRole('heading', { name: 'Edit swatch.png' })).toBeVisible()
  await page.getByLabel('Left').fill('0')
  await page.getByLabel('Top').fill('0')
  await page.getByLabel('Width').first().fill('400')
  await page.getByLabel('Height').first().fill('100')
  await page.getByRole('button', { name: 'Preview' }).click()
  await expect(page.getByText('Width: enter a whole number from 1 to 300')).toHaveCount(2)
  await page.getByLabel('Width').first().fill('150')
  await page.getByLabel('Rotate').selectOption('90')
  await page.getByLabel('Format').selectOption('png')
  await page.getByRole('button', { name: 'Preview' }).click()
  await expect(page.getByRole('img', { name: 'swatch.png, edited' })).toBeVisible()
  const download = await page.request.get((await page.getByRole('link', { name: 'Download' }).getAttribute('href'))!)
  expect(download.headers()['content-type']).toBe('image/png')
  expect(download.headers()['content-disposition']).toMatch(/^attachment; filename="swatch-edited\.png"/)
  const meta = await sharp(await download.body()).metadata()
  expect([meta.width, meta.height]).toEqual([100, 150])
})

test('@js-off-only staff upload assets, refused ones say why, links serve them inert, and a delete removes the file', async ({
  page,
}) => {
  await signInAs(page, 'internal@example.com', '/dashboard')
  await page.getByRole('link', { name: 'Asset uploader' }).first().click()
  await page.getByRole('button', { name: 'Files' }).setInputFiles([
    { name: 'e2e-banner.png', mimeType: 'image/png', buffer: await png(64, 32) },
    { name: 'evil.html', mimeType: 'text/html', buffer: Buffer.from('<script>alert(1)</script>') },
  ])
  await page.getByRole('button', { name: 'Upload' }).click()
  await expect(formMessage(page, /evil\.html is not a file we take/)).toBeVisible()
  expect(dbValue<number>("select count(*) from assets where name = 'e2e-banner.png'")).toBe(0)
  await page
    .getByRole('button', { name: 'Files' })
    .setInputFiles({ name: 'e2e-banner.png', mimeType: 'image/png', buffer: await png(64, 32) })
  await page.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByRole('status').getByText('1 file uploaded.')).toBeVisible()
  await page.getByLabel('Name').fill('E2E-BANNER')
  await page.getByRole('button', { name: 'Filter' }).click()
  const row = page.getByRole('row').filter({ hasText: 'e2e-banner.png' })
  await expect(row).toContainText('64 × 32')
  const link = await row.getByLabel('Link to e2e-banner.png').inputValue()
  const served = await page.request.get(new URL(link).pathname)
  expect(served.headers()['content-type']).toBe('image/png')
  expect(served.headers()['x-content-type-options']).toBe('nosniff')
  expect(served.headers()['content-security-policy']).toContain('sandbox')
  await row.getByText('Delete e2e-banner.png', { exact: true }).click()
  await row.getByRole('button', { name: 'Delete the file' }).click()
  await expect(page.getByRole('status').getByText('e2e-banner.png is deleted; its link no longer works.')).toBeVisible()
  expect((await page.request.get(new URL(link).pathname)).status()).toBe(404)
})

test('@js-only the image playground’s preview follows the form without a page load', async ({ page }) => {
  await signInAs(page, 'seller@example.com', /\/seller/)
  await page.goto('/toolkit/images')
  await page
    .getByLabel('Image', { exact: true })
    .setInputFiles({ name: 'live.png', mimeType: 'image/png', buffer: await png(120, 80) })
  await page.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByRole('heading', { name: 'Edit live.png' })).toBeVisible()
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7))
  const preview = page.getByRole('img', { name: 'live.png, edited' })
  await page
    .getByRole('group', { name: /^Resize/ })
    .getByLabel('Width')
    .fill('60')
  await expect(preview).toHaveAttribute('src', /width=60/)
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(60)
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7)
})

test('@js-only the UTM builder shows the tagged link as it is typed', async ({ page }) => {
  await signInAs(page, 'buyer@example.com', /\/buyer/)
  await page.goto('/toolkit/utm')
  await page.waitForFunction(() => {
    const form = document.querySelector('form#utm')
    return form !== null && Object.keys(form).some((key) => key.startsWith('__reactProps'))
  })
  await page.getByLabel('Page address').pressSequentially('https://shop.example.com/a?x=1')
  await page.getByLabel('Source').pressSequentially('news')
  await page.getByLabel('Medium').pressSequentially('email')
  await page.getByLabel('Campaign').pressSequentially('live-1')
  await expect(page.locator('.utm-preview')).toHaveText(
    'https://shop.example.com/a?x=1&utm_source=news&utm_medium=email&utm_campaign=live-1',
  )
})
