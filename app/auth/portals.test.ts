import { homeFor, mayEnter, mayOpen, mayUseSection, portalOfPath, portalsFor } from './portals'
import { sectionOfPath } from './sections'

describe('portal table', () => {
  it('lets admin into every staff portal but not the buyer or seller portals', () => {
    expect(mayEnter(['admin'], 'biz_fin')).toBe(true)
    expect(mayEnter(['admin'], 'main')).toBe(true)
    expect(mayEnter(['admin'], 'field_operator')).toBe(true)
    expect(mayEnter(['admin'], 'buyer')).toBe(false)
    expect(mayEnter(['admin'], 'seller')).toBe(false)
  })

  it('keeps each role to its own portal, with the toolkit open to all', () => {
    expect(portalsFor(['buyer'])).toEqual(['buyer', 'toolkit'])
    expect(portalsFor(['demand_kam'])).toEqual(['demand_kam', 'toolkit'])
    expect(mayEnter(['internal'], 'admin')).toBe(false)
    expect(mayEnter(['seller'], 'buyer')).toBe(false)
  })

  it('lands each role in its portal and a multi-role user in the first of the table', () => {
    expect(homeFor(['internal'])).toBe('/dashboard')
    expect(homeFor(['supplier_admin'])).toBe('/supplier_team/admin')
    expect(homeFor(['field_operator'])).toBe('/field_operator')
    expect(homeFor(['biz_fin', 'logistics'])).toBe('/biz_fin')
    expect(homeFor([])).toBe('/toolkit')
  })

  it('finds the portal of a path by the longest base', () => {
    expect(portalOfPath('/supplier_team/agent/master_orders')).toBe('supplier_agent')
    expect(portalOfPath('/admin/users/manage')).toBe('admin')
    expect(portalOfPath('/administrators')).toBe('main')
    expect(portalOfPath('/skus/fabric_skus')).toBe('main')
  })
})

describe('sections of the main portal', () => {
  it('finds the section of a path, the narrowest first', () => {
    expect(sectionOfPath('/logistics/transport_requests')).toBe('transport')
    expect(sectionOfPath('/logistics/transport_requests.csv?status=open')).toBe('transport')
    expect(sectionOfPath('/logistics/transport_bookings/calendar')).toBe('transport')
    expect(sectionOfPath('/logistics/transport_requests/4/transport_bookings/9/edit')).toBe('transport')
    expect(sectionOfPath('/logistics/transport_requests/4/transport_bookings/9/edit/billing_details')).toBe(
      'transport_bills',
    )
    expect(sectionOfPath('/logistics/transport_payment_dues?bucket=overdue')).toBe('transport_dues')
    expect(sectionOfPath('/logistics/settlements/buyers/3/invoices/7.pdf')).toBe('money')
    expect(sectionOfPath('/logistics/settlements')).toBe('money')
    expect(sectionOfPath('/logistics/settlements.csv?show=past_due')).toBe('money')
    expect(sectionOfPath('/logistics/settlementsx')).toBeNull()
    expect(sectionOfPath('/logistics_team/master_orders')).toBeNull()
    expect(sectionOfPath('/logistics/transport_requestsx')).toBeNull()
    expect(sectionOfPath('/dashboard')).toBeNull()
  })

  it("lets the main portal's users and admin read and act everywhere", () => {
    for (const roles of [['internal'], ['admin']] as const) {
      for (const section of ['transport', 'transport_bills', 'transport_dues', 'money'] as const) {
        expect(mayUseSection(roles, section, 'read')).toBe(true)
        expect(mayUseSection(roles, section, 'act')).toBe(true)
      }
    }
  })

  it("lets the logistics team move goods and pay transporters, and nothing of buyers' money", () => {
    expect(mayUseSection(['logistics'], 'transport', 'act')).toBe(true)
    expect(mayUseSection(['logistics'], 'transport_bills', 'act')).toBe(true)
    expect(mayUseSection(['logistics'], 'transport_dues', 'act')).toBe(true)
    expect(mayUseSection(['logistics'], 'money', 'read')).toBe(false)
  })

  it("lets finance work buyers' money and transporter dues, and read (not change) a transporter's bill", () => {
    expect(mayUseSection(['biz_fin'], 'money', 'act')).toBe(true)
    expect(mayUseSection(['biz_fin'], 'transport_dues', 'act')).toBe(true)
    expect(mayUseSection(['biz_fin'], 'transport_bills', 'read')).toBe(true)
    expect(mayUseSection(['biz_fin'], 'transport_bills', 'act')).toBe(false)
    expect(mayUseSection(['biz_fin'], 'transport', 'read')).toBe(false)
  })

  it('keeps every other role out', () => {
    for (const role of [
      'buyer',
      'seller',
      'dev_admin',
      'catalog_manager',
      'demand_kam',
      'biz_ops',
      'field_operator',
      'supplier_admin',
      'supplier_agent',
    ] as const) {
      for (const section of ['transport', 'transport_bills', 'transport_dues', 'money'] as const)
        expect(mayUseSection([role], section), `${role} ${section}`).toBe(false)
    }
  })

  it('draws a link only where the viewer may follow it', () => {
    expect(mayOpen(['biz_fin'], '/logistics/settlements/buyers/3/invoices/7.pdf')).toBe(true)
    expect(mayOpen(['logistics'], '/logistics/settlements/buyers/3/invoices/7.pdf')).toBe(false)
    expect(mayOpen(['logistics'], '/logistics/transport_payment_dues?bucket=overdue')).toBe(true)
    expect(mayOpen(['biz_fin'], '/logistics/transport_requests/4/transport_bookings/9/edit')).toBe(false)
    expect(mayOpen(['biz_fin'], '/logistics/transport_requests/4/transport_bookings/9/edit/billing_details')).toBe(true)
    expect(mayOpen(['logistics'], '/dashboard')).toBe(false)
    expect(mayOpen(['internal'], '/logistics/settlements/buyers/3')).toBe(true)
    expect(mayOpen(['biz_fin'], '/logistics/settlements.csv?show=past_due')).toBe(true)
    expect(mayOpen(['logistics'], '/logistics/settlements.csv')).toBe(false)
    expect(mayOpen(['demand_kam'], '/logistics/transport_requests')).toBe(false)
  })
})
