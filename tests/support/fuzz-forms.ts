/// <reference types="vite/client" />
/**
 * Every form of the app, fuzzed through its real action (issue 17), in parts (tests/fuzz-forms-*.test.ts,
 * each a share of the routes, so vitest's workers fuzz side by side). For each route with an action,
 * the page is read as a role that may use it and its POST forms' fields are taken from the HTML;
 * fast-check then sends bodies built from those fields: arbitrary text, numbers at the edges, odd
 * dates, fields left out, fields repeated and fields the form does not have. No answer is a 5xx, and
 * a refused submit (4xx) changes nothing: the audit log, where every change leaves an entry, is
 * exactly as long after it as before.
 */
import type { ServerBuild } from '@remix-run/node'
import fc from 'fast-check'
import { mayEnter } from '~/auth/portals'
import { getDb } from '~/db.server'
import { DEMO_ROLES } from '../../seed/demo-users'
import type { RoleKey } from '#db/types'
import { allRoutes } from '../access/all'
import { loadBuiltApp } from '../access/http'
import { attribute } from '../access/html'
import { cookieFor } from './db'

/** Bodies per form: enough to reach every branch of a reader, cheap enough for every route. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12)
/** The same bodies every run (FUZZ_SEED=… FUZZ_RUNS=… explores others; a finding's body is in the failure). */
const SEED = Number(process.env.FUZZ_SEED ?? 20261126)

interface FormShape {
  fields: string[]
  /** Values the page itself offers for a field (hidden inputs, buttons, options): the intents, the ids. */
  offered: Map<string, string[]>
}

/** The POST forms of a page that send to the page itself, with their fields and offered values. */
function formsOf(html: string, pagePath: string): FormShape[] {
  const forms: FormShape[] = []
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const open = match[1]
    if ((attribute(open, 'method') ?? 'get').toLowerCase() !== 'post') continue
    const action = attribute(open, 'action')
    if (action && action.split('?')[0] !== pagePath.split('?')[0]) continue
    const offered = new Map<string, string[]>()
    for (const tag of match[2].matchAll(/<(input|button|select|textarea|option)\b[^>]*>/g)) {
      const name = attribute(tag[0], 'name')
      if (!name) continue
      const values = offered.get(name) ?? []
      const value = attribute(tag[0], 'value')
      if (value !== null && !values.includes(value)) values.push(value)
      offered.set(name, values)
    }
    if (offered.size) forms.push({ fields: [...offered.keys()], offered })
  }
  return forms
}

/**
 * A list's row forms (approve, reject, archive…, one per row) are one form each: fuzzed once, with
 * the values every row offers (all the rows' ids), not once per row (36 rows were 432 bodies).
 */
function sameFormsOnce(forms: FormShape[]): FormShape[] {
  const byFields = new Map<string, FormShape>()
  for (const form of forms) {
    const key = form.fields.join('\u0000')
    const seen = byFields.get(key)
    if (!seen) {
      byFields.set(key, {
        fields: form.fields,
        offered: new Map([...form.offered].map(([name, values]) => [name, [...values]])),
      })
      continue
    }
    for (const [name, values] of form.offered) {
      const all = seen.offered.get(name)!
      for (const value of values) if (!all.includes(value)) all.push(value)
    }
  }
  return [...byFields.values()]
}

const edgeNumbers = [
  '0',
  '-0',
  '-1',
  '1',
  '0.5',
  '1e308',
  '-1e308',
  '1e-308',
  'NaN',
  'Infinity',
  '9007199254740993',
  '99999999999999999999',
  '007',
  '1,000',
  ' 12 ',
  '0x10',
  '١٢٣',
]
const oddDates = ['2026-02-30', '0000-00-00', '9999-12-31', '2026-13-01', '1970-01-01', 'tomorrow', '2026-11-26T25:61']
const value = (offered: string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: offered.length ? fc.constantFrom(...offered) : fc.constant('') },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
    { weight: 2, arbitrary: fc.constantFrom(...edgeNumbers) },
    { weight: 1, arbitrary: fc.constantFrom(...oddDates) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        ' ',
        '#1',
        '#999999999',
        "'; drop table users; --",
        '<script>alert(1)</script>',
        '../../etc/passwd',
        'x'.repeat(5000),
      ),
    },
  )

