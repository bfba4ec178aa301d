import { expect, test, type Page } from '@playwright/test'
import { formMessage, signIn, signInAs, uniqueEmail } from './support'

const createUserForm = (page: Page) => page.locator('#create-user')

test('admin creates a staff user who signs in, then disables it and its open session stops working', async ({
  page,
  browser,
}, info) => {
  const email = uniqueEmail(info, 'staffer')
  const name = `Staffer ${info.project.name}`
  await signInAs(page, 'admin@example.com', /\/admin$/)
  await page.goto('/admin/users/manage')
  await page.getByText('Add a user', { exact: true }).click()
  const form = createUserForm(page)

  // First a buyer with no company: the message is at the field and everything typed stays.
  await form.getByLabel('Name', { exact: true }).fill(name)
  await form.getByLabel('E-mail', { exact: true }).fill(email)
  await form.getByLabel('Phone (optional)').fill('9876501234')
  await form.getByLabel('Buyer', { exact: true }).check()
  await form.getByRole('button', { name: 'Add user' }).click()
  await expect(formMessage(form, 'A buyer user needs its buyer company')).toBeVisible()
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue(name)
  await expect(form.getByLabel('E-mail', { exact: true })).toHaveValue(email)
  await expect(form.getByLabel('Phone (optional)')).toHaveValue('9876501234')
  await expect(form.getByLabel('Buyer', { exact: true })).toBeChecked()

  // Then an internal-staff user with a password set now.
  await form.getByLabel('Buyer', { exact: true }).uncheck()
  await form.getByLabel('Internal staff').check()
  await form.getByLabel('Set a password now').check()
  await form.getByLabel('Password', { exact: true }).fill('staffer-pass-2026')
  await form.getByLabel('Password again').fill('staffer-pass-2026')
  await form.getByRole('button', { name: 'Add user' }).click()
  await expect(page).toHaveURL(/\/admin\/users\/\d+$/)
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  await expect(page.getByText(`${name} is created with the password you set.`)).toBeVisible()
  const userPage = page.url()

  // The new user signs in elsewhere and sees its portal.
  const elsewhere = await browser.newContext({ javaScriptEnabled: info.project.use.javaScriptEnabled })
  const userTab = await elsewhere.newPage()
  await signIn(userTab, email, 'staffer-pass-2026')
  await expect(userTab).toHaveURL('/dashboard')
  await expect(userTab.locator('.user-menu > summary')).toContainText(name)

  // The admin disables it: its open session ends.
  await page.goto(userPage)
  await expect(page.getByTestId('sessions')).toHaveText('1')
  await page.getByText('Disable user', { exact: true }).click()
  await page.getByRole('button', { name: `Yes, disable ${name}` }).click()
  await expect(page.getByText('The user is disabled; 1 session ended.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible()
  await expect(page.locator('.history')).toContainText('Disabled by Anita Admin')

  await userTab.goto('/dashboard')
  await expect(userTab).toHaveURL(/\/login/)
  await elsewhere.close()
})

test('admin sets a user password on the set-password page, and the user signs in with it', async ({
  page,
  browser,
}, info) => {
  const email = uniqueEmail(info, 'logistics')
  const name = `Lorry Planner ${info.project.name}`
  await signInAs(page, 'admin@example.com', /\/admin$/)
  await page.goto('/admin/users/manage?create=1')
  const form = createUserForm(page)
  await form.getByLabel('Name', { exact: true }).fill(name)
  await form.getByLabel('E-mail', { exact: true }).fill(email)
  await form.getByLabel('Logistics', { exact: true }).check()
  await form.getByRole('button', { name: 'Add user' }).click()
  await expect(page.getByText(`the invitation e-mail to ${email} is on its way`)).toBeVisible()

  await page.getByRole('link', { name: 'Set its password' }).click()
  await expect(page).toHaveURL(/\/admin\/users\/manage\/password\?user=\d+$/)
  await expect(page.getByLabel("User's e-mail")).toHaveValue(email)
  // Two different passwords: told at the field; the e-mail stays, the passwords are never sent back.
  await page.getByLabel('New password', { exact: true }).fill('lorry-pass-2026')
  await page.getByLabel('New password again').fill('lorry-pass-2027')
  await page.getByRole('button', { name: 'Set password' }).click()
  await expect(formMessage(page, 'The two passwords are not the same')).toBeVisible()
  await expect(page.getByLabel("User's e-mail")).toHaveValue(email)

  await page.getByLabel('New password', { exact: true }).fill('lorry-pass-2026')
  await page.getByLabel('New password again').fill('lorry-pass-2026')
  // The admin confirms it is itself: a wrong own password changes nothing.
  await page.getByLabel('Your own password').fill('not-my-password')
  await page.getByRole('button', { name: 'Set password' }).click()
  await expect(formMessage(page, 'That is not your password')).toBeVisible()
  await page.getByLabel('New password', { exact: true }).fill('lorry-pass-2026')
  await page.getByLabel('New password again').fill('lorry-pass-2026')
  await page.getByLabel('Your own password').fill('demo-pass-2026')
  await page.getByRole('button', { name: 'Set password' }).click()
  await expect(page).toHaveURL(/\/admin\/users\/\d+$/)
  await expect(page.getByText(`The password of ${name} is set`)).toBeVisible()

  const elsewhere = await browser.newContext({ javaScriptEnabled: info.project.use.javaScriptEnabled })
  const userTab = await elsewhere.newPage()
  await signIn(userTab, email, 'lorry-pass-2026')
  await expect(userTab).toHaveURL('/logistics_team')
  await elsewhere.close()
})

test('the list finds a user by search and filters, and a company link narrows it with a removable chip', async ({
  page,
}) => {
  await signInAs(page, 'admin@example.com', /\/admin$/)
  await page.goto('/admin/users/manage')
  await page.getByLabel('Search').fill('priya')
  await page.getByLabel('Role').selectOption('buyer')
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(/q=priya/)
  await expect(page).toHaveURL(/role=buyer/)
  const row = page.getByRole('row', { name: /Priya Buyer/ })
  await expect(row).toContainText('buyer@example.com')
  await expect(row).toContainText('Indigo Threads Retail')

  const companyHref = await row.getByRole('link', { name: 'Indigo Threads Retail' }).getAttribute('href')
  const buyerId = companyHref!.split('/').pop()
  // The search stays when the chip goes: the list pages 25 at a time, so look for one person.
  await page.goto(`/admin/users/manage?q=anita&company=buyer:${buyerId}`)
  await expect(page.getByText('Company: Indigo Threads Retail')).toBeVisible()
  await expect(page.getByRole('row', { name: /Anita Admin/ })).toHaveCount(0)
  await page.getByRole('link', { name: /Show users of every company/ }).click()
  await expect(page.getByRole('row', { name: /Anita Admin/ })).toBeVisible()
})
