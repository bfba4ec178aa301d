import { expect } from 'vitest'
import type { getDb } from '~/db.server'

/** The calendar's kept day counts equal the bookings that are not cancelled, per day, side and transporter. */
export async function expectBookingDaysKept(db: ReturnType<typeof getDb>) {
  const kept = await db
    .selectFrom('transport_booking_days')
    .select(['day', 'side', 'transporter_id', 'n'])
    .where('n', '<>', 0)
    .execute()
  const real: string[] = []
  for (const [side, column] of [
    ['pickup', 'pickup_on'],
    ['delivery', 'delivery_on'],
  ] as const) {
    const rows = await db
      .selectFrom('transport_bookings')
      .select([`${column} as day` as never, 'transporter_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('status', '<>', 'cancelled')
      .groupBy([column, 'transporter_id'])
      .execute()
    for (const r of rows as unknown as { day: string; transporter_id: number; n: number }[])
      real.push(`${side} ${r.day} ${r.transporter_id} ${Number(r.n)}`)
  }
  expect(kept.map((k) => `${k.side} ${k.day} ${k.transporter_id} ${Number(k.n)}`).sort()).toEqual(real.sort())
}
