import { getDb } from '~/db.server'
import { makeCompanyUser } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { ownCompanyOf, ownCompanyPage } from '../own-company/queries.server'
import { updateCompanyContact } from '../own-company/mutations.server'
import { sampleLensFor, sampleOrderDetail } from '../sample-orders/search.server'
import { historyOf } from './history.server'
import { audit } from '~/platform/audit.server'
import { ACTIONS, actionSentence } from './describe'
import { RECORDS } from './lens'
import { STAFF_VIEWER, tell, valueWords } from './tell'

// Every history but the order's goes through the same lens (lens.ts): a company's own page, the
// buyer's sample order, and the staff-only records, on the demo data and real mutations.

describe('told histories', () => {
  it('begins every entry with a capital and never says "by" before the history adds "by <who>"', () => {
    const phrases = [
      ...Object.keys(ACTIONS).map(actionSentence),
      ...Object.entries(RECORDS).flatMap(([entityType, record]) =>
        Object.entries(record.actions ?? {}).flatMap(([action, rule]) =>
          Object.keys(rule.what ?? {}).map(
            (kind) =>
              tell(
                {
                  id: 1,
                  at: '2026-01-01T00:00:00.000Z',
                  entity_type: entityType,
                  action,
                  entity_id: '1',
                  before_json: null,
                  after_json: null,
                  note: null,
                  actor_user_id: null,
                  actor_name: 'Priya Buyer',
                  actor_buyer_id: 1,
                  actor_seller_id: null,
                } as Parameters<typeof tell>[0],
                kind === 'staff' ? STAFF_VIEWER : ({ kind, buyerId: 1, sellerId: 1 } as unknown as typeof STAFF_VIEWER),
              )?.what ?? '',
          ),
        ),
      ),
    ].filter(Boolean)
    expect(phrases.length).toBeGreaterThan(50)
    expect(phrases.filter((phrase) => !/^[A-Z0-9“]/.test(phrase))).toEqual([])
    expect(phrases.filter((phrase) => /\bby\b/.test(phrase))).toEqual([])
  })

  it('tells values in words: states, ₹ (old entries kept formatted rupees), days and times in IST', () => {
    expect(valueWords('pending_approval', 'state')).toBe('Pending approval')
    expect(valueWords('qc_passed', 'state')).toBe('QC passed')
    expect(valueWords('₹9,91,200.00', 'money')).toBe('₹9,91,200.00')
    expect(valueWords(99_120_000, 'money')).toBe('₹9,91,200.00')
    expect(valueWords('1250.5', 'money')).toBe('₹1,250.50')
    expect(valueWords('2027-01-20', 'date')).toBe('20 Jan 2027')
    // 20:00 UTC is past midnight in India.
    expect(valueWords('2027-01-20T20:00:00.000Z', 'datetime')).toMatch(/^21 Jan 2027, 01:30\s?am$/i)
    expect(valueWords(null)).toBe('—')
  })

  it('tells staff a staff-only record through its declared keys only', async () => {
    const db = getDb()
    const admin = await userIdOf('admin@example.com')
    const buyer = await db.selectFrom('buyers').select(['id']).orderBy('id').executeTakeFirstOrThrow()
    await audit(db, {
      actorUserId: admin,
      action: 'buyer.updated',
      entityType: 'buyer',
      entityId: buyer.id,
      before: { credit_limit: '₹1,00,000.00', status: 'pending' },
      after: { credit_limit: '₹2,00,000.00', status: 'active', internal_score: 'MARKER-UNDECLARED' },
    })
    const [entry] = await historyOf(db, STAFF_VIEWER, 'buyer', buyer.id, { limit: 1 })
    expect(entry).toMatchObject({ what: 'Changed', actor: 'Anita Admin' })
    expect(entry!.changes).toEqual([
      { label: 'Credit limit', before: '₹1,00,000.00', after: '₹2,00,000.00' },
      { label: 'Status', before: 'Pending', after: 'Active' },
    ])
    expect(JSON.stringify(entry)).not.toContain('MARKER-UNDECLARED')
    expect(Object.keys(entry!).sort()).toEqual(['actor', 'at', 'changes', 'id', 'note', 'what'])
  })

  it('tells a company its own changes: its own people by name, staff as the platform team', async () => {
    const db = getDb()
    const buyer = await db
      .selectFrom('buyers')
      .select(['id', 'name'])
      .where('status', '=', 'active')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const own = await makeCompanyUser('buyer', buyer.id, 'tell-own@example.com')
    const staff = await userIdOf('admin@example.com')
    const viewer = {
      userId: own,
      roles: ['buyer'],
      company: { kind: 'buyer' as const, id: buyer.id, name: buyer.name, status: 'active' as const },
    }
    const company = ownCompanyOf(viewer as never, 'buyer', String(buyer.id))!
    const version = async () =>
      (await db.selectFrom('buyers').select('updated_at').where('id', '=', buyer.id).executeTakeFirstOrThrow())
        .updated_at
    expect(
      await updateCompanyContact(db, own, company, await version(), { contactEmail: 'first@tell.example' }),
    ).toMatchObject({ ok: true })
    expect(
      await updateCompanyContact(db, staff, company, await version(), { contactEmail: 'second@tell.example' }),
    ).toMatchObject({ ok: true })
    const { changes } = await ownCompanyPage(db, own, company)
    expect(changes.slice(0, 2).map((e) => [e.what, e.actor])).toEqual([
      ['Contact details changed', 'The platform team'],
      ['Contact details changed', 'tell-own'],
    ])
    expect(changes[0]!.changes).toContainEqual({
      label: 'Contact e-mail',
      before: 'first@tell.example',
      after: 'second@tell.example',
    })
  })

  it('tells the buyer its sample order without the stock figures staff read', async () => {
    const db = getDb()
    const row = await db
      .selectFrom('audit_events')
      .innerJoin('sample_orders', (join) =>
        join.on((eb) => eb(eb.cast('sample_orders.id', 'text'), '=', eb.ref('audit_events.entity_id'))),
      )
      .select(['sample_orders.id', 'sample_orders.buyer_id'])
      .where('audit_events.action', '=', 'sample_order.dispatched')
      .orderBy('audit_events.id')
      .executeTakeFirstOrThrow()
    const user = await userIdOf('admin@example.com')
    const buyer = sampleLensFor(
      {
        userId: user,
        roles: ['buyer'],
        company: { kind: 'buyer', id: row.buyer_id, name: 'B', status: 'active' },
      } as never,
      'buyer',
    )!
    const staff = sampleLensFor({ userId: user, roles: ['admin'], company: null } as never, 'admin')!
    const told = (await sampleOrderDetail(db, buyer, row.id))!.history
    const dispatched = told.find((e) => e.what === 'Dispatched')!
    expect(dispatched.actor).toBe('The platform team')
    expect(dispatched.changes.map((c) => c.label)).toEqual(
      expect.arrayContaining(['Status', 'Courier', 'Tracking number']),
    )
    expect(dispatched.changes.map((c) => c.label)).not.toContain('Stock')
    expect(dispatched.changes).toContainEqual({ label: 'Status', before: 'Approved', after: 'Dispatched' })
    const staffTold = (await sampleOrderDetail(db, staff, row.id))!.history.find((e) => e.what === 'Dispatched')!
    expect(staffTold.changes.map((c) => c.label)).toContain('Stock')
  })
})

