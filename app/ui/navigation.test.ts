import type { ServerBuild } from '@remix-run/node'
import { buildMenus, fullPath, fillMenu, groupMenu, menuKeyOf, shownPortal } from './navigation'
import { shouldRevalidate } from '~/root'

const route = (id: string, parentId: string | undefined, path: string | undefined, handle?: unknown) => ({
  id,
  parentId,
  path,
  module: { handle } as never,
})

const routes = {
  root: route('root', undefined, ''),
  'routes/admin+/_layout': route('routes/admin+/_layout', 'root', 'admin'),
  'routes/admin+/users.manage': route('routes/admin+/users.manage', 'routes/admin+/_layout', 'users/manage', {
    name: 'AdminManageUsers',
    title: 'Users',
    menu: { group: 'People', order: 2 },
  }),
  'routes/admin+/categories.manage': route(
    'routes/admin+/categories.manage',
    'routes/admin+/_layout',
    'categories/manage',
    {
      name: 'AdminManageCategories',
      title: 'Categories',
      menu: { group: 'Catalogue', order: 1 },
    },
  ),
  'routes/admin+/categories.$categoryId.edit': route(
    'routes/admin+/categories.$categoryId.edit',
    'routes/admin+/_layout',
    'categories/:categoryId/edit',
    {
      name: 'AdminEditCategory',
      title: 'Edit category',
      menu: { group: 'Catalogue' },
    },
  ),
  'routes/_main+/_layout': route('routes/_main+/_layout', 'root', undefined),
  'routes/_main+/buyers.manage': route('routes/_main+/buyers.manage', 'routes/_main+/_layout', 'buyers/manage', {
    name: 'ManageBuyers',
    title: 'Buyers',
    menu: { group: 'Companies', label: 'All buyers' },
  }),
  'routes/_main+/logistics.transport_payment_dues._index': route(
    'routes/_main+/logistics.transport_payment_dues._index',
    'routes/_main+/_layout',
    'logistics/transport_payment_dues',
    {
      name: 'TransportPaymentDues',
      title: 'Payment dues',
      menu: { group: 'Logistics', order: 40 },
    },
  ),
  'routes/supplier_team.agent+/_layout': route('routes/supplier_team.agent+/_layout', 'root', 'supplier_team/agent'),
  'routes/supplier_team.agent+/master_orders': route(
    'routes/supplier_team.agent+/master_orders',
    'routes/supplier_team.agent+/_layout',
    'master_orders',
    {
      name: 'SupplierAgentMasterOrdersSearch',
      title: 'Master orders',
      menu: { group: 'Orders' },
    },
  ),
} as unknown as ServerBuild['routes']

describe('menus from route handles', () => {
  it('puts each route with a menu entry in its portal, in order, and never a route with parameters', () => {
    const menus = buildMenus(routes)
    expect(menus.admin?.map((e) => e.path)).toEqual(['/admin/categories/manage', '/admin/users/manage'])
    expect(menus.main?.map((e) => e.path)).toEqual(['/logistics/transport_payment_dues', '/buyers/manage'])
    expect(menus.supplier_agent?.[0].path).toBe('/supplier_team/agent/master_orders')
    expect(menus.buyer).toBeUndefined()
  })

  it('lists a section of the main portal in the menus of the portals that work in it, and only there', () => {
    const menus = buildMenus(routes)
    expect(menus.logistics?.map((e) => e.path)).toEqual(['/logistics/transport_payment_dues'])
    expect(menus.biz_fin?.map((e) => e.path)).toEqual(['/logistics/transport_payment_dues'])
    expect(menus.demand_kam).toBeUndefined()
  })

  it('joins path segments through pathless layouts', () => {
    expect(fullPath(routes, 'routes/_main+/buyers.manage')).toBe('/buyers/manage')
    expect(fullPath(routes, 'routes/admin+/categories.$categoryId.edit')).toBe('/admin/categories/:categoryId/edit')
  })

  it('groups entries in the order of their first entry', () => {
    const groups = groupMenu(buildMenus(routes).admin ?? [])
    expect(groups.map((g) => g.group)).toEqual(['Catalogue', 'People'])
  })
})

