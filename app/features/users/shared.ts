// User administration's plain values.
// No zod here: the views import these, and zod comes to the browser only with a form's checks
// (useZodForm loads the schema when the form is first reached).

import { machine } from '~/platform/steps'

export const ACCESS_CHOICES = [
  { value: 'invite', label: 'Send an invitation e-mail (the user chooses a password)' },
  { value: 'password', label: 'Set a password now' },
] as const

/** Who may sign in: an administrator disables and enables a user, by the one step helper. */
export const userMachine = machine({
  entity: 'user',
  table: 'users',
  codeColumn: 'name',
  steps: {
    disable: { from: ['active'], to: 'disabled', by: 'admin', label: 'Disable', done: 'disabled' },
    enable: { from: ['disabled'], to: 'active', by: 'admin', label: 'Enable', done: 'enabled' },
  },
})
