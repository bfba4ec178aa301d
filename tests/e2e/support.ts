import path from 'node:path'
import { expect, type Page, type TestInfo } from '@playwright/test'
import SQLite from 'better-sqlite3'

export const DEMO_PASSWORD = 'demo-pass-2026'
export const E2E_DB = path.resolve('data/e2e/app.db')

/** Signs in through the form, as a person would. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, loginPath = '/login') {
  await page.goto(loginPath)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** Signs in and waits until the portal has opened, before the test goes anywhere else. */
export async function signInAs(page: Page, email: string, landing: string | RegExp) {
  await signIn(page, email)
  await expect(page).toHaveURL(landing)
}

export async function signOut(page: Page) {
  await page.locator('.user-menu > summary').click()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/login$/)
}

/** Signs out from the waiting page (no user menu there) and waits until it has happened. */
export async function signOutFromWaitingPage(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/login$/)
}

/** An e-mail no other test or project uses. */
export function uniqueEmail(info: TestInfo, label: string) {
  return `${label}-${info.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.example`
}

/** Reads the server's database, as an operator would, to find what the outbox holds. */
export function lastEmailTo(address: string): { subject: string; body_text: string } | undefined {
  const db = new SQLite(E2E_DB, { readonly: true, fileMustExist: true })
  try {
    return db.prepare('select subject, body_text from outbox_emails where to_address = ? order by id desc limit 1').get(address) as
      | { subject: string; body_text: string }
      | undefined
  } finally {
    db.close()
  }
}

/** A count from the server's database (read-only), e.g. to check a figure the page shows. */
export function countInDatabase(query: string): number {
  const db = new SQLite(E2E_DB, { readonly: true, fileMustExist: true })
  try {
    return Number((db.prepare(query).get() as { n: number }).n)
  } finally {
    db.close()
  }
}

/** Signs a new company up through the form; returns the company's name. */
export async function signUp(page: Page, email: string, password: string, kind: 'buyer' | 'seller' = 'buyer'): Promise<string> {
  const companyName = `E2E ${kind} ${Date.now()} ${Math.floor(Math.random() * 1e4)}`
  await page.goto('/signup')
  await page.getByLabel(kind === 'buyer' ? 'buys goods' : 'makes and sells goods').check()
  await page.getByLabel('Company name').fill(companyName)
  await page.getByLabel('Your name').fill('Test Person')
  await page.getByLabel('Work e-mail').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Password again').fill(password)
  await page.getByRole('button', { name: 'Create account' }).click()
  // Sign-up signs nobody in: the new user signs in with the password it chose.
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible()
  await signIn(page, email, password)
  await expect(page.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible()
  return companyName
}

/** One value read from the server's database (read-only), e.g. a count to compare a page with. */
export function dbValue<T = unknown>(query: string, ...params: unknown[]): T {
  const db = new SQLite(E2E_DB, { readonly: true, fileMustExist: true })
  try {
    return db.prepare(query).pluck().get(...params) as T
  } finally {
    db.close()
  }
}
