// The toolkit's plain values: image choices and their names, the UTM link maker.
// No zod here: the views import these, and zod comes to the browser only with a form's checks
// (useZodForm loads the schema when the form is first reached).

export const FITS = ['inside', 'cover', 'contain', 'fill'] as const

export const OUTPUT_FORMATS = ['jpeg', 'png', 'webp', 'avif'] as const

export const ROTATIONS = [0, 90, 180, 270] as const

export type OutputFormat = (typeof OUTPUT_FORMATS)[number]
export type Fit = (typeof FITS)[number]

export const fitLabels: Record<Fit, string> = {
  inside: 'Keep proportions, fit inside',
  cover: 'Fill the size, cutting the edges',
  contain: 'Fit inside, padding the rest',
  fill: 'Stretch to the size',
}

export const formatLabels: Record<OutputFormat, string> = { jpeg: 'JPEG', png: 'PNG', webp: 'WebP', avif: 'AVIF' }

/** A link's UTM tags (utm.ts checks them). */
export type UtmTags = {
  url: string
  source: string
  medium: string
  campaign: string
  term?: string | null
  content?: string | null
}

/** The tagged address: the page's own query kept, utm_ parameters set (replacing any it had). */
export function buildUtmUrl(tags: UtmTags): string | null {
  if (urlProblem(tags.url.trim())) return null
  const url = new URL(tags.url.trim())
  const set = (key: string, value: string | null | undefined) => {
    const text = (value ?? '').trim()
    if (text) url.searchParams.set(key, text)
    else url.searchParams.delete(key)
  }
  set('utm_source', tags.source)
  set('utm_medium', tags.medium)
  set('utm_campaign', tags.campaign)
  set('utm_term', tags.term)
  set('utm_content', tags.content)
  return url.toString()
}

/** An absolute http or https address without credentials in it; the reason when it is not one. */
export function urlProblem(value: string): string | null {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'Enter the full address of the page, starting with https://'
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Only http and https addresses can be tagged'
  if (!url.hostname) return 'Enter the full address of the page, starting with https://'
  if (url.username || url.password) return 'Remove the user name and password from the address'
  return null
}
