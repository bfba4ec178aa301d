// The demo's people, known to the seeds that act as them and to the tests that sign in as them:
// one user per role, with one password, and a buyer who signed up and waits for approval.
import { ROLE_KEYS } from '~/auth/roles'
import type { RoleKey } from '#db/types'

export const DEMO_PASSWORD = 'demo-pass-2026'

/** One demo user per role, in the roles table's order. */
export const DEMO_ROLES: RoleKey[] = [...ROLE_KEYS]

export const demoEmail = (role: RoleKey) => `${role}@example.com`
export const PENDING_DEMO_EMAIL = 'pending.buyer@example.com'
