// The cart's one readiness rule (issue 51): what the page works out from the typed form, before it is
// saved, is what the server shows once it is saved (the cart's lines, messages, values and totals).
import type { Viewer } from '~/auth/session.server'
import { getDb } from '~/db.server'
import { orderPlaced } from '~/lifecycle/master-orders.server'
import { makeBuyerSku, makeProductSku, makeSellerSku } from '../../../tests/support/catalogue'
import { makeBuyer, makeSeller } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { handleCartForm } from './cart-forms.server'
import { cartTotals, checkCartLineTyped, type CartLineTyped } from './cart-rule'
import { cartView, platformToday } from './cart.server'

let viewer: Viewer
let buyerId: number

beforeAll(async () => {
  const userId = await userIdOf('internal@example.com')
  viewer = { userId, email: 'internal@example.com', roles: ['internal'] } as Viewer
  buyerId = await makeBuyer({ name: `Cart Rule Apparel ${Date.now()}`, status: 'active' }, [
    { kind: 'shipping', city: 'Surat', isDefault: true },
    { kind: 'billing', city: 'Surat', isDefault: true },
  ])
})

const dayAfter = (days: number) => {
  const at = new Date(`${platformToday()}T00:00:00Z`)
  at.setUTCDate(at.getUTCDate() + days)
  return at.toISOString().slice(0, 10)
}

describe('the cart’s readiness rule', () => {
  it('gives, for what is typed, the messages, values and totals the server gives once it is saved', async () => {
    const db = getDb()
    const sellers = [
      await makeSeller({ name: `Rule Mills A ${Date.now()}`, status: 'active' }),
      await makeSeller({ name: `Rule Mills B ${Date.now()}`, status: 'active' }),
    ]
    // Two items at different prices (₹100.00 and ₹37.35 a unit), MOQ 100, each offered live by both sellers.
    const items = []
    for (const priceMinor of [10_000, 3_735]) {
      const productSkuId = await makeProductSku({ categoryId: 1 })
      const buyerSkuId = await makeBuyerSku({ buyerId, productSkuId, priceMinor, moqMilli: 100_000 })
      for (const sellerId of sellers) await makeSellerSku({ sellerId, productSkuId, status: 'live' })
      items.push(buyerSkuId)
    }
    for (const id of items) {
      const code = (
        await db.selectFrom('buyer_skus').select('buyer_code').where('id', '=', id).executeTakeFirstOrThrow()
      ).buyer_code
      const added = await handleCartForm(db, viewer, buyerId, form({ intent: 'add', buyerSku: code }), orderPlaced)
      expect(added.status).toBe('done')
    }
    const before = (await cartView(db, viewer.userId, buyerId))!
    const [one, two] = before.lines
    expect(before.totals.readyLines).toBe(0)

    const cases: [CartLineTyped, CartLineTyped][] = [
      // Both lines ready: dates typed, the second with another seller and a quantity with a fraction.
      [
        { quantity: '100', requiredBy: dayAfter(60), sellerSkuId: one.sellerSkuId },
        { quantity: ' 250.5 ', requiredBy: dayAfter(90), sellerSkuId: two.offers[1].id },
      ],
      // Below the MOQ; a date that is not a date.
      [
        { quantity: '99.999', requiredBy: dayAfter(30), sellerSkuId: one.sellerSkuId },
        { quantity: '300', requiredBy: '2027-02-31', sellerSkuId: two.sellerSkuId },
      ],
      // Yesterday; no seller chosen; no quantity.
      [
        { quantity: '1,000', requiredBy: dayAfter(-1), sellerSkuId: one.offers[1].id },
        { quantity: '', requiredBy: dayAfter(10), sellerSkuId: null },
      ],
      // Today is allowed; a quantity in words is not.
      [
        { quantity: '120', requiredBy: dayAfter(0), sellerSkuId: one.sellerSkuId },
        { quantity: 'lots', requiredBy: '', sellerSkuId: two.sellerSkuId },
      ],
    ]
    for (const typed of cases) {
      // What the page works out from the form as typed, with what the page was given.
      const predicted = before.lines.map((line, i) =>
        checkCartLineTyped(line.facts, line.offers, typed[i], before.today),
      )
      const saved = await handleCartForm(
        db,
        viewer,
        buyerId,
        form({
          intent: 'save',
          shipTo: String(before.cart!.shipTo),
          billTo: String(before.cart!.billTo),
          ...Object.fromEntries(
            before.lines.flatMap((line, i) => [
              [`line.${line.id}.quantity`, typed[i].quantity],
              [`line.${line.id}.requiredBy`, typed[i].requiredBy],
              [`line.${line.id}.seller`, typed[i].sellerSkuId === null ? '' : String(typed[i].sellerSkuId)],
            ]),
          ),
        }),
        orderPlaced,
      )
      expect(saved.status).toBe('done')
      const after = (await cartView(db, viewer.userId, buyerId))!
      expect(after.lines.map((l) => ({ errors: l.errors, valueMinor: l.valueMinor, gstMinor: l.gstMinor }))).toEqual(
        predicted.map((p) => ({ errors: p.errors, valueMinor: p.valueMinor, gstMinor: p.gstMinor })),
      )
      expect(after.totals).toEqual(cartTotals(predicted))
    }
  })

  it('makes the first case ready in full: two of two lines, the value of each at its price, GST on it', () => {
    const facts = {
      buyerSkuActive: true,
      priceMinor: 3_735,
      moqMilli: 100_000,
      gstRateBp: 500,
      unit: 'm',
      savedOffer: { id: 7, live: true, sellerActive: true, sameProduct: true, costMinor: 3_000 },
    }
    const today = '2027-01-10'
    const lines = [
      checkCartLineTyped(facts, [], { quantity: '100', requiredBy: '2027-02-01', sellerSkuId: 7 }, today),
      checkCartLineTyped(
        facts,
        [{ id: 8, costMinor: 2_900 }],
        { quantity: '250.5', requiredBy: '2027-01-10', sellerSkuId: 8 },
        today,
      ),
    ]
    // 100 × ₹37.35 = ₹3,735.00; 250.5 × ₹37.35 = ₹9,356.175 → ₹9,356.18; GST 5 % of each, half up.
    expect(lines.map((l) => [l.errors, l.valueMinor, l.gstMinor])).toEqual([
      [{}, 373_500, 18_675],
      [{}, 935_618, 46_781],
    ])
    expect(cartTotals(lines)).toEqual({
      valueMinor: 1_309_118,
      gstMinor: 65_456,
      totalMinor: 1_374_574,
      readyLines: 2,
    })
    // An empty date is a message at the date, and the line drops out of the totals.
    const blank = checkCartLineTyped(facts, [], { quantity: '100', requiredBy: ' ', sellerSkuId: 7 }, today)
    expect(blank.errors).toEqual({ requiredBy: 'Enter the date it is needed by' })
    expect(cartTotals([lines[0], blank]).readyLines).toBe(1)
  })
})

function form(fields: Record<string, string>) {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.append(name, value)
  return body
}
