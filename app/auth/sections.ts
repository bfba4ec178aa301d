import type { RoleKey } from '#db/types'

/**
 * Sections of the main portal opened to roles of other portals (docs/domain.md, "Access and
 * portals": the role x section table). The main portal's own roles (and admin, which enters every
 * staff portal) read and act on every section; a section names the other roles that may read its
 * pages, those of them that may also act (POST), and the portals whose menus list its pages.
 *
 * Paths are matched in this order and the first match wins, so a narrower section (a booking's
 * bill) comes before the wider one it sits in (transport).
 */
export const sections = {
  /** A booking's bill: the logistics team enters it; finance reads it before paying it. */
  transport_bills: {
    title: 'Transporter bills',
    match: /^\/logistics\/transport_requests\/[^/]+\/transport_bookings\/[^/]+\/edit\/billing_details$/,
    read: ['logistics', 'biz_fin'],
    act: ['logistics'],
    menus: ['logistics'],
  },
  /** Transport requests, bookings and their calendar: moving goods. */
  transport: {
    title: 'Logistics',
    match: /^\/logistics\/(transport_requests|transport_bookings)(\/|\.csv$|$)/,
    read: ['logistics'],
    act: ['logistics'],
    menus: ['logistics'],
  },
  /** What is owed to transporters: the logistics team pays them, and so may finance. */
  transport_dues: {
    title: 'Transporter payment dues',
    match: /^\/logistics\/transport_payment_dues(\/|\.csv$|$)/,
    read: ['logistics', 'biz_fin'],
    act: ['logistics', 'biz_fin'],
    menus: ['logistics', 'biz_fin'],
  },
  /** Buyers' money: settlements, ledger, payments received, credit notes, statements, invoice PDFs. */
  money: {
    title: 'Buyer settlements',
    match: /^\/logistics\/settlements(\/|\.csv$|$)/,
    read: ['biz_fin'],
    act: ['biz_fin'],
    menus: ['biz_fin'],
  },
} as const satisfies Record<
  string,
  {
    title: string
    match: RegExp
    read: readonly RoleKey[]
    act: readonly RoleKey[]
    menus: readonly ('logistics' | 'biz_fin')[]
  }
>

export type SectionKey = keyof typeof sections
export const sectionKeys = Object.keys(sections) as SectionKey[]

/** The section a path (query and hash aside) belongs to, if any. */
export function sectionOfPath(path: string): SectionKey | null {
  const pathname = path.split(/[?#]/)[0]
  return sectionKeys.find((key) => sections[key].match.test(pathname)) ?? null
}
