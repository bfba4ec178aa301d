import fs from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { withGstinCheck } from '../../app/utils/gstin'
import { parseCsv } from '../support/csv'
import {
  completeBuyerForActivation,
  formMessage,
  signIn,
  signInAs,
  signOut,
  signOutFromWaitingPage,
  signUp,
  uniqueEmail,
} from './support'

const STAFF = 'internal@example.com'

/** A valid GSTIN no other test uses: random PAN letters and digits, then its check character. */
function uniqueGstin() {
  const letters = () =>
    Array.from({ length: 5 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('')
  const digits = String(Math.floor(Math.random() * 10_000)).padStart(4, '0')
  return withGstinCheck(`27${letters()}${digits}P1Z`)
}

/** Confirms a status change: a dialog with JavaScript, an opened disclosure without. */
async function confirmStatusChange(page: Page, trigger: string, confirm: string) {
  await page.getByText(trigger, { exact: true }).click()
  await page.getByRole('button', { name: confirm }).click()
}

test('staff add a seller (a bad GSTIN first), pending until it has what activation needs, then edit its phone and agent and see the history', async ({
  page,
}, info) => {
  const name = `Kora Weaves ${info.project.name} ${Date.now()}`
  const gstin = uniqueGstin()
  const wrongCheck = gstin.slice(0, 14) + (gstin[14] === 'A' ? 'B' : 'A')
  await signInAs(page, STAFF, '/dashboard')
  await page.goto('/sellers/manage')
  await page.getByRole('link', { name: 'Add a seller' }).click()
  await expect(page).toHaveURL('/sellers/add')

  await page.getByLabel('Company name').fill(name)
  await page.getByLabel('GSTIN').fill(wrongCheck)
  await page.getByLabel('Contact e-mail').fill('sales@kora.example')
  await page.getByLabel('Address line 1').fill('12 Loom Street')
  await page.getByLabel('City').fill('Karur')
  await page.getByLabel('State').selectOption('Tamil Nadu')
  await page.getByLabel('PIN code').fill('639001')
  await page.getByRole('button', { name: 'Add seller' }).click()
  await expect(formMessage(page, 'the last character is a check character')).toBeVisible()
  await expect(page.getByLabel('Company name')).toHaveValue(name)
  await expect(page.getByLabel('GSTIN')).toHaveValue(wrongCheck)
  await expect(page.getByLabel('Contact e-mail')).toHaveValue('sales@kora.example')
  await expect(page.getByLabel('Address line 1')).toHaveValue('12 Loom Street')
  await expect(page.getByLabel('City')).toHaveValue('Karur')
  await expect(page.getByLabel('State')).toHaveValue('Tamil Nadu')
  await expect(page.getByLabel('PIN code')).toHaveValue('639001')

  await page.getByLabel('GSTIN').fill(gstin)
  await page.getByRole('button', { name: 'Add seller' }).click()
  await expect(page).toHaveURL(/\/sellers\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  // Added without a legal name or an agent, it waits for approval, and the toast says what activation still needs.
  await expect(
    page.getByText(
      `Seller ${name} is added and waiting for approval. To activate it: Enter the legal name (as registered); Assign a supplier-team agent.`,
    ),
  ).toBeVisible()
  await expect(page.getByRole('region', { name: 'Status' }).getByText('waiting for staff')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Billing addresses' })).toContainText('12 Loom Street')
  const recordUrl = page.url()

  await page.getByRole('link', { name: 'Edit details' }).click()
  await expect(page.getByLabel('GSTIN')).toHaveValue(gstin)
  await page.getByLabel('Contact phone').fill('98765 01234')
  await page.getByLabel('Supplier-team agent').selectOption({ label: 'Arjun Agent' })
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page).toHaveURL(recordUrl)
  await expect(page.getByText(`${name} is saved.`)).toBeVisible()
  const details = page.getByRole('region', { name: 'Company details' })
  await expect(details.getByText('9876501234')).toBeVisible()
  await expect(details.getByText('Arjun Agent')).toBeVisible()
  const history = page.getByRole('region', { name: 'History' })
  await expect(history.getByText('Changed', { exact: true })).toBeVisible()
  await expect(history.getByText('agent:')).toContainText('Arjun Agent')
  await expect(history.getByText('Added', { exact: true })).toBeVisible()
})

test('staff activate a pending buyer, whose user can then use the buyer portal', async ({ page }, info) => {
  // Sign-up, then three sign-ins: a long journey.
  test.slow()
  const email = uniqueEmail(info, 'activate')
  const password = 'a-good-password-1'
  const company = await signUp(page, email, password, 'buyer')
  await signOutFromWaitingPage(page)

  await signInAs(page, STAFF, '/dashboard')
  // The dashboard lists it (newest first) with a link to its record, and links to the filtered list.
  await expect(
    page.getByRole('table', { name: 'Companies waiting for approval' }).getByRole('link', { name: company }),
  ).toHaveAttribute('href', /^\/buyers\/\d+$/)
  // Its sign-up is in the recent activity as a sentence that names it.
  await expect(
    page.getByRole('region', { name: 'Recent activity' }).getByRole('listitem').filter({ hasText: company }).first(),
  ).toContainText(`Buyer ${company} signed up by`)
  await page.getByRole('link', { name: 'All buyers waiting' }).click()
  await expect(page).toHaveURL('/buyers/manage?status=pending')
  await page.getByLabel('Search').fill(company)
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(/status=pending/)
  await page.getByRole('link', { name: company }).click()
  await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible()
  // A buyer is activated only with its legal name, GSTIN, KAM and billing address.
  await completeBuyerForActivation(page, company, uniqueGstin())
  await confirmStatusChange(page, 'Activate', `Yes, activate ${company}`)
  await expect(page.getByText(`${company} is activated. 1 e-mail queued.`)).toBeVisible()
  await expect(page.getByRole('region', { name: 'Status' }).getByText('can use the platform')).toBeVisible()
  await expect(page.getByRole('region', { name: 'History' }).getByText('Activated', { exact: true })).toBeVisible()
  await signOut(page)

  await signIn(page, email, password)
  await expect(page).toHaveURL('/buyer')
})

test('the buyers list filters by status and search, and its CSV holds the same rows', async ({ page }) => {
  await signInAs(page, STAFF, '/dashboard')
  await page.goto('/buyers/manage')
  await page.getByLabel('Search').fill('threads')
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Active' })
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(/[?&]q=threads/)
  await expect(page).toHaveURL(/[?&]status=active/)
  await expect(page.getByLabel('Search')).toHaveValue('threads')

  const table = page.getByRole('table', { name: 'Buyers' })
  await expect(table.getByRole('link', { name: 'Indigo Threads Retail' })).toBeVisible()
  const shown = await table.locator('tbody tr td:first-child').allTextContents()
  expect(shown.length).toBeGreaterThan(0)
  for (const name of shown) expect(name.toLowerCase()).toContain('threads')
  await expect(table.getByText('Waiting for approval')).toHaveCount(0)

  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: /Download CSV/ }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^buyers-\d{4}-\d{2}-\d{2}\.csv$/)
  const rows = parseCsv(fs.readFileSync((await download.path())!, 'utf8'))
  expect(rows.map((r) => r.Name)).toEqual(shown)
  for (const row of rows) expect(row.Status).toBe('Active')
})
