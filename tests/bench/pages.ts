// Timing list pages over HTTP against a running server, with the issues' 50 ms p95 budget.
import { atMost } from './budgets'
import { time, type RunningServer } from './server'

export const BUDGET_MS = 50
const fmt = (n: number) => n.toFixed(1)

export async function signIn(url: string, email: string): Promise<string> {
  const form = new URLSearchParams({ email, password: 'demo-pass-2026' })
  const res = await fetch(`${url}/login`, { method: 'POST', body: form, redirect: 'manual' })
  if (res.status !== 302) throw new Error(`sign-in as ${email} answered ${res.status}`)
  return res.headers.get('set-cookie')!.split(';')[0]
}

/** 100 sequential requests per page; one row per page and a summary row. */
export async function measurePages(
  server: RunningServer,
  pages: [label: string, url: string, cookie: string][],
  budgetMs = BUDGET_MS,
): Promise<string[]> {
  const BUDGET_MS = budgetMs
  const rows: string[] = []
  let over = 0
  for (const [label, url, cookie] of pages) {
    const check = await fetch(`${server.url}${url}`, { headers: { cookie } })
    if (check.status !== 200) throw new Error(`${url} answered ${check.status}`)
    const result = await time(100, () => fetch(`${server.url}${url}`, { headers: { cookie } }).then((r) => r.text()))
    if (result.p95 > BUDGET_MS) over++
    atMost(`p95 GET ${url} (${label})`, result.p95, BUDGET_MS, 'ms')
    rows.push(
      `GET ${url} (${label}): p50 ${fmt(result.p50)} ms, p95 ${fmt(result.p95)} ms${result.p95 > BUDGET_MS ? `  OVER the ${BUDGET_MS} ms budget` : ''}`,
    )
  }
  rows.push(over ? `${over} page(s) over budget` : `every page within the ${BUDGET_MS} ms p95 budget`)
  return rows
}
