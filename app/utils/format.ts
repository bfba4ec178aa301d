const TIME_ZONE = 'Asia/Kolkata'

const dateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})
const date = new Intl.DateTimeFormat('en-IN', { timeZone: TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric' })
const time = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})
const weekday = new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' })

/** UTC timestamps shown in the platform's time zone (Asia/Kolkata). */
export const formatDateTime = (iso: string) => shown(dateTime, iso)
export const formatDate = (iso: string) => shown(date, iso)
/** The time of day of an instant, 24-hour: "14:32". */
export const formatTime = (iso: string) => shown(time, iso)
/** A calendar day (YYYY-MM-DD) as "Mon, 7 Dec". */
export const formatDay = (day: string) => shown(weekday, `${day}T12:00:00Z`)
/** A value that is not a date is shown as it is, never breaking the page it is on. */
const shown = (format: Intl.DateTimeFormat, iso: string) => {
  const at = new Date(iso)
  return Number.isNaN(at.getTime()) ? String(iso ?? '') : format.format(at)
}

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' })
/** Money is kept in paise; shown as INR with Indian digit grouping. */
export const formatMoney = (paise: number) => inr.format(paise / 100 + 0) // + 0: -0 reads ₹0.00, never -₹0.00

/** A name as the owner of what follows: "Indigo Threads’", "Priya’s" (never "Fashions’s"). */
export const possessive = (name: string) => (/s$/i.test(name.trim()) ? `${name.trim()}’` : `${name.trim()}’s`)

/** A count and its noun in the right number, with Indian digit grouping: "1 buyer", "1,204 categories". */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${n.toLocaleString('en-IN')} ${n === 1 ? singular : plural}`
}

// Calendar days are the platform's (Asia/Kolkata): effective dates, required-by dates, code years.

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** The Asia/Kolkata calendar day (YYYY-MM-DD) of an instant. */
export const kolkataDay = (at: Date | string = new Date()) =>
  dayFormat.format(typeof at === 'string' ? new Date(at) : at)

/** The UTC ISO instant an Asia/Kolkata day begins. */
export const startOfKolkataDay = (day: string) => new Date(`${day}T00:00:00+05:30`).toISOString()

/** A file's size as people read it: 812 bytes, 14.2 KB, 3.1 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}
