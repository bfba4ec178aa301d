import { expect, test } from '@playwright/test'
import { dbValue, formMessage, signInAs } from './support'

const ADMIN = 'admin@example.com'

// Issue 39 on the category pages (docs/domain.md "QC by the book"): admin sets a new garments category to
// inspect by an AQL plan (AQLs out of class order refused first), then builds its defect catalogue
// (a name it already has refused at the field) and deactivates a type. A category of its own, so the
// demo's categories stay as the other journeys read them.
test('admin sets a category’s sampling plan and builds its defect catalogue', async ({ page }, info) => {
  const name = `Gilets ${info.project.name} ${Date.now()}`
  await signInAs(page, ADMIN, /\/admin/)
  await page.goto('/admin/categories/manage?product=garments')
  const add = page.getByRole('region', { name: 'Add a garments category' })
  await add.getByLabel('Name').fill(name)
  await add.getByLabel('HSN code').fill('621142')
  await add.getByLabel('GST rate', { exact: true }).selectOption('5')
  await add.getByRole('button', { name: 'Add category' }).click()
  await expect(page).toHaveURL(/\/admin\/categories\/\d+\/fulfillment_workflow$/)
  const categoryId = Number(page.url().match(/categories\/(\d+)\//)![1])

  await page.goto(`/admin/categories/${categoryId}/edit`)
  await expect(page.getByTestId('qc-method')).toContainText('Quality control: Conditions only')
  const details = page.getByRole('form', { name: 'Category details' })
  await details.getByLabel('Inspection method').selectOption('aql')
  await details.getByLabel('Inspection level').selectOption('S-4')
  await details.getByLabel('AQL critical').selectOption('4.0')
  await details.getByLabel('AQL major').selectOption('1.5')
  await details.getByRole('button', { name: 'Save changes' }).click()
  await expect(formMessage(page, /Choose a major AQL of at least the critical one \(4\.0\)/)).toBeVisible()
  await expect(details.getByLabel('Inspection level')).toHaveValue('S-4')
  await details.getByLabel('AQL critical').selectOption('0')
  await details.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByTestId('qc-method')).toContainText(
    'AQL sampling plan (ISO 2859-1), level S-4, AQL critical 0, major 1.5, minor 4.0',
  )
  expect(dbValue('select qc_method || qc_level || aql_major from categories where id = ?', categoryId)).toBe(
    'aqlS-41.5',
  )
  await expect(page.getByRole('region', { name: 'History' }).getByText('Inspection method').first()).toBeVisible()

  await page.getByRole('link', { name: 'Defect catalogue' }).click()
  await expect(page).toHaveURL(`/admin/categories/${categoryId}/defect_types`)
  const addType = page.getByRole('region', { name: 'Add a defect type' })
  const addDefectType = async (type: string, defectClass: string) => {
    await addType.getByLabel('Defect type').fill(type)
    await addType.getByLabel('Class').selectOption(defectClass)
    await addType.getByRole('button', { name: 'Add defect type' }).click()
  }
  await addDefectType('Open seam', 'major')
  await expect(page.getByText('Defect type “Open seam” is added.')).toBeVisible()
  await addDefectType('Stain', 'minor')
  await expect(page.getByText('Defect type “Stain” is added.')).toBeVisible()
  await addDefectType('Open seam', 'minor')
  await expect(formMessage(addType, 'This category already has a defect type named “Open seam”')).toBeVisible()
  await expect(addType.getByLabel('Defect type')).toHaveValue('Open seam')
  const types = page.getByRole('region', { name: 'Defect types' })
  await expect(types.getByRole('row')).toHaveCount(3)
  await types.getByRole('button', { name: 'Deactivate Stain' }).click()
  await expect(page.getByText('Defect type “Stain” is deactivated.')).toBeVisible()
  await expect(types.getByRole('row', { name: /Stain/ })).toContainText('Inactive')
  await expect(types.getByRole('row', { name: /Open seam/ })).toContainText('Major')
})
