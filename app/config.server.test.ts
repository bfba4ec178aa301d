import { loadConfig } from './config.server'

describe('configuration', () => {
  it('requires SESSION_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: ':memory:' })).toThrow(/SESSION_SECRET is required/)
  })

  it('refuses a bad port and a short secret with a clear message', () => {
    expect(() => loadConfig({ PORT: 'abc', SESSION_SECRET: 'x'.repeat(40) })).toThrow(/PORT must be a whole number/)
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/at least 32 characters/)
  })

  it('marks cookies Secure when the site is served over HTTPS', () => {
    const secret = 'x'.repeat(40)
    expect(loadConfig({ SESSION_SECRET: secret }).cookieSecure).toBe(false)
    expect(loadConfig({ SESSION_SECRET: secret, APP_URL: 'https://orders.example.com' }).cookieSecure).toBe(true)
  })
})
