import type { Page } from '@playwright/test'

/** Every demo account and where it lands: the people whose pages are looked at. */
export const ROLES = [
  { key: 'admin', email: 'admin@example.com', home: '/admin' },
  { key: 'internal', email: 'internal@example.com', home: '/dashboard' },
  { key: 'dev_admin', email: 'dev_admin@example.com', home: '/dev_admin' },
  { key: 'catalog_manager', email: 'catalog_manager@example.com', home: '/catalog_manager' },
  { key: 'demand_kam', email: 'demand_kam@example.com', home: '/demand_kam' },
  { key: 'biz_ops', email: 'biz_ops@example.com', home: '/biz_ops_team' },
  { key: 'biz_fin', email: 'biz_fin@example.com', home: '/biz_fin' },
  { key: 'logistics', email: 'logistics@example.com', home: '/logistics_team' },
  { key: 'field_operator', email: 'field_operator@example.com', home: '/field_operator' },
  { key: 'supplier_admin', email: 'supplier_admin@example.com', home: '/supplier_team/admin' },
  { key: 'supplier_agent', email: 'supplier_agent@example.com', home: '/supplier_team/agent' },
  { key: 'buyer', email: 'buyer@example.com', home: '/buyer' },
  { key: 'seller', email: 'seller@example.com', home: '/seller' },
] as const

export type Role = (typeof ROLES)[number]

/** Pages of people who are not signed in. */
export const PUBLIC_PAGES = [
  '/login',
  '/signup',
  '/forgot_password',
  '/field_operator/login',
  '/privacy',
  '/no-such-page',
]

/** Pages every signed-in user has, beside its portal's menu. */
const SHARED_PAGES = ['/profile', '/inbox', '/toolkit']

const localPath = (href: string | null) => {
  if (!href) return null
  const url = new URL(href, 'http://x')
  return url.origin === 'http://x' ? `${url.pathname}${url.search}` : null
}

async function hrefs(page: Page, selector: string): Promise<string[]> {
  const found = await page.locator(selector).evaluateAll((links) => links.map((a) => a.getAttribute('href')))
  return found.map(localPath).filter((p): p is string => Boolean(p))
}

/**
 * Every page a signed-in person can reach from the menu, each opened once and handed to `look`:
 * the portal's home, every menu entry, and from each list its first record and its "Add" form.
 * Found by following links, so a page added to a menu is looked at without anyone listing it here.
 * The pages everyone has (profile, toolkit) are included when `shared` is set; records and forms
 * are left out when `records` is false.
 */
export async function visitPagesOf(
  page: Page,
  role: Role,
  look: (path: string) => Promise<void>,
  options: { shared?: boolean; records?: boolean } = {},
): Promise<string[]> {
  const seen = new Set<string>()
  const open = async (path: string) => {
    if (seen.has(path)) return false
    seen.add(path)
    const response = await page.goto(path)
    await look(path)
    return Boolean(response?.ok())
  }
  await open(role.home)
  const menu = await hrefs(page, 'aside.sidebar nav a, nav.mobile-nav a')
  const more: string[] = []
  for (const path of menu) {
    if (!(await open(path)) || options.records === false) continue
    more.push(
      ...(await hrefs(page, 'main .page-header a.btn-primary')).slice(0, 1),
      ...(await hrefs(page, 'main table tbody tr:first-child td.card-title a')).slice(0, 1),
    )
  }
  for (const path of [...more.filter((p) => !/\.(csv|pdf)(\?|$)/.test(p)), ...(options.shared ? SHARED_PAGES : [])])
    await open(path)
  return [...seen]
}