/** A body built from a form: each field left out, sent once or sent twice, and now and then a field it does not have. */
const bodyFor = (form: FormShape) =>
  fc
    .tuple(
      ...form.fields.map((field) =>
        fc.tuple(
          fc.constant(field),
          fc.constantFrom(0, 1, 1, 1, 2),
          value(form.offered.get(field) ?? []),
          value(form.offered.get(field) ?? []),
        ),
      ),
      fc.option(fc.tuple(fc.string({ minLength: 1, maxLength: 20 }), fc.string({ maxLength: 40 }))),
    )
    .map((parts) => {
      const body = new URLSearchParams()
      const extra = parts.pop() as [string, string] | null
      for (const [field, times, first, second] of parts as [string, number, string, string][]) {
        if (times >= 1) body.append(field, first)
        if (times === 2) body.append(field, second)
      }
      if (extra) body.append(extra[0], extra[1])
      return body
    })

/**
 * Characters PostgreSQL cannot store or no keyboard types (issue 35): NUL, other C0 controls, a
 * lone surrogate (the body's UTF-8 makes it U+FFFD, as a browser's would). Two bodies per form
 * beside the random ones: the intent as the page offers it (so the action gets past its switch),
 * every other field its offered value (or a word) with them. A 5xx fails, on either database.
 */
const UNSTORABLE = ['\u0000\u0001\u001b', 'a\u0000b\u0008\u000b\u001f\ud800x\udc00']
const unstorableBodies = (form: FormShape): URLSearchParams[] =>
  UNSTORABLE.map((chars, k) => {
    const body = new URLSearchParams()
    for (const field of form.fields) {
      const offered = form.offered.get(field) ?? []
      const kept = offered.length ? offered[k % offered.length]! : ''
      body.append(field, field === 'intent' ? kept : k % 2 ? `${kept || 'Text'}${chars}` : `${chars}${kept}`)
    }
    return body
  })

/** Fuzzes part `part` (from 0) of `parts` of the routes with an action: every `parts`-th one. */
export function fuzzForms(part: number, parts: number) {
  let build: ServerBuild
  let handle: (request: Request) => Promise<Response>
  const cookies = new Map<RoleKey, string>()

  beforeAll(async () => {
    ;({ build, handle } = await loadBuiltApp())
    for (const role of DEMO_ROLES) cookies.set(role, await cookieFor(role))
  })

  it(`answers every fuzzed form without a 5xx, and a refused one changes nothing (part ${part + 1} of ${parts})`, async () => {
    const db = getDb()
    const auditLength = async () =>
      Number(
        (
          await db
            .selectFrom('audit_events')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const failures: string[] = []
    let sent = 0
    let formsFound = 0
    const withActions = Object.entries(allRoutes()).filter(
      ([id, rule]) => build.routes[id]?.module.action && !rule.endsSession,
    )
    for (const [, rule] of withActions.filter((_, i) => i % parts === part)) {
      // Signing out reads no form; a route without an action answers 405 (the access matrix).
      const role =
        'portal' in rule
          ? DEMO_ROLES.find((r) => mayEnter([r], rule.portal))
          : 'signedIn' in rule || 'section' in rule
            ? 'internal'
            : undefined
      const cookie = role ? cookies.get(role) : undefined
      const headers = (extra: Record<string, string> = {}) =>
        new Headers({ ...extra, ...(cookie ? { Cookie: cookie } : {}) })
      const page = await handle(new Request(`http://localhost${rule.path}`, { headers: headers() }))
      const forms =
        page.ok && page.headers.get('Content-Type')?.startsWith('text/html')
          ? formsOf(await page.text(), rule.path)
          : []
      formsFound += forms.length
      // A route whose page shows no form (a POST-only endpoint, a form behind a choice) still gets the fuzz with the one field every action reads.
      const shapes = forms.length
        ? sameFormsOnce(forms)
        : [{ fields: ['intent'], offered: new Map<string, string[]>() }]
      for (const form of shapes) {
        const send = async (body: URLSearchParams) => {
          const before = await auditLength()
          const response = await handle(
            new Request(`http://localhost${rule.path}`, {
              method: 'POST',
              headers: headers({ 'Content-Type': 'application/x-www-form-urlencoded' }),
              body,
            }),
          )
          await response.arrayBuffer()
          sent++
          if (response.status >= 500) {
            failures.push(
              `${rule.path} as ${role ?? 'anonymous'}: ${response.status} for ${body.toString().slice(0, 300)}`,
            )
            return
          }
          if (response.status >= 400) {
            const after = await auditLength()
            if (after !== before)
              failures.push(
                `${rule.path} as ${role ?? 'anonymous'}: refused (${response.status}) but ${after - before} audit entries were written for ${body.toString().slice(0, 300)}`,
              )
          }
        }
        await fc.assert(fc.asyncProperty(bodyFor(form), send), { numRuns: RUNS, seed: SEED, endOnFailure: true })
        for (const body of unstorableBodies(form)) await send(body)
      }
    }
    expect(failures).toEqual([])
    expect(formsFound).toBeGreaterThan(60 / parts)
    expect(sent).toBeGreaterThan(800 / parts)
  }, 300_000)
}
