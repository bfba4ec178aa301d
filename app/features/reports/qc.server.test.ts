import { getDb } from '~/db.server'
import { kolkataDay } from '~/utils/format'
import { parseCsv } from '../../../tests/support/csv'
import { addDays } from './period'
import { qcCsv, qcPage } from './pages.server'
import { rebuildQcFacts } from './qc-facts.server'

const db = () => getDb()
const rows = async () =>
  [
    ...(await db().selectFrom('qc_day_facts').selectAll().execute()).map((r) =>
      JSON.stringify(Object.values(r).map(String)),
    ),
    ...(await db().selectFrom('qc_condition_facts').selectAll().execute()).map((r) =>
      JSON.stringify(Object.values(r).map(String)),
    ),
  ].sort()

describe('the QC report', () => {
  it('its kept rows equal the rows rebuilt from the decided inspections', async () => {
    const kept = await rows()
    expect(kept.length).toBeGreaterThan(0)
    await rebuildQcFacts(db(), 3)
    expect(await rows()).toEqual(kept)
  })

  it('its figures equal a direct count of the decided lots, results and partly accepted inspections', async () => {
    const to = kolkataDay()
    const from = addDays(to, -1000)
    const page = await qcPage(db(), new URL(`http://localhost/reports/qc?from=${from}&to=${to}&group=seller`))
    const lots = await db()
      .selectFrom('qc_inspection_lines as l')
      .innerJoin('qc_inspections as i', 'i.id', 'l.inspection_id')
      .select(['i.status', 'l.accepted_milli', 'l.rejected_milli'])
      .where('i.status', 'in', ['approved', 'partly_approved', 'rejected'])
      .execute()
    const passed = lots.filter(
      (l) => l.status === 'approved' || (l.status === 'partly_approved' && Number(l.rejected_milli) === 0),
    ).length
    const failed = lots.filter(
      (l) => l.status === 'rejected' || (l.status === 'partly_approved' && Number(l.accepted_milli) === 0),
    ).length
    expect(page.report.totals).toMatchObject({
      lots: lots.length,
      passed,
      failed,
      partly: lots.length - passed - failed,
    })
    const decided = await db()
      .selectFrom('qc_inspections')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', ['approved', 'partly_approved', 'rejected'])
      .executeTakeFirstOrThrow()
    expect(page.report.totals.inspections).toBe(Number(decided.n))
    expect(page.report.rows.reduce((n, r) => n + r.lots, 0)).toBe(lots.length)
    const fails = await db()
      .selectFrom('qc_inspection_results as r')
      .innerJoin('qc_inspections as i', 'i.id', 'r.inspection_id')
      .select(['r.name', (eb) => eb.fn.countAll<number>().as('n')])
      .where('i.status', 'in', ['approved', 'partly_approved', 'rejected'])
      .where('r.verdict', '=', 'fail')
      .groupBy('r.name')
      .execute()
    for (const c of page.report.conditions.filter((c) => c.fails > 0))
      expect(c.fails).toBe(Number(fails.find((f) => f.name === c.condition)?.n))
    const partly = await db()
      .selectFrom('qc_inspections')
      .select('code')
      .where('status', '=', 'partly_approved')
      .execute()
    expect(page.report.partly.map((p) => p.code).sort()).toEqual(
      partly
        .map((p) => p.code)
        .sort()
        .slice(0, 10),
    )
    const csv = parseCsv(
      await (await qcCsv(db(), new URL(`http://localhost/reports/qc.csv?from=${from}&to=${to}&group=category`))).text(),
    )
    expect(csv.at(-1)).toMatchObject({ Group: 'Total', Lots: String(lots.length) })
  })
})
