// The platform shell: start-up time, page weight with JavaScript off, and response times.
import fs from 'node:fs'
import { chromium } from '@playwright/test'
import { startServer, time } from './server'

const fmt = (n: number) => n.toFixed(1)
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

async function pageWeight(url: string, cookie?: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined),
  })
  const context = await browser.newContext({ javaScriptEnabled: false })
  if (cookie) await context.addCookies([{ name: '__session', value: cookie, url }])
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  const byType = new Map<string, number>()
  const types = new Map<string, string>()
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type))
  cdp.on('Network.loadingFinished', (e) => {
    const type = types.get(e.requestId) ?? 'Other'
    byType.set(type, (byType.get(type) ?? 0) + e.encodedDataLength)
  })
  await page.goto(url, { waitUntil: 'networkidle' })
  await browser.close()
  return byType
}

export async function benchShell() {
  const server = await startServer()
  const rows: string[] = []
  rows.push(`server start on an empty database (migrate + demo data): ${fmt(server.startMs)} ms`)

  const weight = await pageWeight(`${server.url}/login`)
  const htmlCss = (weight.get('Document') ?? 0) + (weight.get('Stylesheet') ?? 0)
  const total = [...weight.values()].reduce((a, b) => a + b, 0)
  rows.push(
    `/login over the wire, JavaScript off: HTML+CSS ${kb(htmlCss)}; everything fetched (incl. module preloads) ${kb(total)}`,
  )
  rows.push(`  by type: ${[...weight].map(([t, b]) => `${t} ${kb(b)}`).join(', ')}`)

  const loginPage = await time(200, () => fetch(`${server.url}/login`).then((r) => r.text()))
  rows.push(`GET /login: p50 ${fmt(loginPage.p50)} ms, p95 ${fmt(loginPage.p95)} ms`)

  const form = new URLSearchParams({ email: 'internal@example.com', password: 'demo-pass-2026' })
  const signIn = await time(10, async () => {
    const res = await fetch(`${server.url}/login`, { method: 'POST', body: form, redirect: 'manual' })
    if (res.status !== 302) throw new Error(`sign-in answered ${res.status}`)
    return res.headers.get('set-cookie')
  })
  rows.push(`POST /login (scrypt N=2^17): p50 ${fmt(signIn.p50)} ms, p95 ${fmt(signIn.p95)} ms`)

  const res = await fetch(`${server.url}/login`, { method: 'POST', body: form, redirect: 'manual' })
  const cookie = res.headers.get('set-cookie')!.split(';')[0]
  const dashboard = await time(200, () =>
    fetch(`${server.url}/dashboard`, { headers: { cookie } }).then((r) => r.text()),
  )
  rows.push(`GET /dashboard signed in: p50 ${fmt(dashboard.p50)} ms, p95 ${fmt(dashboard.p95)} ms`)

  await server.stop()
  return rows
}
