import type { Viewer } from '~/auth/session.server'
import { getDb } from '~/db.server'
import { makeBuyer } from '../../../tests/support/companies'
import { makeProductSku } from '../../../tests/support/catalogue'
import { userIdOf } from '../../../tests/support/db'
import { audit } from '~/platform/audit.server'
import { recentActivity } from './queries.server'

describe('recent activity', () => {
  it('reads as sentences with record names, hides sign-ins and the demo data, and links only where the viewer may go', async () => {
    const db = getDb()
    const internal = { userId: await userIdOf('internal@example.com'), roles: ['internal'] } as unknown as Viewer
    const admin = { userId: await userIdOf('admin@example.com'), roles: ['admin'] } as unknown as Viewer
    // The demo data's own entries are there, and are not activity; its orders, placed and decided
    // through the order functions as people would, are.
    expect(
      await db.selectFrom('audit_events').select('id').where('action', '=', 'buyer.seeded').executeTakeFirst(),
    ).toBeDefined()
    const demo = await recentActivity(db, internal)
    expect(demo.length).toBeGreaterThan(0)
    expect(
      demo.every((r) =>
        [
          'Order',
          'Seller order',
          'Sample order',
          'Transport request',
          'Buyer',
          'Seller',
          'Seller bill',
          'Import',
        ].includes(r.kind),
      ),
    ).toBe(true)
    // Staff whose portal reaches every sample order open one from its entry.
    const sample = (await recentActivity(db, internal, 5000)).find((r) => r.kind === 'Sample order')
    expect(sample?.record).toMatch(/^SMP-\d{4}-\d{6}$/)
    expect((await recentActivity(db, admin, 5000)).find((r) => r.kind === 'Sample order')?.to).toMatch(
      /^\/redirect\/sample_orders\/\d+$/,
    )

    const buyerId = await makeBuyer({ name: 'Tiruppur Knit Works', status: 'active' })
    const skuId = await makeProductSku({ code: 'ACT-SKU-1' })
    await audit(db, { actorUserId: internal.userId, action: 'buyer.activated', entityType: 'buyer', entityId: buyerId })
    await audit(db, {
      actorUserId: internal.userId,
      action: 'product_sku.created',
      entityType: 'product_sku',
      entityId: skuId,
    })
    await audit(db, {
      actorUserId: admin.userId,
      action: 'user.roles_changed',
      entityType: 'user',
      entityId: internal.userId,
    })
    await audit(db, {
      actorUserId: internal.userId,
      action: 'session.started',
      entityType: 'user',
      entityId: internal.userId,
    })
    await audit(db, { actorUserId: null, action: 'buyer_sku.updated', entityType: 'buyer_sku', entityId: 999_999 })

    const feed = await recentActivity(db, internal)
    expect(feed.slice(0, 4).map(({ kind, record, what, who, to }) => ({ kind, record, what, who, to }))).toEqual([
      { kind: 'Buyer SKU', record: '#999999', what: 'changed', who: 'the system', to: null },
      { kind: 'User', record: 'Isha Internal', what: 'roles changed', who: 'Anita Admin', to: null },
      {
        kind: 'Product SKU',
        record: 'ACT-SKU-1',
        what: 'added',
        who: 'Isha Internal',
        to: `/skus/fabric_skus/${skuId}`,
      },
      {
        kind: 'Buyer',
        record: 'Tiruppur Knit Works',
        what: 'activated',
        who: 'Isha Internal',
        to: `/buyers/${buyerId}`,
      },
    ])
    // An admin may open the user's page in the admin portal.
    const forAdmin = await recentActivity(db, admin)
    expect(forAdmin.find((r) => r.kind === 'User')?.to).toBe(`/admin/users/${internal.userId}`)
  })
})

describe('audit entries in words', () => {
  it('says what was done, for listed actions, by their last part, and for unknown ones in plain words', async () => {
    const { actionSentence, recordKind } = await import('../audit/describe')
    expect(actionSentence('seller_sku.published')).toBe('Published')
    expect(actionSentence('buyer_sku.version_added')).toBe('New price version')
    expect(actionSentence('product.created')).toBe('Added')
    expect(actionSentence('thing.made_shiny')).toBe('Made shiny')
    expect(recordKind('price_request')).toBe('Price change')
    expect(recordKind('transport_booking')).toBe('Transport booking')
  })
})
