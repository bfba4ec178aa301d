import { getDb } from '~/db.server'
import { kolkataDay } from '~/utils/format'
import { parseCsv } from '../../../tests/support/csv'
import { addDays } from './period'
import { qcCsv, qcPage } from './pages.server'
import { pareto } from './qc-quality.server'

// The QC report's quality figures (issue 39): what the inspectors found is set up directly on the
// demo's inspections (the phone form writes it for real), each figure checked against it.

const db = () => getDb()
const to = kolkataDay()
const from = addDays(to, -30)
const page = (query = '') => qcPage(db(), new URL(`http://localhost/reports/qc?from=${from}&to=${to}${query}`))

let inspections: { id: number; seller_id: number; sub_order_id: number; category_id: number }[]

beforeAll(async () => {
  for (const table of ['qc_roll_defects', 'qc_rolls', 'qc_defect_counts', 'qc_supplier_states'] as const)
    await db().deleteFrom(table).execute()
  // Four inspections with a line each, decided: three in the period, one long before it.
  inspections = await db()
    .selectFrom('qc_inspections as i')
    .innerJoin('qc_inspection_lines as l', 'l.inspection_id', 'i.id')
    .innerJoin('sub_orders as s', 's.id', 'l.sub_order_id')
    .select(['i.id', 'i.seller_id', 'l.sub_order_id', 's.category_id'])
    .where('l.line_no', '=', 1)
    .orderBy('i.id')
    .limit(4)
    .execute()
  expect(inspections).toHaveLength(4)
  const now = new Date().toISOString()
  for (const [n, i] of inspections.entries())
    await db()
      .updateTable('qc_inspections')
      .set({ status: 'approved', decided_at: n === 2 ? '2020-01-01T06:00:00.000Z' : now })
      .where('id', '=', i.id)
      .execute()
  // The second inspection another seller's, so the seller filter has something to leave out.
  const other = await db()
    .selectFrom('sellers')
    .select('id')
    .where(
      'id',
      'not in',
      inspections.map((i) => i.seller_id),
    )
    .orderBy('id')
    .executeTakeFirstOrThrow()
  await db().updateTable('qc_inspections').set({ seller_id: other.id }).where('id', '=', inspections[1]!.id).execute()
  inspections[1]!.seller_id = other.id
  const [a, b, c, d] = inspections as [
    (typeof inspections)[0],
    (typeof inspections)[0],
    (typeof inspections)[0],
    (typeof inspections)[0],
  ]
  const count = (i: typeof a, name: string, severity: 'critical' | 'major' | 'minor', n: number) =>
    db()
      .insertInto('qc_defect_counts')
      .values({ inspection_id: i.id, sub_order_id: i.sub_order_id, defect_type_id: null, name, severity, count: n })
      .execute()
  await count(a, 'Open seam', 'major', 5)
  await count(a, 'Stain', 'minor', 2)
  await count(b, 'Open seam', 'major', 3)
  await count(b, 'Broken needle', 'critical', 1)
  await count(c, 'Stain', 'minor', 100) // decided in 2020: outside the period
  // Fabric: two rolls of 50 m by 145 cm, 12 and 40 points; the second over the limit, with two slubs.
  for (const [n, points] of [12, 40].entries()) {
    const roll = await db()
      .insertInto('qc_rolls')
      .values({
        inspection_id: d.id,
        sub_order_id: d.sub_order_id,
        roll_no: n + 1,
        shade: 'A',
        length_mm: 50_000,
        width_mm: 1_450,
        points,
        points_per_100: 0,
        accepted: n === 1 ? 0 : 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    if (n === 1)
      for (const at of [1_000, 9_000])
        await db()
          .insertInto('qc_roll_defects')
          .values({ roll_id: roll.id, defect_type_id: null, name: 'Slub', length_mm: 100, at_mm: at, points: 1 })
          .execute()
  }
  await db()
    .insertInto('qc_supplier_states')
    .values([
      {
        seller_id: a.seller_id,
        category_id: a.category_id,
        state: 'normal',
        score: 6,
        reason: 'Starts on normal',
        lots_json: '[]',
        lots: 3,
      },
      {
        seller_id: b.seller_id,
        category_id: b.category_id,
        state: 'tightened',
        score: 0,
        reason: 'Tightened after lot 5 (clause 9.3.1)',
        lots_json: '[]',
        lots: 5,
      },
    ])
    .onConflict((oc) => oc.columns(['seller_id', 'category_id']).doNothing())
    .execute()
})

describe('the QC report’s quality figures', () => {
  it('a Pareto sorts most first and runs the share to 100 %', () => {
    const rows = pareto([
      { severity: 'minor', name: 'Stain', count: 2 },
      { severity: 'major', name: 'Open seam', count: 8 },
      { severity: 'minor', name: 'Slub', count: 2 },
      { severity: 'critical', name: 'Broken needle', count: 1 },
      { severity: 'minor', name: 'Nothing', count: 0 },
    ])
    expect(rows.map((r) => [r.name, r.count, r.cumulative.toFixed(1)])).toEqual([
      ['Open seam', 8, '61.5'],
      ['Slub', 2, '76.9'],
      ['Stain', 2, '92.3'],
      ['Broken needle', 1, '100.0'],
    ])
  })

  it('defects by class and type of the lots decided in the period, with a roll’s defects; the seller filter narrows them', async () => {
    const { quality } = await page()
    expect(
      quality.defects.map((d) => [d.severity, d.name, d.count, d.share.toFixed(1), d.cumulative.toFixed(1)]),
    ).toEqual([
      ['major', 'Open seam', 8, '61.5', '61.5'],
      ['minor', 'Slub', 2, '15.4', '76.9'],
      ['minor', 'Stain', 2, '15.4', '92.3'],
      ['critical', 'Broken needle', 1, '7.7', '100.0'],
    ])
    // A period reaching back to 2020 takes the old inspection's stains too.
    const all = await qcPage(db(), new URL(`http://localhost/reports/qc?from=2019-12-01&to=2020-01-31`))
    expect(all.quality.defects.map((d) => [d.name, d.count])).toEqual([['Stain', 100]])
    // The second seller's: its own counts only.
    const mine = await page(`&seller=${inspections[1]!.seller_id}`)
    expect(mine.quality.defects.map((d) => [d.name, d.count])).toEqual([
      ['Open seam', 3],
      ['Broken needle', 1],
    ])
    expect(mine.quality.switching.map((s) => s.state)).toEqual(['tightened'])
  })

  it('fabric points per 100 sq yd by seller over all its rolls, the rolls over the limit; each seller’s switching state, tightened first', async () => {
    const { quality } = await page()
    const d = inspections[3]!
    // 52 points over 2 × 50 m × 1.45 m: 52 × 83,612,736 ÷ 145,000,000 mm².
    expect(quality.fabric).toEqual([
      expect.objectContaining({
        sellerId: d.seller_id,
        rolls: 2,
        over: 1,
        points: 52,
        pointsPer100: (52 * 83_612_736) / 145_000_000,
      }),
    ])
    expect(quality.fabric[0]!.pointsPer100.toFixed(2)).toBe('29.99')
    expect(quality.switching.map((s) => s.state)).toEqual(['tightened', 'normal'])
    expect(quality.switching[0]).toMatchObject({ lots: 5, reason: 'Tightened after lot 5 (clause 9.3.1)' })
    const csv = parseCsv(
      await (await qcCsv(db(), new URL(`http://localhost/reports/qc.csv?from=${from}&to=${to}&table=defects`))).text(),
    )
    expect(csv.map((r) => [r.Defect, r.Count, r['Cumulative %']])).toEqual([
      ['Open seam', '8', '61.5'],
      ['Slub', '2', '76.9'],
      ['Stain', '2', '92.3'],
      ['Broken needle', '1', '100.0'],
    ])
    const fabric = parseCsv(
      await (await qcCsv(db(), new URL(`http://localhost/reports/qc.csv?from=${from}&to=${to}&table=fabric`))).text(),
    )
    expect(fabric[0]).toMatchObject({ Rolls: '2', 'Rolls over the limit': '1', 'Points per 100 sq yd': '29.99' })
  })
})
