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
    // Without Origin and Sec-Fetch-Site, a Referer says where the form was.
    ['POST', { referer: 'https://evil.example/csrf.html' }, 'sent from https://evil.example'],
    ['POST', { referer: 'http://localhost:3001/buyer' }, 'sent from http://localhost:3001'],
    ['POST', { referer: 'not a url' }, 'sent from a page of another site'],
    ['POST', { referer: 'http://localhost:3000/buyer/api-tokens?x=1' }, null],
    ['POST', { referer: 'https://orders.example.com/buyer' }, null],
    ['POST', { fetchSite: 'same-origin', referer: 'https://evil.example/' }, 'sent from https://evil.example'],
    // Origin, when present, is what counts.
    ['POST', { origin: 'http://localhost:3000', referer: 'https://evil.example/' }, null],
    ['GET', { referer: 'https://evil.example/' }, null],
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

  it('answers 400 to a path whose percent-escapes do not decode, before any route decodes it', async () => {
    await withApp(false, async (url) => {
      for (const path of ['/%ZZ', '/%', '/a/%E0%A4%A', '/%C0%AF', '/%ZZ.data']) {
        const page = await fetch(`${url}${path}`)
        expect(page.status, path).toBe(400)
        expect(page.headers.get('Content-Type'), path).toContain('text/html')
        expect(await page.text(), path).toContain('Not a valid address')
      }
      for (const path of ['/api/v1/%', '/api/v1/master-orders/%ZZ']) {
        const api = await fetch(`${url}${path}`, { method: 'POST', body: '{}' })
        expect(api.status, path).toBe(400)
        expect(api.headers.get('Content-Type'), path).toBe('application/problem+json')
        expect(await api.json(), path).toMatchObject({ status: 400, title: 'Not a valid address' })
      }
      // Escapes that decode, and a malformed one in the query (read leniently by URLSearchParams), pass.
      expect((await fetch(`${url}/a%20b/%E0%A4%A8`)).status).toBe(200)
      expect((await fetch(`${url}/x?q=%ZZ`)).status).toBe(200)
    })
  })

  it('refuses a form whose only sign of where it came from is a foreign Referer', async () => {
    await withApp(false, async (url) => {
      const post = (path: string, referer: string) =>
        fetch(`${url}${path}`, { method: 'POST', headers: { Referer: referer } })
      const page = await post('/buyer/api-tokens', 'https://evil.example/csrf.html')
      expect(page.status).toBe(403)
      expect(await page.text()).toContain('https://evil.example')
      const api = await post('/api/v1/master-orders', 'https://evil.example/csrf.html')
      expect(api.status).toBe(403)
      expect(api.headers.get('Content-Type')).toBe('application/problem+json')
      expect((await post('/buyer/api-tokens', 'https://orders.example.com/buyer/api-tokens')).status).toBe(200)
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
