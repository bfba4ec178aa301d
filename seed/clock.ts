import type { Database } from '#db/database'
import { addDays } from '../app/features/settlements/money'
import { kolkataDay } from '../app/utils/format'

// The demo's past, dated as it happened (docs/domain.md "Demo data"). The demo is made through the
// functions the pages call, and they stamp "now" on every row they write (audit entries, the
// orders' own times, bookings, e-mails, inbox). Each stretch of the seed that stands for work done in
// the past runs inside `during(from, to, …)`: afterwards `apply` moves every timestamp written in
// that stretch, in every table, into [from, to], keeping their order (the first at `from`, the
// others spread evenly after it), so a July order's approval, production, booking and e-mails read
// July, wherever they are shown. A flow of several steps takes them through `steps`, each step a
// stretch of one moment, so that what one step writes reads one time. Timestamps the seed gives explicitly (a pickup, an invoice's date)
// are in the past already, outside every stretch, and stay as they are.

interface Stretch {
  /** When the seed ran it: ISO timestamps, inclusive. */
  ranFrom: string
  ranTo: string
  /** When it stands for. */
  from: Date
  to: Date
}

const tick = async () => {
  // Stretches must not share a millisecond with each other.
  const start = Date.now()
  while (Date.now() === start) await new Promise((resolve) => setTimeout(resolve, 1))
}

export function seedClock() {
  const stretches: Stretch[] = []
  // Every stretch is before the seed started (a minute before, at the latest), so that what is moved
  // is never mistaken for what is still to move.
  const latest = Date.now() - 60_000
  const past = (date: Date) => new Date(Math.min(date.getTime(), latest))
  return {
    /** Runs `work`, which the demo means to have happened from `from` to `to` (times to come are taken as now). */
    async during<T>(from: Date, to: Date, work: () => Promise<T>): Promise<T> {
      if (to.getTime() < from.getTime()) throw new Error('seed clock: a stretch ends before it starts')
      await tick()
      const ranFrom = new Date().toISOString()
      const result = await work()
      const ranTo = new Date().toISOString()
      await tick()
      stretches.push({ ranFrom, ranTo, from: past(from), to: past(to) })
      return result
    },
    /** Runs `work`, which the demo means to have happened at one moment. */
    at<T>(moment: Date, work: () => Promise<T>): Promise<T> {
      return this.during(moment, moment, work)
    },
    /**
     * Steps taken one after another from `from`, `gapMs` apart (never past `to`): each step runs as
     * a stretch of its own moment, so what one step writes (an order's placing, its history entry,
     * its e-mails) reads one time, as one transaction does.
     */
    steps(from: Date, to: Date, gapMs: number) {
      let k = 0
      return <T>(work: () => Promise<T>): Promise<T> => {
        return this.at(new Date(Math.min(from.getTime() + gapMs * k++, to.getTime())), work)
      }
    },
    /** Moves what each stretch wrote to when it stands for: every `at` and `…_at` column of every table. */
    async apply(db: Database): Promise<{ columns: number; values: number }> {
      if (!stretches.length) return { columns: 0, values: 0 }
      const earliest = stretches.reduce((min, s) => (s.ranFrom < min ? s.ranFrom : min), stretches[0]!.ranFrom)
      const columns = (await db.introspection.getTables())
        .filter((t) => !t.isView)
        .flatMap((t) =>
          t.columns
            .filter((c) => c.name === 'at' || c.name.endsWith('_at'))
            .map((c) => ({ table: t.name, column: c.name })),
        )
      // Every value the stretches wrote, column by column.
      const found: { table: string; column: string; values: string[] }[] = []
      for (const { table, column } of columns) {
        const rows = await db
          .selectFrom(table as 'users')
          .select((eb) => eb.ref(column as 'created_at').as('v'))
          .distinct()
          .where(column as 'created_at', '>=', earliest)
          .execute()
        const values = rows.map((r) => String(r.v))
        if (values.length) found.push({ table, column, values })
      }
      // Each stretch's own values, in order, mapped evenly onto its time.
      const moved = new Map<string, string>()
      for (const s of stretches) {
        const own = [...new Set(found.flatMap((f) => f.values.filter((v) => v >= s.ranFrom && v <= s.ranTo)))].sort()
        const span = s.to.getTime() - s.from.getTime()
        own.forEach((v, i) =>
          moved.set(v, new Date(s.from.getTime() + (own.length > 1 ? (span * i) / (own.length - 1) : 0)).toISOString()),
        )
      }
      let count = 0
      for (const { table, column, values } of found) {
        for (const v of values) {
          const to = moved.get(v)
          if (!to) continue
          await db
            .updateTable(table as 'users')
            .set({ [column]: to } as never)
            .where(column as 'created_at', '=', v)
            .execute()
          count++
        }
      }
      return { columns: found.length, values: count }
    },
  }
}

export type SeedClock = ReturnType<typeof seedClock>

/** An hour of a day in the platform's time zone (Asia/Kolkata), some days from today. */
export const dayAt = (offset: number, hour = 11) =>
  new Date(Date.parse(`${addDays(kolkataDay(), offset)}T${String(hour).padStart(2, '0')}:00:00+05:30`))
