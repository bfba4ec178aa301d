import { expect, test, type Page } from '@playwright/test'
import SQLite from 'better-sqlite3'
import { E2E_DB, formMessage, lastEmailTo, signIn, signInAs, signOut, uniqueEmail } from './support'

/** Reads an id from the server's database, as an operator would. */
function idOf(sql: string, ...params: unknown[]): number {
  const db = new SQLite(E2E_DB, { readonly: true, fileMustExist: true })
  try {
    return (db.prepare(sql).get(...params) as { id: number }).id
  } finally {
    db.close()
  }
}

async function openMyCompany(page: Page) {
  await signInAs(page, 'buyer@example.com', '/buyer')
  await page.getByRole('link', { name: 'Manage your company' }).click()
  await expect(page).toHaveURL(/\/buyer\/\d+\/company$/)
  await expect(page.getByRole('heading', { name: 'Indigo Threads Retail', level: 1 })).toBeVisible()
}

/**
 * Both projects edit the same demo company at once, so a save may meet the other's: the page then
 * says so (that is the product working), and the person reloads and saves again.
 */
async function saveContactPhone(page: Page, phone: string) {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const contact = page.locator('form#company-contact')
    await contact.getByLabel('Contact phone').fill(phone)
    await contact.getByRole('button', { name: 'Save contact details' }).click()
    const saved = page.getByText('Your company’s contact details are saved.')
    const conflict = page.getByText('changed by someone else')
    await expect(saved.or(conflict)).toBeVisible()
    if (await saved.isVisible()) return
    await page.reload()
  }
  throw new Error('the contact phone could not be saved')
}

test('a buyer admin edits its company: contact phone and a new shipping address', async ({ page }, info) => {
  await openMyCompany(page)
  await expect(page.getByRole('region', { name: 'Your account manager' })).toContainText('demand_kam@example.com')

  const phone = `9${String(Date.now()).slice(-8)}${info.project.name === 'js' ? 1 : 2}`
  await saveContactPhone(page, phone)
  await expect(
    page.getByRole('region', { name: 'Recent changes' }).locator('ins', { hasText: phone }).first(),
  ).toBeVisible()

  const label = `Dock ${info.project.name} ${Date.now()}`
  const add = page.locator('form#address-create')
  await add.getByLabel('Shipping').check()
  await add.getByLabel('Label (optional)').fill(label)
  await add.getByLabel('Address line 1').fill('12, Dockyard Road')
  await add.getByLabel('City or town').fill('Mazagaon')
  await add.getByLabel('State or union territory').selectOption('Maharashtra')
  await add.getByLabel('PIN code').fill('40001')
  await add.getByRole('button', { name: 'Add address' }).click()

  await expect(formMessage(add, 'Enter the 6-digit PIN code')).toBeVisible()
  await expect(add.getByLabel('Shipping')).toBeChecked()
  await expect(add.getByLabel('Label (optional)')).toHaveValue(label)
  await expect(add.getByLabel('Address line 1')).toHaveValue('12, Dockyard Road')
  await expect(add.getByLabel('City or town')).toHaveValue('Mazagaon')
  await expect(add.getByLabel('State or union territory')).toHaveValue('Maharashtra')
  await expect(add.getByLabel('PIN code')).toHaveValue('40001')

  await add.getByLabel('PIN code').fill('400010')
  await add.getByRole('button', { name: 'Add address' }).click()
  await expect(page.getByText('The shipping address is added.')).toBeVisible()
  const card = page.getByRole('region', { name: 'Shipping addresses' }).getByRole('article', { name: label })
  await expect(card).toContainText('12, Dockyard Road')
  await expect(card).toContainText('Mazagaon, Maharashtra 400010')
  // The demo company already had a default shipping address: the new one is not it.
  await expect(card).not.toContainText('Default shipping')
  await expect(page.locator('form#address-create').getByLabel('Address line 1')).toHaveValue('')
})

