import { pagePathOf, safeRedirect } from './redirect'

describe('safeRedirect', () => {
  it.each([
    ['/admin/users/manage?q=a#top', '/admin/users/manage?q=a#top'],
    ['/dashboard', '/dashboard'],
  ])('keeps the local path %s', (input, expected) => {
    expect(safeRedirect(input, '/home')).toBe(expected)
  })

  it.each(['//evil.example', '/\\evil.example', 'https://evil.example/x', 'javascript:alert(1)', 'admin', '', null, '/\nfoo'])(
    'refuses %j',
    (input) => {
      expect(safeRedirect(input as string | null, '/home')).toBe('/home')
    },
  )
})

describe('pagePathOf', () => {
  it('names the page of a single-fetch data request', () => {
    expect(pagePathOf(new Request('http://x/admin/users.data?q=1&_routes=a'))).toBe('/admin/users?q=1')
    expect(pagePathOf(new Request('http://x/_root.data'))).toBe('/')
    expect(pagePathOf(new Request('http://x/buyers/manage?status=pending'))).toBe('/buyers/manage?status=pending')
  })
})
