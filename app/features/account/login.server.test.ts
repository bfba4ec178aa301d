import type { AppLoadContext } from '@remix-run/node'
import { getDb } from '~/db.server'
import { userIdOf } from '../../../tests/support/db'
import { handleLogin } from './login.server'

/** The status a sign-in answered with: a redirect, or a refused form's data with its status. */
const statusOf = (answer: Awaited<ReturnType<typeof handleLogin>>) =>
  'init' in answer ? answer.init?.status : answer.status

const context = { clientIp: '203.0.113.9', menus: {} } as AppLoadContext

function post(fields: Record<string, string>) {
  return new Request('http://localhost/login', { method: 'POST', body: new URLSearchParams(fields) })
}

describe('the sign-in action', () => {
  it('starts a session, sends the user to its portal and audits the sign-in', async () => {
    const response = await handleLogin(post({ email: 'Demand_KAM@example.com', password: 'demo-pass-2026' }), context)
    expect(response).toBeInstanceOf(Response)
    const res = response as Response
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/demand_kam')
    expect(res.headers.get('Set-Cookie')).toMatch(/^__session=.+HttpOnly/i)
    const userId = await userIdOf('demand_kam@example.com')
    const db = getDb()
    const sessions = await db.selectFrom('sessions').select(['ip']).where('user_id', '=', userId).execute()
    expect(sessions).toEqual([{ ip: '203.0.113.9' }])
    const entry = await db
      .selectFrom('audit_events')
      .select('action')
      .where('entity_type', '=', 'user')
      .where('entity_id', '=', String(userId))
      .executeTakeFirstOrThrow()
    expect(entry.action).toBe('session.started')
  })

  it('follows a local redirectTo and ignores one to another site', async () => {
    const local = (await handleLogin(
      post({ email: 'admin@example.com', password: 'demo-pass-2026', redirectTo: '/biz_fin?x=1' }),
      context,
    )) as Response
    expect(local.headers.get('Location')).toBe('/biz_fin?x=1')
    const away = (await handleLogin(
      post({ email: 'admin@example.com', password: 'demo-pass-2026', redirectTo: 'https://evil.example/' }),
      context,
    )) as Response
    expect(away.headers.get('Location')).toBe('/admin')
  })

  it('reads the e-mail and password as every form is read: NUL and control characters removed (issue 35)', async () => {
    const res = (await handleLogin(
      post({ email: 'admin\u0000@example.com\u0001', password: 'demo-\u0000pass-2026\u001b' }),
      context,
    )) as Response
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/admin')
  })

  it('sends a user of a pending company to the waiting page', async () => {
    const res = (await handleLogin(
      post({ email: 'pending.buyer@example.com', password: 'demo-pass-2026', redirectTo: '/buyer' }),
      context,
    )) as Response
    expect(res.headers.get('Location')).toBe('/pending_approval')
  })

  it('refuses a wrong password and a filled honeypot without a session', async () => {
    const wrong = await handleLogin(post({ email: 'seller@example.com', password: 'nope' }), context)
    expect(statusOf(wrong)).toBe(400)
    const bot = await handleLogin(
      post({ email: 'seller@example.com', password: 'demo-pass-2026', website_url: 'http://spam' }),
      context,
    )
    expect(statusOf(bot)).toBe(400)
    const sessions = await getDb()
      .selectFrom('sessions')
      .select('id_hash')
      .where('user_id', '=', await userIdOf('seller@example.com'))
      .execute()
    expect(sessions).toHaveLength(0)
  })
})
