import path from 'node:path'

export const ARTIFACTS = path.resolve('tests/.artifacts')
/** A migrated database holding the demo data, made once per test run and copied for each test file. */
export const TEMPLATE_DB = path.join(ARTIFACTS, 'template.db')
export const TEST_SESSION_SECRET = 'test-session-secret-0123456789abcdef0123456789'
/** The browser tests' server signs cookies with this (playwright.config.ts); fixtures sign sessions with it. */
export const E2E_SESSION_SECRET = 'e2e-session-secret-0123456789abcdef0123456789'
/** scrypt's cost in the suites (app/auth/password.server.ts hashCost): a hash in milliseconds; production always uses 2^17. */
export const TEST_PASSWORD_HASH_COST = '1024'
