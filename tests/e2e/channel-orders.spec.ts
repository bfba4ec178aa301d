import { expect, test } from '@playwright/test'
import { dbRow, dbValue, signInAs } from './support'

// Solv and GT orders: a channel's CSV with a good order and bad rows, imported twice.

test('staff import a channel’s CSV: the good order is placed, bad rows are listed by line, and a second import creates nothing', async ({
  page,
}, info) => {
  const sku = dbRow<{ gstin: string; buyer_code: string; moq: number }>(
    `select y.gstin, b.buyer_code, v.moq_milli / 1000 as moq from buyer_skus b
       join buyers y on y.id = b.buyer_id and y.status = 'active' and y.gstin is not null
       join buyer_sku_versions v on v.buyer_sku_id = b.id and v.number = b.current_version
      where b.status = 'active'
        and exists (select 1 from seller_skus s join sellers x on x.id = s.seller_id and x.status = 'active' where s.product_sku_id = b.product_sku_id and s.status = 'live' and s.cost_minor is not null)
        and exists (select 1 from addresses a where a.buyer_id = y.id and a.kind = 'shipping' and a.is_default = 1)
        and exists (select 1 from addresses a where a.buyer_id = y.id and a.kind = 'billing' and a.is_default = 1)
      order by b.id limit 1`,
  )
  // Each project its own channel order ids, so the two never meet.
  const id = (n: number) => `E2E-${info.project.name}-${n}`
  const date = `${new Date().getFullYear() + 1}-03-10`
  const csv = [
    'order_id,buyer_gstin,buyer_sku,quantity,required_by,seller_gstin',
    `${id(1)},${sku.gstin},${sku.buyer_code},${sku.moq},${date},`,
    `${id(2)},${sku.gstin},NO-SUCH-SKU,${sku.moq},${date},`,
    `${id(3)},${sku.gstin},${sku.buyer_code},${sku.moq},not a date,`,
  ].join('\n')
  const upload = { name: 'solv-export.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) }

  await signInAs(page, 'internal@example.com', '/dashboard')
  await page.getByRole('navigation', { name: /menu$/ }).getByRole('link', { name: 'Solv and GT orders' }).click()
  await expect(page.getByRole('heading', { name: 'Solv and GT orders' })).toBeVisible()
  const importForm = page.getByRole('form', { name: 'Import a channel’s CSV export' })

  // No channel chosen: told at the field.
  await importForm.getByLabel('CSV file').setInputFiles(upload)
  await importForm.getByRole('button', { name: 'Import the file' }).click()
  await expect(page.locator('#channel-error')).toHaveText('Choose the channel the file comes from')

  await importForm.getByLabel('Channel', { exact: true }).selectOption('solv')
  await importForm.getByLabel('CSV file').setInputFiles(upload)
  await importForm.getByRole('button', { name: 'Import the file' }).click()
  const report = page.getByRole('status').filter({ hasText: 'Solv file: 3 rows read' })
  await expect(report).toBeVisible()
  await expect(report.getByText(/1 order imported: MO-\d{4}-\d{6} \(E2E-/)).toBeVisible()
  const problems = report.getByRole('table', { name: 'Rows that need a change' })
  await expect(problems.getByRole('row').filter({ hasText: id(2) })).toContainText('has no buyer SKU NO-SUCH-SKU')
  await expect(problems.getByRole('row').filter({ hasText: id(3) })).toContainText('Enter a real date')
  expect(
    dbValue<number>("select count(*) from master_orders where source = 'solv' and channel_order_id = ?", id(1)),
  ).toBe(1)

  // The same file again: nothing new, and it says so.
  await importForm.getByLabel('Channel', { exact: true }).selectOption('solv')
  await importForm.getByLabel('CSV file').setInputFiles(upload)
  await importForm.getByRole('button', { name: 'Import the file' }).click()
  await expect(page.getByRole('status').getByText(/1 order already imported before/)).toBeVisible()
  expect(
    dbValue<number>("select count(*) from master_orders where source = 'solv' and channel_order_id = ?", id(1)),
  ).toBe(1)

  // The imported order is in the list, and opens.
  await page.goto(`/solv_and_gt_orders?source=solv&q=`)
  await page
    .getByRole('row')
    .filter({ hasText: id(1) })
    .getByRole('link')
    .first()
    .click()
  await expect(page.getByRole('heading', { name: /^Order MO-\d{4}-\d{6}$/ })).toBeVisible()
  await expect(page.getByText(`Solv (${id(1)})`)).toBeVisible()
})
