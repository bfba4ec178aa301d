import { expect, test } from '@playwright/test'
import { dbValue, formMessage, signInAs } from './support'

const STAFF = 'internal@example.com'
// A 1x1 PNG, made here so the test carries no binary file.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

test('staff create a fabric SKU from its schema (a bad weight first), find it by an attribute and compare it', async ({
  page,
}, info) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`
  const code = `E2E-${info.project.name.toUpperCase()}-${stamp}`
  const colour = `Quokkablue${stamp}`
  await signInAs(page, STAFF, '/dashboard')
  await page.goto('/skus/fabric_skus')
  await page.getByRole('link', { name: 'Add a fabric SKU' }).click()
  await expect(page).toHaveURL('/skus/fabric_skus/create')

  await page.getByLabel('Code', { exact: true }).fill(code)
  await page.getByLabel('Name', { exact: true }).fill(`Quokka twill ${stamp}`)
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Cotton shirting' })
  await page.getByLabel('MOQ (m)').fill('500')
  await page.getByLabel('Composition', { exact: true }).fill('100% cotton')
  await page.getByLabel('Weave', { exact: true }).selectOption('twill')
  await page.getByLabel('Weight (g/m²)').fill('18O')
  await page.getByLabel('Width (in)').fill('58')
  await page.getByLabel('Colour (optional)').fill(colour)
  await page.getByRole('button', { name: 'Add fabric SKU' }).click()

  // The message sits at the weight field; every other value is kept.
  await expect(formMessage(page, 'Enter weight as a number in g/m², like 180 or 2.5')).toBeVisible()
  await expect(page.getByLabel('Weight (g/m²)')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Code', { exact: true })).toHaveValue(code)
  await expect(page.getByLabel('Category', { exact: true })).toHaveValue('1')
  await expect(page.getByLabel('MOQ (m)')).toHaveValue('500')
  await expect(page.getByLabel('Composition', { exact: true })).toHaveValue('100% cotton')
  await expect(page.getByLabel('Weave', { exact: true })).toHaveValue('twill')
  await expect(page.getByLabel('Weight (g/m²)')).toHaveValue('18O')
  await expect(page.getByLabel('Width (in)')).toHaveValue('58')
  await expect(page.getByLabel('Colour (optional)')).toHaveValue(colour)

  await page.getByLabel('Weight (g/m²)').fill('180')
  await page
    .getByLabel('Add an image (optional)')
    .setInputFiles({ name: 'swatch.png', mimeType: 'image/png', buffer: PNG })
  await page.getByRole('button', { name: 'Add fabric SKU' }).click()
  // The SKU opens on its read-only page: its facts with units, its image, an Edit button.
  await expect(page).toHaveURL(/\/skus\/fabric_skus\/\d+$/)
  await expect(page.getByText(`Fabric SKU ${code} is created.`)).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: `Fabric SKU ${code}` })).toBeVisible()
  const facts = page.locator('dl.details')
  await expect(facts.locator('div', { has: page.locator('dt', { hasText: /^Weight$/ }) }).locator('dd')).toHaveText(
    '180 g/m²',
  )
  await expect(facts.locator('div', { has: page.locator('dt', { hasText: /^Category$/ }) }).locator('dd')).toHaveText(
    'Cotton shirting',
  )
  await expect(facts.locator('div', { has: page.locator('dt', { hasText: /^MOQ$/ }) }).locator('dd')).toHaveText(
    '500 m',
  )
  await expect(page.getByRole('img', { name: 'Image 1' })).toBeVisible()
  await expect(page.getByRole('textbox')).toHaveCount(0)
  const id = dbValue<number>('select id from product_skus where code = ?', code)
  expect(dbValue<number>('select count(*) from product_sku_images where product_sku_id = ?', id)).toBe(1)

  // Edit leads to the form; a save comes back to the page with the change.
  await page.getByRole('link', { name: 'Edit', exact: true }).click()
  await expect(page).toHaveURL(`/skus/fabric_skus/${id}/edit`)
  await page.getByLabel('Name', { exact: true }).fill(`Quokka twill renamed ${stamp}`)
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page).toHaveURL(`/skus/fabric_skus/${id}`)
  await expect(page.getByRole('heading', { level: 2, name: `Quokka twill renamed ${stamp}` })).toBeVisible()
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Quokka twill renamed')

  // Found in the list by its attribute values.
  await page.goto('/skus/fabric_skus')
  await page.getByLabel('Colour', { exact: true }).fill(colour.toLowerCase())
  await page.getByLabel('Weight (g/m²)').fill('180.0')
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(/attr\.colour=/)
  await expect(page.getByRole('link', { name: code, exact: true })).toBeVisible()
  await expect(page.getByText('1 fabric SKU matches these filters')).toBeVisible()

  // Compared with another SKU of its category whose weight differs.
  const other = dbValue<string>(
    "select code from product_skus where category_id = 1 and status = 'active' and json_extract(attributes_json, '$.gsm') != '180' and json_extract(attributes_json, '$.weave') = 'twill' order by id limit 1",
  )
  await page.goto('/categories/1/skus/compare')
  await page.getByLabel('Or type codes').fill(`${code}, ${other}`)
  await page.getByRole('button', { name: 'Compare', exact: true }).click()
  const weight = page.getByRole('row', { name: /Weight \(g\/m²\)/ })
  await expect(weight).toHaveClass(/diff/)
  await expect(weight.getByText('differs')).toBeVisible()
  await expect(page.getByRole('columnheader', { name: code })).toBeVisible()
  await expect(page.getByRole('columnheader', { name: other })).toBeVisible()
  await expect(page.getByRole('row', { name: /^Weave/ })).not.toHaveClass(/diff/)
})
