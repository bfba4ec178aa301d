import { sql } from 'kysely'
import { getDb } from '~/db.server'
import { scheduleInspection } from '~/features/qc/schedule.server'
import { kolkataDay } from '~/utils/format'
import { makeStaffUser } from '../tests/support/companies'
import { userIdOf } from '../tests/support/db'
import { seedOrdersScale } from './scale-orders'
import { seedQcScale } from './scale-qc'

// The QC scale seed writes inspections with their ids and codes given, in bulk, handing out slots so
// that no operator holds one twice: afterwards an inspection scheduled through the page's function
// is numbered after them and the unique rules still stand.

describe('seedQcScale', () => {
  it('loads inspections in every state without double-booking, after which one is scheduled and numbered after them', async () => {
    const db = getDb()
    await makeStaffUser('field_operator', 'scale.field@example.com', 'Scale Field')
    await seedOrdersScale(db, { orders: 600 })
    const before = Number(
      (
        await db
          .selectFrom('qc_inspections')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
    await seedQcScale(db, { inspections: 250 })
    const rows = await db
      .selectFrom('qc_inspections')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute()
    expect(rows.reduce((sum, r) => sum + Number(r.n), 0)).toBe(before + 250)
    expect(rows.map((r) => r.status).sort()).toEqual(
      expect.arrayContaining(['approved', 'rejected', 'scheduled', 'submitted']),
    )
    const doubled = await db
      .selectFrom('qc_inspections')
      .select(['operator_id', 'scheduled_on', 'slot'])
      .where('status', '<>', 'cancelled')
      .groupBy(['operator_id', 'scheduled_on', 'slot'])
      .having(sql`count(*)`, '>', 1)
      .execute()
    expect(doubled).toEqual([])
    const open = await db
      .selectFrom('qc_inspections')
      .select('seller_order_id')
      .where('status', 'in', ['scheduled', 'submitted'])
      .groupBy('seller_order_id')
      .having(sql`count(*)`, '>', 1)
      .execute()
    expect(open).toEqual([])

    // A seller order ready for QC and not scheduled yet, scheduled as staff do it.
    const waiting = await db
      .selectFrom('seller_orders as s')
      .select('s.id')
      .where('s.status', '=', 'ready_for_qc')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('qc_inspections as i')
              .select('i.id')
              .whereRef('i.seller_order_id', '=', 's.id')
              .where('i.status', 'in', ['scheduled', 'submitted']),
          ),
        ),
      )
      .executeTakeFirstOrThrow()
    const last = await db
      .selectFrom('qc_inspections')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow()
    const operatorId = await userIdOf('scale.field@example.com')
    const day = kolkataDay(new Date(Date.now() + 400 * 86_400_000))
    const done = await scheduleInspection(db, { userId: await userIdOf('biz_ops@example.com') }, waiting.id, {
      day,
      slot: '09:00',
      operatorId,
    })
    expect(done).toMatchObject({ ok: true })
    if (done.ok) expect(done.value.id).toBeGreaterThan(Number(last.id))
  })
})
