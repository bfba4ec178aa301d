import { expect, test } from '@playwright/test'
import { withGstinCheck } from '../../app/utils/gstin'
import { completeBuyerForActivation, dbValue, signInAs, signOutFromWaitingPage, signUp, uniqueEmail } from './support'

// A buyer is activated only with its legal name, a valid GSTIN (or "not registered" with a reason),
// a billing address and a KAM (docs/domain.md "Companies"). Without JavaScript: the page alone.

test('staff are told what a new buyer lacks, activation is refused, then allowed once it is all there @js-off-only', async ({
  page,
}, info) => {
  test.slow()
  const company = await signUp(page, uniqueEmail(info, 'activation'), 'a-good-password-1', 'buyer')
  await signOutFromWaitingPage(page)
  const id = dbValue<number>('select id from buyers where name = ?', company)

  await signInAs(page, 'internal@example.com', '/dashboard')
  await page.goto(`/buyers/${id}`)
  // The status card lists what is missing; each field says it too.
  const gaps = page.locator('#activation-gaps')
  await expect(gaps).toContainText('Before it can be activated, this buyer needs:')
  for (const missing of [
    'Enter the legal name (as registered)',
    'Enter a valid GSTIN, or mark the company not registered for GST with a reason',
    'Add a billing address',
    'Assign a KAM',
  ])
    await expect(gaps.getByRole('listitem').filter({ hasText: missing })).toBeVisible()
  await expect(page.getByText('Needed to activate: Assign a KAM')).toBeVisible()

  // Refused, with what is missing; nothing changes.
  await page.getByText('Activate', { exact: true }).click()
  await page.getByRole('button', { name: `Yes, activate ${company}` }).click()
  await expect(page.getByRole('status').getByText(`${company} cannot be activated yet`)).toContainText(
    'Add a billing address',
  )
  expect(dbValue<string>('select status from buyers where id = ?', id)).toBe('pending')

  // A GSTIN with a wrong check character is refused at the field.
  await page.getByRole('link', { name: 'Edit details' }).click()
  await page.getByRole('textbox', { name: 'GSTIN', exact: true }).fill('27AAAAA0000A1Z0')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.locator('.field-error').first()).toBeVisible()
  await page.goto(`/buyers/${id}`)

  const letters = Array.from({ length: 5 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('')
  await completeBuyerForActivation(page, company, withGstinCheck(`29${letters}4321Q1Z`))
  await expect(page.locator('#activation-gaps')).toHaveCount(0)
  await page.getByText('Activate', { exact: true }).click()
  await page.getByRole('button', { name: `Yes, activate ${company}` }).click()
  await expect(page.getByText(`${company} is activated.`)).toBeVisible()
  expect(dbValue<string>('select status from buyers where id = ?', id)).toBe('active')
})
