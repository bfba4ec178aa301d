import fs from 'node:fs'
import { defineConfig } from '@playwright/test'
import { E2E_SESSION_SECRET, TEST_PASSWORD_HASH_COST } from './tests/support/paths'

const PORT = Number(process.env.E2E_PORT ?? 3100)
const AFTER_THE_REST = /field-offline\.spec\.ts$/

/** The browser: an explicit path, Debian's chromium, or Playwright's own download where one exists. */
function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
  return fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // On CI's two busy cores a JavaScript journey now and then misses a 10 s wait (a different one each
  // run; each passes alone): one retry there, and Playwright lists it as flaky rather than passed.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // Journeys sign in two or three times, each a deliberately slow password hash, on two busy cores.
  timeout: 45_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results',
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A trace is recorded for every journey and kept for a failing one: locally, where it can be
    // opened. In CI nobody can open it, and recording it cost every journey 5-10 %.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    // No smooth scrolling (app.css keeps it for users who have not asked for less motion): a step
    // taken while the page still glides to a #fragment would otherwise race it.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  projects: [
    // Journeys tagged @js-off-only are the server's alone (where a role lands, throttling, a reset
    // link) or are about the page without scripts: they run once, without JavaScript. Those tagged
    // @js-only are about what scripts add (a combobox): they run once, with it.
    { name: 'no-js', use: { javaScriptEnabled: false }, grepInvert: /@js-only/, testIgnore: AFTER_THE_REST },
    { name: 'js', use: { javaScriptEnabled: true }, grepInvert: /@js-off-only/, testIgnore: AFTER_THE_REST },
    // Journeys that hand the demo's records to people of their own (the offline queue moves the
    // field operator's inspections to two operators): after every other journey, which reads them.
    { name: 'js-after', use: { javaScriptEnabled: true }, testMatch: AFTER_THE_REST, dependencies: ['no-js', 'js'] },
  ],
  webServer: {
    // A fresh database with the demo data for every run.
    command: 'rm -rf data/e2e && node server.js',
    url: `http://localhost:${PORT}/login`,
    env: {
      PORT: String(PORT),
      DATABASE_URL: 'data/e2e/app.db',
      SESSION_SECRET: E2E_SESSION_SECRET,
      PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST,
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
