import { expect, test } from '@playwright/test'
import { signIn } from './support'

// Each demo role signs in through the form and lands in its own portal.
const LANDINGS: [role: string, path: string, heading: string][] = [
  ['buyer', '/buyer', 'Buyer'],
  ['seller', '/seller', 'Seller'],
  ['admin', '/admin', 'Admin'],
  ['dev_admin', '/dev_admin', 'Dev admin'],
  ['catalog_manager', '/catalog_manager', 'Catalog manager'],
  ['demand_kam', '/demand_kam', 'Demand KAM'],
  ['biz_ops', '/biz_ops_team', 'Business operations'],
  ['biz_fin', '/biz_fin', 'Business finance'],
  ['logistics', '/logistics_team', 'Logistics team'],
  ['supplier_admin', '/supplier_team/admin', 'Supplier team admin'],
  ['supplier_agent', '/supplier_team/agent', 'Supplier team agent'],
  ['internal', '/dashboard', 'Dashboard'],
]

for (const [role, path, heading] of LANDINGS) {
  // Where a role lands is the server's doing: with JavaScript on, one role's sign-in is enough.
  test(
    `${role} signs in and lands in its portal`,
    { tag: role === 'internal' ? [] : ['@js-off-only'] },
    async ({ page }) => {
      await signIn(page, `${role}@example.com`)
      await expect(page).toHaveURL(path)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    },
  )
}

test('the field operator signs in on the mobile login and lands in its portal', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page, 'field_operator@example.com', undefined, '/field_operator/login')
  await expect(page).toHaveURL('/field_operator')
  await expect(page.getByRole('heading', { level: 1, name: 'Field operator' })).toBeVisible()
})

test('a wrong password is refused with a message and the e-mail kept', async ({ page, javaScriptEnabled }) => {
  await signIn(page, 'internal@example.com', 'not-the-password')
  await expect(page.getByRole('alert')).toContainText('The e-mail or password is not right')
  await expect(page.getByLabel('E-mail')).toHaveValue('internal@example.com')
  // The server never sends a password back; with JavaScript the browser keeps what was typed.
  if (!javaScriptEnabled) await expect(page.getByLabel('Password')).toHaveValue('')
})

test('a protected page sends a visitor to sign in and back again', async ({ page }) => {
  await page.goto('/admin')
  await expect(page).toHaveURL('/login?redirectTo=%2Fadmin')
  await page.getByLabel('E-mail').fill('admin@example.com')
  await page.getByLabel('Password').fill('demo-pass-2026')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL('/admin')
})

test('a redirect to another site is not followed', async ({ page }) => {
  await page.goto('/login?redirectTo=%2F%2Fevil.example%2Fphish')
  await page.getByLabel('E-mail').fill('biz_fin@example.com')
  await page.getByLabel('Password').fill('demo-pass-2026')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL('/biz_fin')
})
