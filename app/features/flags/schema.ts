import * as z from 'zod'
import { ROLE_KEYS } from '~/auth/roles'
import { FLAG_KEYS } from './registry'
export { flagFormId } from './shared'

/** One flag's form on /dev_admin/flags: on or off, and the roles it is on for (none = every role). */
export const flagFormSchema = z.object({
  intent: z.literal('flag'),
  key: z.enum(FLAG_KEYS as [string, ...string[]], { error: 'Unknown flag' }),
  enabled: z.enum(['on', 'off'], { error: 'Choose on or off' }),
  roles: z.array(z.enum(ROLE_KEYS, { error: 'Choose roles from the list' })).optional(),
  /** The flag's updated_at when the page was opened; empty when it had never been saved. */
  version: z.string().optional(),
})
