// Issue 52: every e-way bill file of the demo's year is one the portal takes. Each booking whose
// goods need an e-way bill gets its file (…/eway_bill.json), and each pickup day its bulk file
// (eway_bills.json?day=), and each is validated against NIC's bulk-generation format as kept in
// app/features/logistics/nic (README.md there: sources) and against NIC's rules a schema cannot say
// (tests/support/ewb-schema.ts). On the demo data every test file starts from; SQLite here,
// PostgreSQL in npm test's second pass.
import { getDb } from '~/db.server'
import { consignments } from '~/features/logistics/eway-bill.server'
import { bookingEwayJson, dayEwayJson } from '~/features/logistics/pages.server'
import { kolkataDay } from '~/utils/format'
import { ewbBulkErrors, ewbRuleErrors } from './support/ewb-schema'

type Entry = Record<string, unknown> & { itemList: Record<string, unknown>[] }
type File = { version: string; billLists: Entry[] }

describe('the e-way bill files of the demo’s year', () => {
  it('each booking’s file and each day’s bulk file pass NIC’s format and rules', async () => {
    const db = getDb()
    const bookings = await db
      .selectFrom('transport_bookings')
      .select(['id', 'request_id', 'pickup_on', 'pickup_at', 'picked_up_at', 'status'])
      .where('status', '!=', 'cancelled')
      .orderBy('id')
      .execute()
    const found = await consignments(
      db,
      bookings.map((b) => b.id),
    )
    const needing = bookings.filter((b) => found.get(b.id)?.needed)
    // The demo's year moves a few hundred consignments worth more than ₹50,000.
    expect(needing.length).toBeGreaterThan(50)
    const kinds = new Set<string>()
    const problems: string[] = []
    for (const b of needing) {
      const response = await bookingEwayJson(db, String(b.request_id), String(b.id))
      const file = (await response!.json()) as File
      expect(file.billLists).toHaveLength(1)
      const entry = file.billLists[0]!
      kinds.add(`${String(entry.supplyType)}${String(entry.subSupplyType)}${String(entry.docType)}`)
      problems.push(...ewbBulkErrors(file).map((e) => `${String(entry.docNo)}: ${e}`))
      problems.push(...ewbRuleErrors(entry, kolkataDay(b.picked_up_at ?? b.pickup_at)))
    }
    expect(problems.slice(0, 20)).toEqual([])
    // Outward supplies and inward purchases are both exercised.
    expect([...kinds].some((k) => k.startsWith('O'))).toBe(true)
    expect([...kinds].some((k) => k.startsWith('I'))).toBe(true)

    const days = [...new Set(needing.map((b) => b.pickup_on))]
    let entries = 0
    for (const day of days) {
      const file = (await (await dayEwayJson(db, new URL(`http://x/?day=${day}`))).json()) as File
      const onDay = needing.filter((b) => b.pickup_on === day)
      expect(file.billLists.map((e) => e.docNo).length, day).toBe(onDay.length)
      problems.push(...ewbBulkErrors(file).map((e) => `${day}: ${e}`))
      file.billLists.forEach((entry, n) => {
        const b = onDay[n]!
        problems.push(...ewbRuleErrors(entry, kolkataDay(found.get(b.id)!.pickedUpAt ?? b.pickup_at)))
      })
      entries += file.billLists.length
    }
    expect(problems.slice(0, 20)).toEqual([])
    expect(entries).toBe(needing.length)
  })

  it('the kept schema refuses what the portal refuses', () => {
    const entry = {
      userGstin: '27AABCS1429B1ZU',
      supplyType: 'I',
      subSupplyType: 8,
      subSupplyDesc: 'Purchase from the seller',
      docType: 'CHL',
      docNo: 'TB-2026-000123',
      docDate: '01/04/2026',
      fromGstin: '33AAAAA0000A1Z5',
      fromPincode: 641604,
      fromStateCode: 33,
      actualFromStateCode: 33,
      toGstin: '27AABCS1429B1ZU',
      toPincode: 400001,
      toStateCode: 27,
      actualToStateCode: 27,
      transactionType: 1,
      totInvValue: 59000,
      transDistance: 1200,
      itemList: [{ hsnCode: 5205, taxableAmount: 50000 }],
    }
    const errors = ewbBulkErrors({ version: '1.0.0421', billLists: [entry] })
    // The two faults of the files before issue 52: the API's name for the transaction type, and a
    // sub-supply description over NIC's 20 characters.
    expect(errors.join('\n')).toMatch(/must NOT have additional properties/)
    expect(errors.join('\n')).toMatch(/subSupplyDesc must NOT have more than 20 characters/)
    expect(errors.join('\n')).toMatch(/must have required property 'transType'/)
    const { transactionType: _, ...fixed } = entry
    expect(
      ewbBulkErrors({
        version: '1.0.0421',
        billLists: [{ ...fixed, transType: 1, subSupplyDesc: 'Purchase from seller' }],
      }),
    ).toEqual([])
  })
})