describe('changes through the API', () => {
  it('names the API and the token to staff and to the actor’s company, and nothing of it to others', async () => {
    const db = getDb()
    const buyer = await db
      .selectFrom('users')
      .select(['id', 'buyer_id'])
      .where('email', '=', 'buyer@example.com')
      .executeTakeFirstOrThrow()
    const token = await db
      .insertInto('api_tokens')
      .values({
        user_id: buyer.id,
        name: 'ERP link',
        token_hash: 'tell-test-hash',
        prefix: 'sp_tell',
        scopes: '[]',
        expires_at: '2999-01-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const { throughApi } = await import('~/platform/api/channel.server')
    await throughApi({ tokenId: token.id }, () =>
      audit(db, {
        actorUserId: buyer.id,
        action: 'company.contact_updated',
        entityType: 'buyer',
        entityId: buyer.buyer_id!,
      }),
    )
    const [staff] = await historyOf(db, STAFF_VIEWER, 'buyer', buyer.buyer_id!, { limit: 1 })
    expect(staff!.actor).toMatch(/ through the API \(token “ERP link”\)$/)
    const [own] = await historyOf(db, { kind: 'buyer', buyerId: buyer.buyer_id! }, 'buyer', buyer.buyer_id!, {
      limit: 1,
    })
    expect(own?.actor ?? '').toContain('through the API')
    // Staff changing the buyer through a staff token: the buyer reads the platform team, not the token.
    const admin = await userIdOf('admin@example.com')
    const staffToken = await db
      .insertInto('api_tokens')
      .values({
        user_id: admin,
        name: 'Catalogue sync',
        token_hash: 'tell-test-hash-2',
        prefix: 'sp_tel2',
        scopes: '[]',
        expires_at: '2999-01-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await throughApi({ tokenId: staffToken.id }, () =>
      audit(db, {
        actorUserId: admin,
        action: 'company.contact_updated',
        entityType: 'buyer',
        entityId: buyer.buyer_id!,
      }),
    )
    const [byStaff] = await historyOf(db, { kind: 'buyer', buyerId: buyer.buyer_id! }, 'buyer', buyer.buyer_id!, {
      limit: 1,
    })
    expect(byStaff!.actor).toBe('The platform team')
  })
})
