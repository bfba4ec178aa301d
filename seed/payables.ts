import type { Database } from '#db/database'
import { kolkataDay } from '~/utils/format'
import { lineValue } from '../app/features/orders/lines'
import { orderFacts } from '../app/features/payables/facts.server'
import { expectedTax } from '../app/features/payables/money'
import { issueSellerDebitNote, paySeller, recordBill, setSellerTerms } from '../app/features/payables/mutations.server'
import { demoEmail } from './demo-users'

// The seller side of money in the demo (docs/domain.md (issue 38)), through the real functions: the
// demo seller's bills on its delivered orders (approved as they match), one billed above the
// ordered cost waiting for review, a debit note, a payout paying one bill in full and one in part;
// the other sellers' delivered orders billed too, so the payables page has several sellers.

function ok<T>(result: { ok: true; value: T } | { ok: false; message: string }, what: string): T {
  if (!result.ok) throw new Error(`demo payables: ${what}: ${result.message}`)
  return result.value
}

export async function seedDemoPayables(db: Database): Promise<void> {
  const finance = {
    userId: (
      await db.selectFrom('users').select('id').where('email', '=', demoEmail('biz_fin')).executeTakeFirstOrThrow()
    ).id,
  }
  const today = kolkataDay()
  const delivered = await db
    .selectFrom('seller_orders')
    .select(['id', 'code', 'seller_id'])
    .where('status', '=', 'delivered')
    .orderBy('seller_id')
    .orderBy('id')
    .execute()
  const bySeller = new Map<number, typeof delivered>()
  for (const o of delivered) bySeller.set(o.seller_id, [...(bySeller.get(o.seller_id) ?? []), o])
  const bill = async (sellerOrderId: number, n: number, dearer = 0) => {
    const facts = (await orderFacts(db, sellerOrderId))!
    const lines = Object.fromEntries(
      facts.lines.map((l) => {
        const rateMinor = l.costMinor + dearer
        const taxMinor = expectedTax(
          lineValue(l.orderedMilli, rateMinor),
          l.gstRateBp,
          facts.supply,
          facts.seller.registered,
        )
        return [l.subOrderId, { quantityMilli: l.orderedMilli, rateMinor, taxMinor }]
      }),
    )
    return ok(
      await recordBill(
        db,
        finance,
        { sellerOrderId, number: `SI/26-27/${String(n).padStart(4, '0')}`, billOn: today, lines },
        `demo-bill-${sellerOrderId}`,
      ),
      'record a bill',
    )
  }
  let n = 100
  const demoSeller = Math.min(...bySeller.keys())
  // The demo seller was bought from before the platform recorded its bills: ₹49.9 lakh this
  // financial year, so its bills here cross section 194Q's ₹50 lakh and carry TDS.
  ok(await setSellerTerms(db, finance, demoSeller, { days: 30, openingMinor: 49_90_000_00 }), 'set the terms')
  for (const [sellerId, orders] of bySeller) {
    const first = sellerId === demoSeller
    const billed = []
    for (const o of orders.slice(0, first ? 4 : 2)) billed.push(await bill(o.id, ++n))
    if (!first) continue
    // One billed above the ordered cost: it waits for a person.
    const dear = orders[4]
    if (dear) await bill(dear.id, ++n, 500)
    const [a, b, c] = billed
    if (c) {
      const line = await db
        .selectFrom('seller_bill_lines')
        .select(['id'])
        .where('bill_id', '=', c.id)
        .orderBy('line_no')
        .executeTakeFirstOrThrow()
      ok(
        await issueSellerDebitNote(
          db,
          finance,
          c.id,
          { lines: { [line.id]: 1000 }, reason: 'One unit rejected in QC after billing (shade)' },
          'demo-pdn-1',
        ),
        'issue a debit note',
      )
    }
    if (a && b) {
      const open = async (id: number) => {
        const row = await db
          .selectFrom('seller_bills')
          .select(['total_minor', 'paid_minor', 'debited_minor', 'tds_minor'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
        return Number(row.total_minor) - Number(row.paid_minor) - Number(row.debited_minor) - Number(row.tds_minor)
      }
      ok(
        await paySeller(
          db,
          finance,
          sellerId,
          {
            paidOn: today,
            utr: 'HDFCN26331000123',
            amounts: { [a.id]: await open(a.id), [b.id]: Math.floor((await open(b.id)) / 2) },
          },
          'demo-payout-1',
        ),
        'pay the seller',
      )
    }
  }
}
