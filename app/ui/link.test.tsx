import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router-dom'
import type { LinkViewer } from '~/auth/links'
import { isPlainHtmlPage, Link, LinkNavigation, NavLink } from './link'

// The fast links must render the anchor Remix's own would: no router props leaking into the HTML.
const render = (node: React.ReactNode, at = '/admin/master_orders', viewer: LinkViewer | null = null) =>
  renderToString(
    <MemoryRouter initialEntries={[at]}>
      <LinkNavigation viewer={viewer}>{node}</LinkNavigation>
    </MemoryRouter>,
  )

describe('Link and NavLink', () => {
  it('render a plain anchor with the path, and no `to` attribute', () => {
    expect(render(<Link to="/admin">Admin</Link>)).toBe('<a href="/admin" data-discover="true">Admin</a>')
    expect(render(<NavLink to="/admin/users/manage">Users</NavLink>)).toBe(
      '<a href="/admin/users/manage" data-discover="true">Users</a>',
    )
  })

  it('mark the link of the page one is on once, keeping its own classes', () => {
    expect(
      render(
        <NavLink to="/admin/master_orders" className="active">
          Master orders
        </NavLink>,
      ),
    ).toBe('<a href="/admin/master_orders" class="active" aria-current="page" data-discover="true">Master orders</a>')
    expect(
      render(
        <NavLink to="/admin/master_orders" className="menu">
          Master orders
        </NavLink>,
      ),
    ).toBe(
      '<a href="/admin/master_orders" class="menu active" aria-current="page" data-discover="true">Master orders</a>',
    )
    expect(
      render(
        <NavLink to="/admin" end>
          Overview
        </NavLink>,
      ),
    ).toBe('<a href="/admin" data-discover="true">Overview</a>')
  })
})

describe('links to pages without the React runtime', () => {
  it('are the field operator’s pages, which a click loads as a document', () => {
    expect(isPlainHtmlPage('/field_operator')).toBe(true)
    expect(isPlainHtmlPage('/field_operator/orders/12?step=review')).toBe(true)
    expect(isPlainHtmlPage('/field_operators')).toBe(false)
    expect(isPlainHtmlPage('/admin/master_orders')).toBe(false)
  })
})

describe('a link the viewer may not follow (issue 34: no dead ends)', () => {
  const kam: LinkViewer = { roles: ['demand_kam'], company: null }
  it('is drawn as its text, with its class; one it may follow stays a link', () => {
    expect(render(<Link to="/redirect/buyer/1">Indigo Threads</Link>, '/demand_kam/master_orders/3', kam)).toBe(
      '<span>Indigo Threads</span>',
    )
    expect(
      render(
        <Link to="/admin/approvals/qc" className="figure-link">
          QC
        </Link>,
        '/demand_kam',
        kam,
      ),
    ).toBe('<span class="figure-link">QC</span>')
    expect(render(<NavLink to="/dashboard">Dashboard</NavLink>, '/demand_kam', kam)).toBe('<span>Dashboard</span>')
    // An action the viewer cannot take is not drawn at all.
    expect(
      render(
        <Link to="/sellers/add" className="btn btn-primary">
          Add a seller
        </Link>,
        '/demand_kam',
        kam,
      ),
    ).toBe('')
    expect(render(<Link to="/demand_kam/master_orders">Orders</Link>, '/demand_kam', kam)).toBe(
      '<a href="/demand_kam/master_orders" data-discover="true">Orders</a>',
    )
    expect(
      render(<Link to="/redirect/buyer/1">Indigo Threads</Link>, '/admin/master_orders/3', {
        roles: ['admin'],
        company: null,
      }),
    ).toContain('<a href="/redirect/buyer/1"')
  })
})
