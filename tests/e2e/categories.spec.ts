import { expect, test, type Page } from '@playwright/test'
import { dbValue, formMessage, signInAs } from './support'

const ADMIN = 'admin@example.com'

/** The stage names in the order the page shows them. */
const stageOrder = (page: Page) => page.locator('table.workflow-table tbody tr td:nth-child(2)').allTextContents()

async function addStage(page: Page, name: string, days: string, qcGate = false) {
  const form = page.getByRole('region', { name: 'Add a stage' })
  await form.getByLabel('Stage name').fill(name)
  await form.getByLabel('Expected days').fill(days)
  if (qcGate) await form.getByLabel('QC gate').check()
  await form.getByRole('button', { name: 'Add stage' }).click()
  await expect(page.getByText(`Added “${name}”`)).toBeVisible()
}

test('admin adds a category (a bad HSN code first), builds its workflow, and gives it a QC condition', async ({
  page,
}, info) => {
  const name = `Seersucker ${info.project.name} ${Date.now()}`
  await signInAs(page, ADMIN, /\/admin/)
  await page.goto('/admin/categories/manage')
  await expect(page.getByRole('heading', { level: 1, name: 'Fabric categories' })).toBeVisible()
  await page.getByRole('link', { name: 'Yarn', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Yarn categories' })).toBeVisible()
  await page.getByRole('link', { name: 'Fabric', exact: true }).click()

  // A 5-digit HSN code is refused at its field; every typed value stays.
  const add = page.getByRole('region', { name: 'Add a fabric category' })
  await add.getByLabel('Name').fill(name)
  await add.getByLabel('HSN code').fill('52081')
  await add.getByLabel('GST rate').selectOption('12')
  await add.getByRole('button', { name: 'Add category' }).click()
  await expect(formMessage(add, 'Enter the HSN code as 4, 6 or 8 digits')).toBeVisible()
  await expect(add.getByLabel('Name')).toHaveValue(name)
  await expect(add.getByLabel('HSN code')).toHaveValue('52081')
  await expect(add.getByLabel('GST rate')).toHaveValue('12')

  await add.getByLabel('HSN code').fill('520812')
  await add.getByRole('button', { name: 'Add category' }).click()
  await expect(page).toHaveURL(/\/admin\/categories\/\d+\/fulfillment_workflow$/)
  const categoryId = Number(page.url().match(/categories\/(\d+)\//)![1])
  expect(dbValue('select gst_rate_bp from categories where id = ?', categoryId)).toBe(1200)
  await expect(page.getByText('orders cannot use it until it has at least one stage')).toBeVisible()

  // Three stages, one a QC gate; then the last moves up and the first is removed.
  await addStage(page, 'Weaving', '12')
  // A warning, not a refusal.
  const noGate = page.getByText('No stage is a QC gate: goods of this category')
  await expect(noGate).toBeVisible()
  await addStage(page, 'Inspection', '2', true)
  await expect(noGate).toHaveCount(0)
  await addStage(page, 'Packing', '1')
  expect(await stageOrder(page)).toEqual(['Weaving', 'Inspection', 'Packing'])
  await page.getByRole('button', { name: 'Move Packing up' }).click()
  await expect(page.getByText('Moved “Packing” up')).toBeVisible()
  expect(await stageOrder(page)).toEqual(['Weaving', 'Packing', 'Inspection'])
  await page.locator('tr', { hasText: 'Weaving' }).getByText('Remove', { exact: true }).click()
  await page.getByRole('button', { name: 'Yes, remove Weaving' }).click()
  await expect(page.getByText('Removed “Weaving”')).toBeVisible()
  expect(await stageOrder(page)).toEqual(['Packing', 'Inspection'])
  await expect(page.locator('table.workflow-table tfoot')).toContainText('3 days')
  expect(
    dbValue(
      "select group_concat(position || ':' || name, ',') from (select * from workflow_stages where category_id = ? order by position)",
      categoryId,
    ),
  ).toBe('1:Packing,2:Inspection')

  // A condition whose minimum is above its maximum is refused, then added as it should be.
  await page
    .getByRole('navigation', { name: /breadcrumb/i })
    .getByRole('link', { name })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${name}` })).toBeVisible()
  await page.getByRole('link', { name: 'Add a condition' }).click()
  // The edit page has a Name field too: wait for the condition form before typing.
  await expect(page.getByRole('heading', { level: 1, name: `Add a condition to ${name}` })).toBeVisible()
  await page.getByLabel('Name').fill('Weight band')
  // Exact: the choice "What is measured: A product attribute" is labelled with the word too.
  await page.getByLabel('Attribute', { exact: true }).selectOption('gsm')
  await page.getByLabel('Rule').selectOption('between')
  await page.getByLabel('Minimum').fill('130')
  await page.getByLabel('Maximum').fill('120')
  await page.getByRole('button', { name: 'Add condition' }).click()
  await expect(formMessage(page, 'The maximum must be greater than the minimum (130)')).toBeVisible()
  await expect(page.getByLabel('Name')).toHaveValue('Weight band')
  await expect(page.getByLabel('Minimum')).toHaveValue('130')
  await page.getByLabel('Maximum').fill('140')
  await page.getByRole('button', { name: 'Add condition' }).click()
  await expect(page).toHaveURL(`/admin/categories/${categoryId}/edit`)
  const conditions = page.getByRole('region', { name: 'QC conditions' })
  await expect(conditions.getByRole('row', { name: /Weight band/ })).toContainText('between 130 and 140 g/m²')

  // Edit it: a wider band, now critical.
  await conditions.getByRole('link', { name: 'Weight band' }).click()
  await expect(page.getByLabel('Maximum')).toHaveValue('140')
  await page.getByLabel('Maximum').fill('150.5')
  await page.getByLabel('Severity').selectOption('critical')
  await page.getByRole('button', { name: 'Save condition' }).click()
  await expect(page).toHaveURL(`/admin/categories/${categoryId}/edit`)
  const row = conditions.getByRole('row', { name: /Weight band/ })
  await expect(row).toContainText('between 130 and 150.5 g/m²')
  await expect(row).toContainText('Critical')
  const history = page.getByRole('region', { name: 'History' })
  await expect(history.getByText('QC condition changed', { exact: true })).toBeVisible()
  await expect(history.getByText('Fulfilment workflow changed', { exact: true }).first()).toBeVisible()
  await expect(history.getByText('Added', { exact: true })).toBeVisible()

  // A lab parameter: its own name and unit, no attribute; a tolerance is refused at its field.
  await page.getByRole('link', { name: 'Add a condition' }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Add a condition to ${name}` })).toBeVisible()
  await page.getByLabel('A lab parameter').check()
  await page.getByLabel('Name').fill('Shrinkage after wash')
  await page.getByLabel('Rule').selectOption('max')
  await page.getByLabel('Bounds are').selectOption('percent')
  await page.getByLabel('Maximum').fill('3')
  await page.getByLabel('Unit (optional)').fill('%')
  await page.getByRole('button', { name: 'Add condition' }).click()
  await expect(formMessage(page, /A lab parameter is judged by fixed bounds/)).toBeVisible()
  await expect(page.getByLabel('A lab parameter')).toBeChecked()
  await page.getByLabel('Bounds are').selectOption('fixed')
  await page.getByRole('button', { name: 'Add condition' }).click()
  await expect(page).toHaveURL(`/admin/categories/${categoryId}/edit`)
  const lab = conditions.getByRole('row', { name: /Shrinkage after wash/ })
  await expect(lab).toContainText('Shrinkage after wash (lab)')
  await expect(lab).toContainText('Lab parameter')
  await expect(lab).toContainText('at most 3 %')
})

test(
  'admin gives a new garments category a GST value slab (half a slab refused first), shown on its page',
  { tag: '@js-off-only' },
  async ({ page }) => {
    const name = `Overcoats ${Date.now()}`
    await signInAs(page, ADMIN, /\/admin/)
    await page.goto('/admin/categories/manage?product=garments')
    await expect(page.getByRole('heading', { level: 1, name: 'Garments categories' })).toBeVisible()
    // The demo's shirts carry the rates since 22 September 2025: 5 %, 18 % above ₹2,500 a piece.
    await expect(page.getByRole('row', { name: /^Shirts/ })).toContainText('5 % · 18 % above ₹2,500')

    const add = page.getByRole('region', { name: 'Add a garments category' })
    await add.getByLabel('Name').fill(name)
    await add.getByLabel('HSN code').fill('620193')
    await add.getByLabel('GST rate', { exact: true }).selectOption('5')
    await add.getByLabel('Sale value per piece up to (₹)').fill('2,500')
    await add.getByRole('button', { name: 'Add category' }).click()
    await expect(formMessage(add, 'Choose the rate above the slab')).toBeVisible()
    await expect(add.getByLabel('Sale value per piece up to (₹)')).toHaveValue('2,500')
    await expect(add.getByLabel('Name')).toHaveValue(name)

    await add.getByLabel('Rate above the slab').selectOption('18')
    await add.getByRole('button', { name: 'Add category' }).click()
    await expect(page).toHaveURL(/\/admin\/categories\/\d+\/fulfillment_workflow$/)
    const categoryId = Number(page.url().match(/categories\/(\d+)\//)![1])
    expect(dbValue('select gst_slab_above_minor from categories where id = ?', categoryId)).toBe(250_000)
    expect(dbValue('select gst_rate_above_bp from categories where id = ?', categoryId)).toBe(1800)

    await page.goto(`/admin/categories/${categoryId}/edit`)
    await expect(page.getByTestId('gst-rates')).toContainText('GST: 5 % up to ₹2,500.00 a piece, 18 % above')
    await expect(page.getByLabel('Sale value per piece up to (₹)')).toHaveValue('2500.00')
    await expect(page.getByLabel('Rate above the slab')).toHaveValue('18')
  },
)
