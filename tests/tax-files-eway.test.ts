// Issue 52: every e-way bill file of the demo's year is one the portal takes. Each booking whose
// goods need an e-way bill gets its file (…/eway_bill.json), and each pickup day its bulk file
// (eway_bills.json?day=), and each is validated against NIC's bulk-generation format as kept in
// app/features/logistics/nic (README.md there: sources) and against NIC's rules a schema cannot say
// (tests/support/ewb-schema.ts). On the demo data every test file starts from; SQLite here,
// PostgreSQL in npm test's second pass.
import { getDb } from '~/db.server'
import { consignments } from '~/features/logistics/eway-bill.server'
import { bookingEwayJson, dayEwayJson } from '~/features/logistics/pages.server'
import { listRegistrations } from '~/features/settlements/registrations.server'
import { kolkataDay } from '~/utils/format'
import { gstStateCode } from '~/utils/gst-states'
import { ewbBulkErrors, ewbRuleErrors } from './support/ewb-schema'

type Entry = Record<string, unknown> & { itemList: Record<string, unknown>[] }
type File = { version: string; billLists: Entry[] }

const TN = '33AABCS1429B1Z1'
const paise = (rupees: number) => Math.round(rupees * 100)

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

    // A day's bulk file per registration (issue 52: ?gstin=, the home one by default): each holds the
    // day's consignments under that registration, and together they hold every one.
    const days = [...new Set(needing.map((b) => b.pickup_on))]
    const registrations = (await listRegistrations(db)).map((r) => r.gstin)
    expect(registrations).toEqual(['27AABCS1429B1ZU', TN])
    let entries = 0
    const daysOf = new Map(registrations.map((g) => [g, 0]))
    for (const day of days) {
      for (const gstin of registrations) {
        const query = gstin === registrations[0] ? `day=${day}` : `day=${day}&gstin=${gstin}`
        const file = (await (await dayEwayJson(db, new URL(`http://x/?${query}`))).json()) as File
        const onDay = needing.filter((b) => b.pickup_on === day && found.get(b.id)!.userGstin === gstin)
        expect(file.billLists.length, `${day} ${gstin}`).toBe(onDay.length)
        // (A registration with nothing that day has no file to upload: NIC's format wants one bill at least.)
        if (onDay.length) problems.push(...ewbBulkErrors(file).map((e) => `${day} ${gstin}: ${e}`))
        file.billLists.forEach((entry, n) => {
          const b = onDay[n]!
          expect(entry.userGstin).toBe(gstin)
          problems.push(...ewbRuleErrors(entry, kolkataDay(found.get(b.id)!.pickedUpAt ?? b.pickup_at)))
        })
        entries += file.billLists.length
        if (file.billLists.length) daysOf.set(gstin, daysOf.get(gstin)! + 1)
      }
    }
    expect(problems.slice(0, 20)).toEqual([])
    expect(entries).toBe(needing.length)
    // The Tamil Nadu registration has days of its own (the demo's yarn through the Tiruppur warehouse).
    expect(daysOf.get(TN)).toBeGreaterThanOrEqual(5)
  })

  it('the Tamil Nadu registration’s day files (?gstin=33…): goods into and out of the Tiruppur warehouse, tied to the database', async () => {
    const db = getDb()
    // The demo's moves under 33…: the first miles into the Tiruppur warehouse and the last miles out of it.
    const moves = await db
      .selectFrom('transport_bookings as b')
      .innerJoin('transport_requests as r', 'r.id', 'b.request_id')
      .innerJoin('buyer_invoices as i', 'i.seller_order_id', 'r.seller_order_id')
      .select(['b.id', 'b.pickup_on', 'r.transport_type', 'r.from_json', 'r.to_json', 'i.number', 'i.total_minor'])
      .select(['i.cgst_minor', 'i.sgst_minor', 'i.igst_minor', 'i.place_of_supply'])
      .where('i.number', 'like', 'INVTN/%')
      .where('b.status', '!=', 'cancelled')
      .where('b.eway_bill_at', 'is not', null)
      .orderBy('b.id')
      .execute()
    const city = (json: string) => (JSON.parse(json) as { city: string }).city
    const inward = moves.filter((m) => m.transport_type === 'first_mile')
    const outward = moves.filter((m) => m.transport_type === 'last_mile')
    expect(inward.length).toBeGreaterThanOrEqual(5)
    expect(outward.length).toBe(inward.length)
    for (const m of inward) expect(city(m.to_json)).toBe('Tiruppur')
    for (const m of outward) expect(city(m.from_json)).toBe('Tiruppur')
    const kinds = new Set<string>()
    for (const m of moves) {
      const file = (await (await dayEwayJson(db, new URL(`http://x/?day=${m.pickup_on}&gstin=${TN}`))).json()) as File
      expect(ewbBulkErrors(file)).toEqual([])
      if (m.transport_type === 'first_mile') {
        // Inward, on the mill's invoice to the platform: to 33… at the warehouse in Tamil Nadu.
        const entry = file.billLists.find((e) => e.supplyType === 'I' && e.toGstin === TN)!
        expect(entry, `${m.pickup_on} first mile`).toBeDefined()
        expect([entry.docType, entry.toStateCode, entry.actualToStateCode, entry.toPincode]).toEqual([
          'INV',
          33,
          33,
          641607,
        ])
        kinds.add('inward')
      } else {
        // Outward, on the buyer's invoice under 33…: its number, value and taxes.
        const entry = file.billLists.find((e) => e.docNo === m.number)!
        expect(entry, `${m.pickup_on} ${m.number}`).toBeDefined()
        expect([entry.supplyType, entry.docType, entry.fromGstin, entry.fromStateCode, entry.fromPincode]).toEqual([
          'O',
          'INV',
          TN,
          33,
          641607,
        ])
        const intra = m.place_of_supply === 'Tamil Nadu'
        expect(entry.toStateCode).toBe(intra ? 33 : Number(gstStateCode(m.place_of_supply!)))
        expect(paise(entry.totInvValue as number)).toBe(Number(m.total_minor))
        expect([entry.cgstValue, entry.sgstValue, entry.igstValue].map((v) => paise(v as number))).toEqual(
          [m.cgst_minor, m.sgst_minor, m.igst_minor].map(Number),
        )
        kinds.add(intra ? 'intra' : 'inter')
      }
      // The home registration's file of the day has none of them.
      const home = (await (await dayEwayJson(db, new URL(`http://x/?day=${m.pickup_on}`))).json()) as File
      for (const e of home.billLists) expect(e.userGstin).not.toBe(TN)
      expect(home.billLists.map((e) => e.docNo)).not.toContain(m.number)
    }
    expect([...kinds].sort()).toEqual(['inter', 'intra', 'inward'])
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
