// A company's own page: form ids.
// No zod here: the views import these, and zod comes to the browser only with a form's checks
// (useZodForm loads the schema when the form is first reached).

export const CONTACT_FORM_ID = 'company-contact'

export const INVITE_FORM_ID = 'company-invite'
