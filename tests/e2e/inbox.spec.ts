import { expect, test } from '@playwright/test'
import { withGstinCheck } from '../../app/utils/gstin'
import {
  completeBuyerForActivation,
  dbValue,
  signIn,
  signInAs,
  signOut,
  signOutFromWaitingPage,
  signUp,
  uniqueEmail,
} from './support'

// The in-app inbox (docs/domain.md "In-app inbox (issue 40)"): every e-mail the platform sends lands
// in its recipient's inbox too. A new buyer signs up (the welcome mail), staff activate it (the
// activation mail); signed in, its user sees the bell's count on every page, opens the inbox, opens
// the activation notification and lands on its company's page, and the count goes down.

test('a new buyer reads what it was e-mailed in the app, opens it on its record, and the bell counts down', async ({
  page,
}, info) => {
  test.slow()
  const email = uniqueEmail(info, 'inbox')
  const password = 'a-good-password-1'
  const company = await signUp(page, email, password, 'buyer')
  await signOutFromWaitingPage(page)
  const id = dbValue<number>('select id from buyers where name = ?', company)

  // Staff activate the company through its page: the activation is e-mailed to its user.
  await signInAs(page, 'internal@example.com', '/dashboard')
  await page.goto(`/buyers/${id}`)
  const letters = Array.from({ length: 5 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('')
  await completeBuyerForActivation(page, company, withGstinCheck(`27${letters}1234R1Z`))
  await page.getByText('Activate', { exact: true }).click()
  await page.getByRole('button', { name: `Yes, activate ${company}` }).click()
  await expect(page.getByText(`${company} is activated.`)).toBeVisible()
  await signOut(page)

  // The buyer's user: the bell on its portal's page says two wait (the welcome and the activation).
  await signIn(page, email, password)
  await expect(page).toHaveURL('/buyer')
  const bell = page.getByRole('link', { name: 'Inbox, 2 unread' })
  await expect(bell).toBeVisible()
  await expect(bell).toHaveText('2')
  await bell.click()
  await expect(page).toHaveURL('/inbox?portal=buyer')
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible()
  const activated = `${company} is now active on the sourcing platform`
  const row = page.getByRole('row').filter({ hasText: activated })
  await expect(row).toContainText('Unread')
  await expect(row).toContainText('activated its account')
  await expect(page.getByRole('row').filter({ hasText: 'Your company account is created' })).toBeVisible()

  // "Open" is a form: it marks the notification read and goes to the record (its company's page).
  await row.getByRole('button', { name: `Open ${activated}` }).click()
  await expect(page).toHaveURL(`/buyer/${id}/company`)
  await expect(page.getByRole('link', { name: 'Inbox, 1 unread' })).toBeVisible()
  expect(
    dbValue<number>(
      'select count(*) from notifications n join users u on u.id = n.user_id where u.email = ? and n.read_at is null',
      email,
    ),
  ).toBe(1)

  // Only the unread one is left to read; "Mark all as read" empties the count.
  await page.getByRole('link', { name: 'Inbox, 1 unread' }).click()
  await page.getByLabel('Show').selectOption('unread')
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(/show=unread/)
  await expect(page.getByRole('row').filter({ hasText: activated })).toHaveCount(0)
  await expect(page.getByRole('row').filter({ hasText: 'Your company account is created' })).toBeVisible()
  await page.getByRole('button', { name: 'Mark all as read' }).click()
  await expect(page.getByText('1 notification marked as read.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Inbox, no unread' })).toBeVisible()
  await expect(page.getByText('Nothing unread: you are up to date.')).toBeVisible()
})
