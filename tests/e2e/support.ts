import crypto from 'node:crypto'
import path from 'node:path'
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test'
import { createCookie } from '@remix-run/node'
import SQLite from 'better-sqlite3'
import { E2E_SESSION_SECRET } from '../support/paths'

export const DEMO_PASSWORD = 'demo-pass-2026'
export const E2E_DB = path.resolve('data/e2e/app.db')

/** Signs in through the form, as a person would. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, loginPath = '/login') {
  await page.goto(loginPath)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

const DEMO_ACCOUNT = /^[a-z_]+@example\.com$/

/**
 * A session for a demo account made directly in the server's database, as the login action makes
 * one (a row keyed by the id's hash, the id in the signed cookie): journeys that are not about
 * signing in skip the deliberately slow password check.
 */
async function sessionCookieFor(email: string): Promise<string> {
  const db = new SQLite(E2E_DB, { fileMustExist: true })
  try {
    db.pragma('busy_timeout = 5000')
    const user = db.prepare('select id from users where email = ?').get(email) as { id: number } | undefined
    if (!user) throw new Error(`no user ${email} in the e2e database`)
    const id = crypto.randomBytes(32).toString('base64url')
    const now = new Date()
    db.prepare(
      'insert into sessions (id_hash, user_id, created_at, expires_at, ip, user_agent) values (?, ?, ?, ?, ?, ?)',
    ).run(
      crypto.createHash('sha256').update(id).digest('base64url'),
      user.id,
      now.toISOString(),
      new Date(now.getTime() + 86_400_000).toISOString(),
      '127.0.0.1',
      'e2e fixture',
    )
    const cookie = createCookie('__session', {
      secrets: [E2E_SESSION_SECRET],
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
    })
    return (await cookie.serialize(id)).split(';')[0].slice('__session='.length)
  } finally {
    db.close()
  }
}

/**
 * Signed in and in the portal, before the test goes anywhere else. Demo accounts get a session made
 * directly (tests/e2e/login.spec.ts drives the form for every role); other accounts, and the
 * PostgreSQL smoke journey, sign in through the form.
 */
export async function signInAs(page: Page, email: string, landing: string | RegExp) {
  if (DEMO_ACCOUNT.test(email) && !process.env.E2E_DATABASE_URL) {
    const url = test.info().project.use.baseURL!
    await page
      .context()
      .addCookies([{ name: '__session', value: await sessionCookieFor(email), url, httpOnly: true, sameSite: 'Lax' }])
    // The sign-in page sends a signed-in person on to their portal, as the form does.
    await page.goto('/login')
  } else {
    await signIn(page, email)
  }
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
    return db
      .prepare('select subject, body_text from outbox_emails where to_address = ? order by id desc limit 1')
      .get(address) as { subject: string; body_text: string } | undefined
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
export async function signUp(
  page: Page,
  email: string,
  password: string,
  kind: 'buyer' | 'seller' = 'buyer',
): Promise<string> {
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
    return db
      .prepare(query)
      .pluck()
      .get(...params) as T
  } finally {
    db.close()
  }
}

/** One row read from the server's database (read-only); throws when there is none. */
export function dbRow<T>(query: string, ...params: unknown[]): T {
  const db = new SQLite(E2E_DB, { readonly: true, fileMustExist: true })
  try {
    const row = db.prepare(query).get(...params) as T | undefined
    if (!row) throw new Error(`no row for: ${query}`)
    return row
  } finally {
    db.close()
  }
}

/**
 * A message of a refused form where it belongs: at its field, or (a message of the whole form) at
 * the top of the form. The error summary repeats field messages as links; see errorSummaryLink.
 */
export function formMessage(scope: Page | Locator, text: string | RegExp) {
  return scope.locator('.field-error, .error-summary > p:not(.error-summary-title)').getByText(text)
}

/**
 * Staff give a pending buyer on its page what activation needs (docs/domain.md "Companies"): the
 * legal name, a GSTIN and a KAM on the edit form, then a billing address.
 */
export async function completeBuyerForActivation(page: Page, company: string, gstin: string) {
  await page.getByRole('link', { name: 'Edit details' }).click()
  await page.getByLabel('Legal name').fill(`${company} Pvt Ltd`)
  await page.getByRole('textbox', { name: 'GSTIN', exact: true }).fill(gstin)
  await page.getByLabel('Key-account manager (KAM)').selectOption({ label: 'Rahul Kam' })
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText(`${company} is saved.`)).toBeVisible()
  const add = page.locator('form#address-create')
  await add.getByLabel('Billing').check()
  await add.getByLabel('Address line 1').fill('7, Mill Compound')
  await add.getByLabel('City or town').fill('Bhiwandi')
  await add.getByLabel('State or union territory').selectOption('Maharashtra')
  await add.getByLabel('PIN code').fill('421302')
  await add.getByRole('button', { name: 'Add address' }).click()
  await expect(page.getByText('The billing address is added.')).toBeVisible()
}
