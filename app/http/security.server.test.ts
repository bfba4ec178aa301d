import type { AddressInfo } from 'node:net'
import express from 'express'
import { crossSiteRefusal, securityMiddleware } from './security.server'

const appUrl = 'https://orders.example.com'

describe('crossSiteRefusal', () => {
  const target = 'http://localhost:3000'
  it.each([
    ['GET', {}, null],
    ['HEAD', { fetchSite: 'cross-site', origin: 'https://evil.example' }, null],
    ['POST', {}, null],
    ['POST', { fetchSite: 'same-origin', origin: 'http://localhost:3000' }, null],
    ['POST', { origin: 'https://orders.example.com' }, null],
    ['POST', { fetchSite: 'none' }, null],
    ['POST', { fetchSite: 'cross-site' }, 'sent from another site'],
    ['POST', { fetchSite: 'CROSS-SITE', origin: 'http://localhost:3000' }, 'sent from another site'],
    ['POST', { origin: 'https://evil.example' }, 'sent from https://evil.example'],
    ['POST', { fetchSite: 'same-site', origin: 'http://api.localhost:3000' }, 'sent from http://api.localhost:3000'],
    ['POST', { origin: 'http://localhost:3001' }, 'sent from http://localhost:3001'],
    ['POST', { origin: 'https://localhost:3000' }, 'sent from https://localhost:3000'],
    ['POST', { origin: 'null' }, 'sent from a page without an origin'],
    ['POST', { origin: 'not a url' }, 'sent from not a url'],
    ['DELETE', { origin: 'https://evil.example' }, 'sent from https://evil.example'],
    ['PUT', { fetchSite: 'cross-site' }, 'sent from another site'],
  ])('%s with %j: %s', (method, headers, expected) => {
    expect(crossSiteRefusal({ method, target, ...headers }, appUrl)).toBe(expected)
  })
})

/** The middleware on a bare Express app, answering 200 "passed" when a request gets through. */
async function withApp(trustProxy: boolean | number | string[], run: (url: string) => Promise<void>) {
  const app = express()
  app.set('trust proxy', trustProxy)
  app.use(securityMiddleware({ appUrl, trustProxy, maxFormBytes: 1024, maxUploadBytes: 4096 }))
  // A route with headers of its own, added the way Remix's adapter adds a response's headers.
  app.get('/own-headers', (_req, res) => {
    res.append('X-Content-Type-Options', 'nosniff')
    res.append('Referrer-Policy', 'no-referrer')
    res.send('own')
  })
  app.all('*', (req, res) => res.send(`passed origin=${req.headers.origin ?? ''}`))
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  try {
    await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
  } finally {
    await new Promise((resolve) => server.close(resolve))
  }
}

describe('securityMiddleware', () => {
  it('takes the forwarded host and scheme as the target only behind a trusted proxy', async () => {
    const headers = {
      Origin: 'https://shop.example.com',
      'X-Forwarded-Host': 'shop.example.com',
      'X-Forwarded-Proto': 'https',
    }
    await withApp(false, async (url) => {
      expect((await fetch(`${url}/x`, { method: 'POST', headers })).status).toBe(403)
    })
    await withApp(true, async (url) => {
      const passed = await fetch(`${url}/x`, { method: 'POST', headers })
      expect(passed.status).toBe(200)
      // Remix's own cruder origin check never sees a request this one let through.
      expect(await passed.text()).toBe('passed origin=')
    })
    await withApp(['loopback'], async (url) => {
      expect((await fetch(`${url}/x`, { method: 'POST', headers })).status).toBe(200)
    })
  })

  it('answers the integration API’s refusals as problem documents, pages’ as plain pages', async () => {
    await withApp(false, async (url) => {
      const big = { method: 'POST', body: 'a'.repeat(2000), headers: { 'Content-Type': 'application/json' } }
      const api = await fetch(`${url}/api/v1/master-orders`, big)
      expect(api.status).toBe(413)
      expect(api.headers.get('Content-Type')).toBe('application/problem+json')
      expect(await api.json()).toMatchObject({ status: 413, title: 'Too large to accept' })
      const page = await fetch(`${url}/x`, big)
      expect(page.headers.get('Content-Type')).toContain('text/html')
    })
  })

  it('refuses bodies past the limits by their declared length: forms and uploads apart', async () => {
    await withApp(false, async (url) => {
      const post = (body: string, type: string) =>
        fetch(`${url}/x`, { method: 'POST', body, headers: { 'Content-Type': type } })
      expect((await post('a'.repeat(1000), 'application/x-www-form-urlencoded')).status).toBe(200)
      expect((await post('a'.repeat(2000), 'application/x-www-form-urlencoded')).status).toBe(413)
      expect((await post('a'.repeat(2000), 'application/json')).status).toBe(413)
      expect((await post('a'.repeat(3000), 'multipart/form-data; boundary=x')).status).toBe(200)
      expect((await post('a'.repeat(5000), 'multipart/form-data; boundary=x')).status).toBe(413)
    })
  })

  it('sends HSTS when the site is https, and the headers every answer carries', async () => {
    await withApp(false, async (url) => {
      const answer = await fetch(`${url}/x`)
      expect(answer.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
      expect(answer.headers.get('x-frame-options')).toBe('DENY')
      // A response's own header wins and is never doubled; the rest still come.
      const own = await fetch(`${url}/own-headers`)
      expect(own.headers.get('x-content-type-options')).toBe('nosniff')
      expect(own.headers.get('referrer-policy')).toBe('no-referrer')
      expect(own.headers.get('x-frame-options')).toBe('DENY')
    })
  })
})
