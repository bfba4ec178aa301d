import { expect, test } from '@playwright/test'
import { dbValue, formMessage, signInAs, signOut } from './support'

const KAM = 'demand_kam@example.com'
const ADMIN = 'admin@example.com'
const KAM_LIST = '/demand_kam/approvals/buyer_skus/pricing_requests'

test('a KAM proposes a new price (a bad one first), admin approves it and the new version is in force', async ({
  page,
}, info) => {
  // A buyer SKU of the demo KAM's buyers that has never had a request: the two projects take
  // theirs from opposite ends, so they never pick the same one.
  const order = info.project.name === 'js' ? 'desc' : 'asc'
  const skuId = dbValue<number>(
    `select b.id from buyer_skus b where b.buyer_id in (1, 2, 3) and b.status = 'active'
       and not exists (select 1 from price_change_requests r where r.buyer_sku_id = b.id) order by b.id ${order} limit 1`,
  )
  const code = dbValue<string>('select buyer_code from buyer_skus where id = ?', skuId)
  const versionBefore = dbValue<number>('select current_version from buyer_skus where id = ?', skuId)
  const priceNow = dbValue<number>(
    'select price_minor from buyer_sku_versions where buyer_sku_id = ? and effective_from <= ? order by number desc limit 1',
    skuId,
    new Date().toISOString(),
  )
  const proposed = priceNow + 4_250
  const reason = `Cotton up this season (${info.project.name} run)`

  await signInAs(page, KAM, '/demand_kam')
  await page.getByRole('navigation', { name: /menu$/ }).getByRole('link', { name: 'Price-change requests' }).click()
  await expect(page).toHaveURL(KAM_LIST)
  if (info.project.name === 'js') {
    // The picker lists the KAM's buyer SKUs as it types; choosing one opens it.
    await page.getByRole('combobox', { name: 'Find a buyer SKU of your buyers' }).pressSequentially(code, { delay: 20 })
    await page
      .getByRole('option', { name: new RegExp(`^${code}\\b`) })
      .first()
      .click()
  } else {
    await page.getByLabel('Find a buyer SKU of your buyers').fill(code)
    await page.getByRole('button', { name: 'Find' }).click()
    await page.getByRole('link', { name: code, exact: true }).click()
  }
  await expect(page).toHaveURL(new RegExp(`buyerSku=${skuId}`))
  await expect(page.getByRole('heading', { name: code })).toBeVisible()

  await page.getByLabel('Proposed price (₹)').fill('12,34,5x')
  await page.getByLabel('Reason').fill(reason)
  await page.getByRole('button', { name: 'Send request' }).click()
  await expect(formMessage(page, 'Enter the proposed price in rupees')).toBeVisible()
  await expect(page.getByLabel('Proposed price (₹)')).toHaveValue('12,34,5x')
  await expect(page.getByLabel('Reason')).toHaveValue(reason)

  await page.getByLabel('Proposed price (₹)').fill((proposed / 100).toFixed(2))
  await page.getByRole('button', { name: 'Send request' }).click()
  await expect(page.getByText(/Price-change request #\d+ is sent to admin/)).toBeVisible()
  const id = dbValue<number>(
    "select id from price_change_requests where buyer_sku_id = ? and status = 'pending'",
    skuId,
  )
  await expect(page.locator(`#request-${id}`)).toBeVisible()
  await page.reload()
  await signOut(page)

  await signInAs(page, ADMIN, '/admin')
  await page.getByRole('navigation', { name: /menu$/ }).getByRole('link', { name: 'Price-change requests' }).click()
  await page.getByLabel('Search').fill(code)
  await page.getByRole('button', { name: 'Filter' }).click()
  await page.getByRole('link', { name: `#${id}`, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Price change #${id}` })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Request' }).getByText(reason)).toBeVisible()
  await page.getByLabel('Note (optional)').fill('Agreed on the call with the buyer')
  await page.getByRole('button', { name: 'Approve', exact: true }).click()

  await expect(page.getByText(`Request #${id} is approved`)).toBeVisible()
  await expect(page.getByRole('region', { name: 'Decision' })).toContainText('Approved by')
  await expect(page.getByRole('region', { name: 'Decision' })).toContainText('Agreed on the call with the buyer')
  const newVersion = page.locator(`#version-${versionBefore + 1}`)
  await expect(newVersion).toContainText('In force')
  await expect(page.locator(`#version-${versionBefore}`)).not.toContainText('In force')

  expect(dbValue<number>('select current_version from buyer_skus where id = ?', skuId)).toBe(versionBefore + 1)
  expect(
    dbValue<number>(
      'select v.price_minor from buyer_skus b join buyer_sku_versions v on v.buyer_sku_id = b.id and v.number = b.current_version where b.id = ?',
      skuId,
    ),
  ).toBe(proposed)
  expect(
    dbValue<number>(
      'select count(*) from outbox_emails where to_address = ? and subject like ?',
      KAM,
      `Price change #${id} approved%`,
    ),
  ).toBe(1)
  // The record again, without the toast that would cover the user menu.
  await page.reload()
  await signOut(page)

  await signInAs(page, KAM, '/demand_kam')
  await page.goto(`${KAM_LIST}?status=approved`)
  const row = page.getByRole('row').filter({ has: page.locator(`#request-${id}`) })
  await expect(row).toContainText('Approved')
  await expect(row).toContainText('Agreed on the call with the buyer')
})
