// The asset uploader's limits.
// No zod here: the views import these, and zod comes to the browser only with a form's checks
// (useZodForm loads the schema when the form is first reached).

export const ASSET_MAX_BYTES = 20 * 1024 * 1024

export const ASSET_MAX_FILES = 5

export const ASSET_PAGE_SIZE = 25
