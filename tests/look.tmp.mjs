import { chromium } from 'playwright'
const base = 'http://localhost:3300'
const [,, path, out, js = 'on', width = '1280', actions = ''] = process.argv
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
const ctx = await browser.newContext({ javaScriptEnabled: js === 'on', viewport: { width: Number(width), height: 900 } })
const page = await ctx.newPage()
await page.goto(base + '/login')
await page.fill('input[name=email]', process.env.WHO ?? 'internal@example.com')
await page.fill('input[name=password]', 'demo-pass-2026')
await page.click('button[type=submit]')
await page.waitForLoadState('networkidle')
await page.goto(base + path)
if (actions) { const fn = new Function('page', `return (async () => { ${actions} })()`); await fn(page) }
await page.screenshot({ path: out, fullPage: true })
console.log(page.url())
await browser.close()
