// User administration's plain values.
// No zod here: the views import these, and zod comes to the browser only with a form's checks
// (useZodForm loads the schema when the form is first reached).

export const ACCESS_CHOICES = [
  { value: 'invite', label: 'Send an invitation e-mail (the user chooses a password)' },
  { value: 'password', label: 'Set a password now' },
] as const
