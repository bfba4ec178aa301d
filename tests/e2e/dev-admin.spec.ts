import { expect, test, type Page } from '@playwright/test'
import { dbValue, formMessage, signInAs } from './support'

const DEV_ADMIN = 'dev_admin@example.com'

const attributeKeys = (page: Page) =>
  page.locator('[data-attribute]').evaluateAll((items) => items.map((item) => item.getAttribute('data-attribute')))

test('the dev admin adds a product (a bad slug first) and edits its attribute schema', async ({ page }, info) => {
  const slug = `e2e_${info.project.name.replace(/\W/g, '')}_${Date.now() % 1e8}${Math.floor(Math.random() * 100)}`
  const name = `E2E leather ${slug}`
  await signInAs(page, DEV_ADMIN, '/dev_admin')
  await page.getByRole('link', { name: 'Products' }).first().click()
  await expect(page).toHaveURL('/dev_admin/products')
  await expect(page.getByRole('link', { name: 'Fabric' })).toBeVisible()

  await page.getByLabel('Slug').fill('Leather-Goods')
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Unit').fill('sqft')
  await page.getByRole('button', { name: 'Add product' }).click()
  await expect(formMessage(page, 'Start with a small letter')).toBeVisible()
  await expect(page.getByLabel('Slug')).toHaveValue('Leather-Goods')
  await expect(page.getByLabel('Name')).toHaveValue(name)
  await expect(page.getByLabel('Unit')).toHaveValue('sqft')

  await page.getByLabel('Slug').fill(slug)
  await page.getByRole('button', { name: 'Add product' }).click()
  await expect(page).toHaveURL(/\/dev_admin\/products\/\d+\/edit$/)
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${name}` })).toBeVisible()
  await expect(page.getByText(`${name} is added.`)).toBeVisible()
  await expect(page.locator('dd code')).toHaveText(slug)

  const addForm = page.locator('form').filter({ has: page.getByRole('button', { name: 'Add attribute' }) })
  await addForm.getByLabel('Key').fill('thickness')
  await addForm.getByLabel('Label', { exact: true }).fill('Thickness')
  await addForm.getByRole('radio', { name: 'number' }).check()
  await addForm.getByLabel('Unit (optional)').fill('mm')
  await addForm.getByLabel('Required on every SKU').check()
  await addForm.getByRole('button', { name: 'Add attribute' }).click()
  await expect(page.getByText('Attribute Thickness is added.')).toBeVisible()

  await addForm.getByLabel('Key').fill('finish')
  await addForm.getByLabel('Label', { exact: true }).fill('Finish')
  await addForm.getByRole('radio', { name: 'enum' }).check()
  await addForm.getByLabel('Enum values').fill('matte, glossy\nsuede')
  await addForm.getByRole('button', { name: 'Add attribute' }).click()
  await expect(page.getByText('Attribute Finish is added.')).toBeVisible()
  await expect(
    page.locator('[data-attribute="finish"]').getByText('Values: matte, glossy, suede', { exact: true }),
  ).toBeVisible()
  await expect.poll(() => attributeKeys(page)).toEqual(['thickness', 'finish'])

  await page.getByRole('button', { name: 'Move up: Finish' }).click()
  await expect.poll(() => attributeKeys(page)).toEqual(['finish', 'thickness'])

  const thickness = page.locator('[data-attribute="thickness"]')
  await thickness.getByText('Remove', { exact: true }).click()
  await expect(page.getByText('keep it stored under “thickness”')).toBeVisible()
  await page.getByRole('button', { name: 'Yes, remove Thickness' }).click()
  await expect(page.getByText('Attribute thickness is removed from the schema.')).toBeVisible()
  await expect.poll(() => attributeKeys(page)).toEqual(['finish'])

  const stored = JSON.parse(dbValue<string>('select attribute_schema from products where slug = ?', slug))
  expect(stored).toEqual([
    { key: 'finish', label: 'Finish', type: 'enum', required: false, values: ['matte', 'glossy', 'suede'] },
  ])
  const history = page.getByRole('region', { name: 'History' })
  await expect(history.getByText('Attribute removed', { exact: true })).toBeVisible()
})

/** Saves one flag's form; a save by the other project in between is refused, so it reloads and tries again. */
async function saveFlag(page: Page, heading: string, set: (card: ReturnType<Page['getByRole']>) => Promise<void>) {
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.goto('/dev_admin/flags')
    const card = page.getByRole('region', { name: heading })
    await set(card)
    await card.getByRole('button', { name: 'Save flag' }).click()
    const outcome = page.getByText(/ is on|changed this flag since/).first()
    await expect(outcome).toBeVisible()
    if (!(await outcome.textContent())?.includes('since')) return
  }
  throw new Error('the flag kept changing under the test')
}

test('the dev admin switches a flag on for one role only and sees it saved', async ({ page }) => {
  const heading = 'Future effective dates on price-change requests'
  await signInAs(page, DEV_ADMIN, '/dev_admin')
  await page.getByRole('link', { name: 'Flags' }).first().click()
  await expect(page).toHaveURL('/dev_admin/flags')
  await expect(page.getByRole('region', { name: heading }).getByText('The "Effective from" date')).toBeVisible()

  // Demand KAMs (the only ones who see the field) keep it, so journeys running meanwhile are not affected.
  try {
    await saveFlag(page, heading, async (card) => {
      await card.getByRole('radio', { name: 'On' }).check()
      for (const box of await card.getByRole('checkbox').all()) await box.uncheck()
      await card.getByRole('checkbox', { name: 'Demand key-account manager' }).check()
    })
    const card = page.getByRole('region', { name: heading })
    await expect(card.getByText('On for Demand key-account manager', { exact: true })).toBeVisible()
    await expect(card.getByRole('checkbox', { name: 'Demand key-account manager' })).toBeChecked()
    await expect(card.getByRole('checkbox', { name: 'Admin', exact: true })).not.toBeChecked()
    await expect(card.getByText('by Dev Kumar')).toBeVisible()
    expect(dbValue<string>("select roles_json from flags where key = 'price_request_effective_date'")).toBe(
      '["demand_kam"]',
    )
  } finally {
    await saveFlag(page, heading, async (card) => {
      await card.getByRole('radio', { name: 'On' }).check()
      for (const box of await card.getByRole('checkbox').all()) await box.uncheck()
    })
  }
  await expect(
    page.getByRole('region', { name: heading }).getByText('On for every role', { exact: true }),
  ).toBeVisible()
})