describe('fillMenu', () => {
  const entries = [
    { path: '/buyer/:buyerCompanyId/company', label: 'My company', group: 'Company', order: 1 },
    { path: '/:product/addresses', label: '{product}', group: 'Warehouses and offices', order: 2 },
    { path: '/buyers/manage', label: 'Buyers', group: 'Companies', order: 3 },
  ]
  it("fills the viewer's company and one entry per product", () => {
    const filled = fillMenu(entries, {
      companyId: 7,
      products: [
        { slug: 'fabric', name: 'Fabric' },
        { slug: 'yarn', name: 'Yarn' },
      ],
    })
    expect(filled.map((e) => [e.path, e.label])).toEqual([
      ['/buyer/7/company', 'My company'],
      ['/fabric/addresses', 'Fabric'],
      ['/yarn/addresses', 'Yarn'],
      ['/buyers/manage', 'Buyers'],
    ])
  })
  it('drops company entries for a viewer without a company', () => {
    expect(fillMenu(entries, { companyId: null, products: [] }).map((e) => e.path)).toEqual(['/buyers/manage'])
  })
})

describe('the one menu a page is shown with', () => {
  const url = (href: string) => new URL(href, 'http://localhost')
  const admin = ['admin', 'main', 'dev_admin', 'field_operator', 'toolkit'] as const

  it("is the layout's portal on a portal page", () => {
    expect(shownPortal('admin', url('/admin/master_orders?portal=main'), admin)).toBe('admin')
    expect(shownPortal('main', url('/dashboard'), admin)).toBe('main')
  })

  it('is the portal named by ?portal= on the profile and toolkit, if the viewer may enter it', () => {
    expect(shownPortal('main', url('/profile?portal=dev_admin'), admin)).toBe('dev_admin')
    expect(shownPortal('toolkit', url('/toolkit?portal=main'), admin)).toBe('main')
    // Not the field operator's (it has no sidebar), nor one the viewer cannot enter, nor an inherited key.
    expect(shownPortal('main', url('/profile?portal=field_operator'), admin)).toBe('admin')
    expect(shownPortal('main', url('/profile?portal=buyer'), admin)).toBe('admin')
    expect(shownPortal('main', url('/profile?portal=__proto__'), admin)).toBe('admin')
    expect(shownPortal('toolkit', url('/toolkit'), ['toolkit'])).toBe('toolkit')
  })

  it("is the viewer's own portal on a section of the main portal it works in, and the main portal's for its own users", () => {
    expect(shownPortal('main', url('/logistics/transport_requests'), ['logistics', 'toolkit'])).toBe('logistics')
    expect(shownPortal('main', url('/logistics/transport_payment_dues?bucket=overdue'), ['biz_fin', 'toolkit'])).toBe(
      'biz_fin',
    )
    expect(shownPortal('main', url('/logistics/settlements/buyers/3'), ['biz_fin', 'toolkit'])).toBe('biz_fin')
    expect(shownPortal('main', url('/logistics/transport_requests'), admin)).toBe('main')
    // Turned away (a buyer has no logistics): still its own portal's shell, never the main portal's.
    expect(shownPortal('main', url('/logistics/transport_requests'), ['buyer', 'toolkit'])).toBe('buyer')
    expect(shownPortal('main', url('/dashboard'), ['logistics', 'toolkit'])).toBe('main')
  })

  it('is loaded again when a navigation changes it, and only then', () => {
    const revalidates = (from: string, to: string) =>
      shouldRevalidate({ currentUrl: url(from), nextUrl: url(to), defaultShouldRevalidate: false } as Parameters<
        typeof shouldRevalidate
      >[0])
    expect(revalidates('/admin/master_orders', '/admin/users/manage')).toBe(false)
    expect(revalidates('/admin/master_orders', '/dashboard')).toBe(true)
    expect(revalidates('/dashboard', '/profile?portal=admin')).toBe(true)
    expect(revalidates('/profile?portal=admin', '/profile?portal=main')).toBe(true)
    expect(menuKeyOf(url('/supplier_team/agent/master_orders'))).toBe('supplier_agent')
    // A logistics user going from its home to a section page gets that page's menu (its own portal's).
    expect(revalidates('/logistics_team', '/logistics/transport_requests')).toBe(true)
    expect(revalidates('/dashboard', '/logistics/transport_requests')).toBe(true)
  })
})
