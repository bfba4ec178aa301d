/** Name of the field people never see and bots fill in. */
export const HONEYPOT_FIELD = 'website_url'

export function isBot(form: FormData): boolean {
  const value = form.get(HONEYPOT_FIELD)
  return typeof value === 'string' && value.length > 0
}
