import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import SQLite from 'better-sqlite3'
import { E2E_SESSION_SECRET } from '../support/paths'
import { startServer, type RunningServer } from '../support/server'
import { DEMO_PASSWORD, E2E_DB } from './support'

// The backup and restore drill (issue 16), JavaScript off: on a server of its own (a copy of the
// demo database), since a restore puts back every row and would undo what other journeys did.

let server: RunningServer
let dir: string
test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-restore-'))
  const source = new SQLite(E2E_DB, { readonly: true })
  await source.backup(path.join(dir, 'app.db'))
  source.close()
  server = await startServer({ DATABASE_URL: path.join(dir, 'app.db'), SESSION_SECRET: E2E_SESSION_SECRET })
})
test.afterAll(async () => {
  await server?.stop()
  fs.rmSync(dir, { recursive: true, force: true })
})

test('@js-off-only an administrator checks the database, backs it up, and a restore undoes a later change while the app keeps serving', async ({
  page,
}) => {
  const base = server.url.replace('127.0.0.1', 'localhost')
  await page.goto(`${base}/login`)
  await page.getByLabel('E-mail').fill('admin@example.com')
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(`${base}/admin`)
  await page.goto(`${base}/admin/databases/manage`)
  await expect(page.getByText(/^SQLite 3\./)).toBeVisible()
  await page.getByRole('button', { name: 'Run the integrity check' }).click()
  await expect(page.getByText('The database is sound.')).toBeVisible()

  // A backup holds every password hash: the admin's own password is asked again.
  await page.getByLabel('Your own password (for the download)').fill('not-my-password')
  await page.getByRole('button', { name: 'Download a backup' }).click()
  await expect(page.getByText('That is not your password')).toBeVisible()
  await page.getByLabel('Your own password (for the download)').fill(DEMO_PASSWORD)
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download a backup' }).click()
  const backup = path.join(dir, 'downloaded.db')
  await (await downloading).saveAs(backup)
  expect(fs.readFileSync(backup).subarray(0, 15).toString()).toBe('SQLite format 3')

  // A change after the backup: the administrator's own name.
  await page.goto(`${base}/profile`)
  await page.getByLabel('Name', { exact: true }).fill('Renamed After Backup')
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Renamed After Backup')

  // A file that is not a backup is refused; the backup is checked, then restored once confirmed.
  await page.goto(`${base}/admin/databases/manage`)
  await page.getByLabel('Backup file (.db)').setInputFiles({
    name: 'evil.db',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('<html>not a database</html>'),
  })
  await page.getByRole('button', { name: 'Upload and check' }).click()
  await expect(
    page.getByText('That file is not a SQLite database: upload a backup downloaded from this page.'),
  ).toBeVisible()
  await page.getByLabel('Backup file (.db)').setInputFiles(backup)
  await page.getByRole('button', { name: 'Upload and check' }).click()
  await expect(page.getByRole('heading', { name: 'The uploaded backup is sound' })).toBeVisible()
  // What happens to credentials is said before the confirm (issue 50).
  await expect(page.getByRole('heading', { name: 'What a restore does with credentials' })).toBeVisible()
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: /^API tokens and webhook subscriptions .* are not taken from the backup/ }),
  ).toBeVisible()
  await page.getByText('Restore this backup').click()
  await page.getByLabel('Type RESTORE to confirm').fill('RESTORE')
  await page.getByLabel('Your own password (for the restore)').fill('not-my-password')
  await page.getByRole('button', { name: 'Replace the database' }).click()
  // Refused at the field, with the confirmation still open: nothing was replaced.
  await expect(page.getByText('That is not your password')).toBeVisible()
  await page.getByLabel('Type RESTORE to confirm').fill('RESTORE')
  await page.getByLabel('Your own password (for the restore)').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Replace the database' }).click()
  await expect(
    page.getByRole('status').getByText(/^The backup is restored\. The database as it was is kept as before-restore-/),
  ).toBeVisible()

  // Every session ended with the restore: the administrator signs in again.
  await page.goto(`${base}/profile`)
  await expect(page).toHaveURL(/\/login\?redirectTo=/)
  await page.getByLabel('E-mail').fill('admin@example.com')
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()

  // The change is gone, the previous file is kept, and the app still serves.
  await page.goto(`${base}/profile`)
  await expect(page.getByLabel('Name', { exact: true })).not.toHaveValue('Renamed After Backup')
  const kept = fs.readdirSync(path.join(dir, 'backups')).filter((name) => name.startsWith('before-restore-'))
  expect(kept).toHaveLength(1)
  const previous = new SQLite(path.join(dir, 'backups', kept[0]!), { readonly: true })
  expect(
    (previous.prepare("select name from users where email = 'admin@example.com'").get() as { name: string }).name,
  ).toBe('Renamed After Backup')
  previous.close()
  await page.goto(`${base}/admin/databases/manage`)
  await expect(page.getByRole('listitem').filter({ hasText: kept[0]! })).toBeVisible()
})
