// The three admin routes, called as Remix calls them: guard first, 404 for unknown users, forms answered.
import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, test } from 'vitest'
import { getDb } from '~/db.server'
import * as manage from '~/routes/admin+/users.manage._index'
import * as password from '~/routes/admin+/users.manage.password'
import * as record from '~/routes/admin+/users.$userId'
import { cookieFor, userIdOf } from '../../../tests/support/db'

const base = 'http://localhost/admin/users'
const context: AppLoadContext = { clientIp: '127.0.0.1', menus: {} }
const get = async (url: string, who = 'admin') => new Request(url, { headers: { cookie: await cookieFor(who) } })
const post = async (url: string, fields: Record<string, string>, who = 'admin') =>
  new Request(url, { method: 'POST', body: new URLSearchParams(fields), headers: { cookie: await cookieFor(who) } })

async function statusOf(run: () => Promise<unknown>): Promise<number> {
  try {
    const result = await run()
    return result instanceof Response
      ? result.status
      : ((result as { init?: { status?: number } })?.init?.status ?? 200)
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status
    throw thrown
  }
}

describe('admin user routes', () => {
  test('only admins get in, loaders and actions alike', async () => {
    expect(
      await statusOf(async () =>
        manage.loader({ request: await get(`${base}/manage`, 'internal'), params: {}, context }),
      ),
    ).toBe(403)
    expect(
      await statusOf(async () =>
        password.action({ request: await post(`${base}/manage/password`, {}, 'internal'), params: {}, context }),
      ),
    ).toBe(403)
    const id = String(await userIdOf('internal@example.com'))
    expect(
      await statusOf(async () =>
        record.action({
          request: await post(`${base}/${id}`, { intent: 'disable' }, 'buyer'),
          params: { userId: id },
          context,
        }),
      ),
    ).toBe(403)
  })

  test('an unknown user id answers 404, for the page and its forms', async () => {
    expect(
      await statusOf(async () =>
        record.loader({ request: await get(`${base}/999999`), params: { userId: '999999' }, context }),
      ),
    ).toBe(404)
    expect(
      await statusOf(async () =>
        record.loader({ request: await get(`${base}/abc`), params: { userId: 'abc' }, context }),
      ),
    ).toBe(404)
    expect(
      await statusOf(async () =>
        record.action({
          request: await post(`${base}/999999`, { intent: 'disable' }),
          params: { userId: '999999' },
          context,
        }),
      ),
    ).toBe(404)
  })

  test('the list filters by a company from the URL and names it for the chip', async () => {
    const indigo = await getDb()
      .selectFrom('buyers')
      .select('id')
      .where('name', '=', 'Indigo Threads Retail')
      .executeTakeFirstOrThrow()
    const page = await manage.loader({
      request: await get(`${base}/manage?company=buyer:${indigo.id}&create=1`),
      params: {},
      context,
    })
    expect(page.filters.company).toEqual({ kind: 'buyer', id: indigo.id, name: 'Indigo Threads Retail' })
    expect(page.rows.map((r) => r.email)).toContain('buyer@example.com')
    expect(page.rows.every((r) => r.company?.id === indigo.id)).toBe(true)
    expect(page.openCreate).toBe(true)
    expect(page.roleOptions).toHaveLength(13)
  })

  test('a double submit of the create form makes one user; bad input answers 400 without echoing passwords', async () => {
    const fields = {
      intent: 'create',
      idempotencyKey: 'route-key-1',
      name: 'Route Person',
      email: 'route.person@routes.test',
      roles: 'internal',
    }
    const first = await manage.action({ request: await post(`${base}/manage?index`, fields), params: {}, context })
    const second = await manage.action({ request: await post(`${base}/manage?index`, fields), params: {}, context })
    const users = await getDb()
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'route.person@routes.test')
      .execute()
    expect(users).toHaveLength(1)
    for (const answer of [first, second]) {
      expect(answer).toBeInstanceOf(Response)
      expect((answer as Response).headers.get('Location')).toBe(`/admin/users/${users[0].id}`)
    }
    const bad = await manage.action({
      request: await post(`${base}/manage?index`, {
        intent: 'create',
        name: 'Bad Buyer',
        email: 'bad.buyer@routes.test',
        roles: 'buyer',
        access: 'password',
        password: 'secret-password-1',
      }),
      params: {},
      context,
    })
    expect(await statusOf(async () => bad)).toBe(400)
    const reply = JSON.stringify((bad as { data: unknown }).data)
    expect(reply).toContain('needs its buyer company')
    expect(reply).toContain('Bad Buyer')
    expect(reply).not.toContain('secret-password-1')
  })

  test("setting a password or changing roles asks for the admin's own password again; a wrong one changes nothing", async () => {
    const db = getDb()
    const target = await userIdOf('logistics@example.com')
    const hashOf = async () =>
      (await db.selectFrom('users').select('password_hash').where('id', '=', target).executeTakeFirstOrThrow())
        .password_hash
    const before = await hashOf()
    const fields = { email: 'logistics@example.com', password: 'new-pass-2026x', confirmPassword: 'new-pass-2026x' }
    const wrong = await password.action({
      request: await post(`${base}/manage/password`, { ...fields, ownPassword: 'not-my-password' }),
      params: {},
      context,
    })
    expect(await statusOf(async () => wrong)).toBe(400)
    expect(JSON.stringify((wrong as { data: unknown }).data)).toContain('That is not your password')
    expect(
      await statusOf(async () =>
        password.action({ request: await post(`${base}/manage/password`, fields), params: {}, context }),
      ),
    ).toBe(400)
    expect(await hashOf()).toBe(before)
    const right = await password.action({
      request: await post(`${base}/manage/password`, { ...fields, ownPassword: 'demo-pass-2026' }),
      params: {},
      context,
    })
    expect((right as Response).status).toBe(302)
    expect(await hashOf()).not.toBe(before)

    const id = String(target)
    const version = (
      await db.selectFrom('users').select('updated_at').where('id', '=', target).executeTakeFirstOrThrow()
    ).updated_at
    const roles = { intent: 'roles', version, roles: 'admin' }
    const refused = await record.action({
      request: await post(`${base}/${id}`, { ...roles, ownPassword: 'guess' }),
      params: { userId: id },
      context,
    })
    expect(await statusOf(async () => refused)).toBe(400)
    const held = await db.selectFrom('user_roles').select('role').where('user_id', '=', target).execute()
    expect(held.map((r) => r.role)).toEqual(['logistics'])
    const saved = await record.action({
      request: await post(`${base}/${id}`, { ...roles, ownPassword: 'demo-pass-2026' }),
      params: { userId: id },
      context,
    })
    expect((saved as Response).status).toBe(302)
  })
})
