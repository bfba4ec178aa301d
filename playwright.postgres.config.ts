// The PostgreSQL smoke journey (npm run test:postgres): the real server on E2E_DATABASE_URL.
import { defineConfig } from '@playwright/test'
import base from './playwright.config'
import { E2E_SESSION_SECRET, TEST_PASSWORD_HASH_COST } from './tests/support/paths'

const PORT = Number(process.env.E2E_POSTGRES_PORT ?? 3150)
const databaseUrl = process.env.E2E_DATABASE_URL
if (!databaseUrl)
  throw new Error(
    'E2E_DATABASE_URL must name a PostgreSQL database, empty or with the demo data (npm run test:postgres copies its template with the demo data)',
  )

export default defineConfig({
  ...base,
  testDir: 'tests/e2e-postgres',
  workers: 1,
  timeout: 90_000,
  use: { ...base.use, baseURL: `http://localhost:${PORT}` },
  projects: [{ name: 'postgres-no-js', use: { javaScriptEnabled: false } }],
  webServer: {
    // Statements that PgBouncer's transaction pooling cannot carry fail the journey (tests/support/statement-guard.js).
    command: 'node --import ./tests/support/statement-guard-preload.js server.js',
    url: `http://localhost:${PORT}/login`,
    env: {
      PORT: String(PORT),
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: E2E_SESSION_SECRET,
      PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST,
      WORKER: 'false',
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
