import { MAIN_SECTIONS, mayFollow, type LinkViewer } from './links'

const staff = (...roles: LinkViewer['roles']): LinkViewer => ({ roles, company: null })

describe('whether a link is drawn for a viewer', () => {
  it('follows the portal table for portal pages and the main portal’s sections', () => {
    expect(mayFollow(staff('demand_kam'), '/demand_kam/master_orders?status=placed')).toBe(true)
    expect(mayFollow(staff('demand_kam'), '/admin/approvals/qc')).toBe(false)
    expect(mayFollow(staff('demand_kam'), '/master_orders/12')).toBe(false)
    expect(mayFollow(staff('internal'), '/master_orders/12')).toBe(true)
    expect(mayFollow(staff('admin'), '/biz_ops_team/approvals/qc')).toBe(true)
    expect(mayFollow(staff('seller'), '/toolkit')).toBe(true)
  })

  it('a buyer’s page: staff of the main portal, and that buyer’s own users', () => {
    expect(mayFollow(staff('internal'), '/redirect/buyer/4')).toBe(true)
    for (const role of ['demand_kam', 'biz_ops', 'biz_fin', 'logistics', 'supplier_admin', 'supplier_agent'] as const)
      expect(mayFollow(staff(role), '/redirect/buyer/4')).toBe(false)
    expect(mayFollow({ roles: ['buyer'], company: { kind: 'buyer', id: 4 } }, '/redirect/buyer/4')).toBe(true)
    expect(mayFollow({ roles: ['buyer'], company: { kind: 'buyer', id: 5 } }, '/redirect/buyer/4')).toBe(false)
  })

  it('draws what each route answers for itself: public pages, the profile, files, other redirects, fragments', () => {
    for (const path of [
      '/login',
      '/privacy',
      '/profile?portal=seller',
      '/qc_photos/3',
      '/redirect/master_orders/3',
      '/field_operator/login',
      '#add',
      'https://example.com',
    ]) {
      expect(mayFollow(staff('seller'), path)).toBe(true)
    }
    expect(mayFollow(null, '/admin')).toBe(true)
  })
})

describe('the main portal’s sections', () => {
  it('are the first segments of every route of app/routes/_main+ but those open to every signed-in user', async () => {
    const fs = await import('node:fs')
    const dir = 'app/routes/_main+'
    const sections = fs
      .readdirSync(dir)
      // The layout, the not-found pages, and the pages each user opens for itself (profile, images, photos).
      .filter(
        (file) =>
          !file.startsWith('_') &&
          !file.startsWith('$') &&
          !file.startsWith('404') &&
          !fs.readFileSync(`${dir}/${file}`, 'utf8').includes('requireUser(request)'),
      )
      .map((file) => file.split('.')[0].replace(/\[|\]/g, ''))
    expect([...new Set(sections)].sort()).toEqual([...MAIN_SECTIONS].sort())
  })
})
