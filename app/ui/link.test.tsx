import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router-dom'
import { isPlainHtmlPage, Link, LinkNavigation, NavLink } from './link'

// The fast links must render the anchor Remix's own would: no router props leaking into the HTML.
const render = (node: React.ReactNode, at = '/admin/master_orders') =>
  renderToString(
    <MemoryRouter initialEntries={[at]}>
      <LinkNavigation>{node}</LinkNavigation>
    </MemoryRouter>,
  )

describe('Link and NavLink', () => {
  it('render a plain anchor with the path, and no `to` attribute', () => {
    expect(render(<Link to="/admin">Admin</Link>)).toBe('<a href="/admin" data-discover="true">Admin</a>')
    expect(render(<NavLink to="/admin/users/manage">Users</NavLink>)).toBe('<a href="/admin/users/manage" data-discover="true">Users</a>')
  })

  it('mark the link of the page one is on once, keeping its own classes', () => {
    expect(render(<NavLink to="/admin/master_orders" className="active">Master orders</NavLink>)).toBe('<a href="/admin/master_orders" class="active" aria-current="page" data-discover="true">Master orders</a>')
    expect(render(<NavLink to="/admin/master_orders" className="menu">Master orders</NavLink>)).toBe('<a href="/admin/master_orders" class="menu active" aria-current="page" data-discover="true">Master orders</a>')
    expect(render(<NavLink to="/admin" end>Overview</NavLink>)).toBe('<a href="/admin" data-discover="true">Overview</a>')
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
