import fs from 'node:fs'
import { API_SCOPES, SCOPE_INFO } from '~/auth/api-scopes'
import { API_RATE_PER_MINUTE } from '~/auth/throttle.server'
import { PROBLEM_TYPES } from '~/platform/api/problem'
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '~/platform/api/cursor'
import { IDEMPOTENCY_HOURS } from '~/platform/api/idempotency.server'

// docs/api.md says what the code does: its scopes and problem types tables are the code's tables,
// and the figures it gives (rate, page sizes, how long keys are kept) are the code's.

const text = fs.readFileSync('docs/api.md', 'utf8')

function table(marker: string): string[][] {
  const block = text.slice(text.indexOf(`<!-- ${marker}:start`), text.indexOf(`<!-- ${marker}:end -->`))
  return block
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| ---'))
    .slice(1)
    .map((line) =>
      line
        .slice(2, -2)
        .split(' | ')
        .map((cell) => cell.replace(/`/g, '').trim()),
    )
}

it('lists the scopes as app/auth/api-scopes.ts has them', () => {
  expect(table('scopes')).toEqual(
    API_SCOPES.map((scope) => [scope, SCOPE_INFO[scope].label, SCOPE_INFO[scope].holders.join(', ')]),
  )
})

it('lists the problem types as app/platform/api/problem.ts has them', () => {
  expect(table('problems')).toEqual(
    Object.entries(PROBLEM_TYPES).map(([type, { status, title }]) => [type, String(status), title]),
  )
})

it('gives the code’s figures and a curl example per topic', () => {
  expect(text).toContain(`${API_RATE_PER_MINUTE} requests a minute`)
  expect(text).toContain(`\`limit\` is 1 to\n${PAGE_LIMIT_MAX} (${PAGE_LIMIT_DEFAULT} when absent)`)
  expect(text).toContain(`kept ${IDEMPOTENCY_HOURS} hours`)
  const sections = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1])
  expect(sections).toEqual([
    'Tokens',
    'Authentication',
    'Errors',
    'Idempotency',
    'Pagination',
    'ETags',
    'Rate limits',
    'Audit',
    'Resources',
    'Webhooks',
    'Imports',
  ])
  for (const section of [
    'Authentication',
    'Errors',
    'Idempotency',
    'Pagination',
    'ETags',
    'Rate limits',
    'Audit',
    'Resources',
    'Webhooks',
    'Imports',
  ]) {
    const body = text.split(`## ${section}\n`)[1]!.split('\n## ')[0]!
    expect(body, section).toMatch(/```sh\n[^`]*(curl|sqlite3) /)
  }
})