test('another buyer’s company page is not found', async ({ page }) => {
  const other = idOf('select id from buyers where name = ?', 'Saffron Apparel Co')
  await signInAs(page, 'buyer@example.com', '/buyer')
  const response = await page.goto(`/buyer/${other}/company`)
  expect(response?.status()).toBe(404)
  await expect(page.getByTestId('not-found')).toBeVisible()
  await expect(page.getByText('Saffron Apparel Co')).toHaveCount(0)
})

test('an internal user adds a warehouse and makes it the default', async ({ page }, info) => {
  // Each project works on its own product, so the two never take the default from each other.
  const product = info.project.name === 'js' ? { slug: 'yarn', name: 'Yarn' } : { slug: 'fabric', name: 'Fabric' }
  await signInAs(page, 'internal@example.com', '/dashboard')
  await page.goto(`/${product.slug}/addresses`)
  await expect(page.getByRole('heading', { name: `${product.name} warehouses and offices`, level: 1 })).toBeVisible()
  const warehouses = page.getByRole('region', { name: 'Warehouse addresses' })
  const previous = await warehouses
    .getByRole('article')
    .filter({ hasText: 'Default warehouse' })
    .getAttribute('aria-label')
  expect(previous).toBeTruthy()

  const label = `Annexe ${info.project.name} ${Date.now()}`
  const add = page.locator('form#address-create')
  await add.getByLabel('Warehouse').check()
  await add.getByLabel('Label (optional)').fill(label)
  await add.getByLabel('Address line 1').fill('Shed 3, Kalyan Road')
  await add.getByLabel('City or town').fill('Bhiwandi')
  await add.getByLabel('State or union territory').selectOption('Maharashtra')
  await add.getByLabel('PIN code').fill('421302')
  await add.getByRole('button', { name: 'Add address' }).click()
  await expect(page.getByText('The warehouse address is added.')).toBeVisible()

  const mine = warehouses.getByRole('article', { name: label })
  await expect(mine).not.toContainText('Default warehouse')
  await mine.getByRole('button', { name: 'Make default' }).click()
  await expect(page.getByText('This is now the default warehouse address.')).toBeVisible()
  await expect(warehouses.getByRole('article', { name: label })).toContainText('Default warehouse')
  await expect(warehouses.getByRole('article', { name: previous! })).not.toContainText('Default warehouse')
  await expect(warehouses.getByRole('article').filter({ hasText: 'Default warehouse' })).toHaveCount(1)
  await expect(page.getByRole('region', { name: 'Address history' })).toContainText('Default address changed')

  const others = page.getByRole('navigation', { name: 'Other products' })
  await expect(others.getByRole('link')).not.toHaveCount(0)
})

test('a buyer admin invites a colleague, who chooses a password and signs in', async ({ page }, info) => {
  await openMyCompany(page)
  const email = uniqueEmail(info, 'colleague')
  const invite = page.locator('form#company-invite')
  await invite.getByLabel('Colleague’s name').fill('Kiran Colleague')
  await invite.getByLabel('Colleague’s e-mail').fill(email)
  await invite.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText(`Kiran Colleague is invited`)).toBeVisible()
  await expect(page.getByRole('region', { name: 'Users' }).getByRole('cell', { name: email })).toBeVisible()

  const mail = lastEmailTo(email)
  expect(mail?.subject).toContain('Indigo Threads Retail')
  const link = new URL(mail!.body_text.match(/https?:\/\/\S+/)![0])
  await signOut(page)

  await page.goto(link.pathname + link.search)
  await expect(page.getByRole('heading', { name: 'Welcome: choose your password' })).toBeVisible()
  await page.getByLabel('New password', { exact: true }).fill('colleague-pass-2026')
  await page.getByLabel('New password again').fill('colleague-pass-2026')
  await page.getByRole('button', { name: 'Save new password' }).click()
  await expect(page).toHaveURL('/login')

  await signIn(page, email, 'colleague-pass-2026')
  await expect(page).toHaveURL('/buyer')
  // Not a company admin: the company page is read-only for this colleague.
  await page.getByRole('link', { name: 'Manage your company' }).click()
  await expect(page.getByText('Only your company’s administrators can change these details')).toBeVisible()
  await expect(page.locator('form#company-invite')).toHaveCount(0)
})
