import { pagePathOf, safeRedirect } from './redirect'

describe('safeRedirect', () => {
  it.each([
    ['/admin/users/manage?q=a#top', '/admin/users/manage?q=a#top'],
    ['/dashboard', '/dashboard'],
  ])('keeps the local path %s', (input, expected) => {
    expect(safeRedirect(input, '/home')).toBe(expected)
  })

  it.each([
    ['/a/../b?x=1', '/b?x=1'],
    ['/buyers/%2e%2e/sellers', '/sellers'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ])('normalises %s to the local path %s', (input, expected) => {
    expect(safeRedirect(input, '/home')).toBe(expected)
  })

  // Each of these comes out of a browser's URL parser as another host, a scheme or garbage.
  it.each([
    // scheme-relative and schemes
    '//evil.example',
    '///evil.example',
    'https://evil.example/x',
    'javascript:alert(1)',
    'data:text/html,hi',
    // dot segments that collapse into //host
    '/.//evil.example',
    '/./evil.example/..//evil.example',
    '/a/..//evil.example',
    '/a/../..//evil.example',
    // encoded dots
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/a/%2e%2e//evil.example',
    '/.%2e//evil.example',
    // backslashes, raw and after dot segments
    '/\\evil.example',
    '/\\\\evil.example',
    '/a/..\\\\evil.example',
    '/.\\\\evil.example',
    // tabs, newlines and other control characters that parsers strip
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/\u0000/evil.example',
    '/\nfoo',
    // not a path
    'admin',
    'evil.example',
    ' /dashboard',
    '',
    null,
    undefined,
    `/${'a'.repeat(3000)}`,
  ])('refuses %j', (input) => {
    expect(safeRedirect(input as string | null, '/home')).toBe('/home')
  })
})

describe('pagePathOf', () => {
  it('names the page of a single-fetch data request', () => {
    expect(pagePathOf(new Request('http://x/admin/users.data?q=1&_routes=a'))).toBe('/admin/users?q=1')
    expect(pagePathOf(new Request('http://x/_root.data'))).toBe('/')
    expect(pagePathOf(new Request('http://x/buyers/manage?status=pending'))).toBe('/buyers/manage?status=pending')
  })
})
