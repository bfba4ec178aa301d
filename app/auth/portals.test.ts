import { homeFor, mayEnter, portalOfPath, portalsFor } from './portals'

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
