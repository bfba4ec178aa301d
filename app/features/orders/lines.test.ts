import { checkLine, gstOf, lineValue, type LineFacts } from './lines'

const good: LineFacts = {
  quantity: '1,200.5',
  requiredBy: '2027-03-01',
  buyerSkuActive: true,
  priceMinor: 25_050,
  moqMilli: 500_000,
  offer: { live: true, sellerActive: true, sameProduct: true, costMinor: 20_000 },
  unit: 'm',
}

describe('line arithmetic', () => {
  it('multiplies thousandths by paise exactly and rounds half up to the paisa', () => {
    expect(lineValue(1_200_500, 25_050)).toBe(30_072_525) // 1,200.5 m × ₹250.50 = ₹3,00,725.25
    expect(lineValue(1, 500)).toBe(1) // 0.001 × ₹5.00 = 0.5 paise → 1
    expect(lineValue(1, 499)).toBe(0)
    // Far past 2^53 in the product, still exact.
    expect(lineValue(9_000_000_000_000, 900_000)).toBe(8_100_000_000_000_000)
  })
  it('takes GST at the category rate, rounded half up', () => {
    expect(gstOf(30_072_525, 500)).toBe(1_503_626) // 5 % of 300,725.25 = 15,036.2625 → 15,036.26
    expect(gstOf(10, 1200)).toBe(1) // 12 % of 10 paise = 1.2 → 1
    expect(gstOf(0, 1800)).toBe(0)
  })
})

describe('a cart line', () => {
  it('is good with a quantity at least the MOQ, a date from today, and a live offer', () => {
    expect(checkLine(good, '2027-02-01')).toEqual({ errors: {}, quantityMilli: 1_200_500, valueMinor: 30_072_525 })
  })
  it('says what is wrong at each field, keeping what can still be worked out', () => {
    expect(checkLine({ ...good, quantity: '100' }, '2027-02-01').errors).toEqual({
      quantity: 'Order at least the MOQ, 500 m',
    })
    expect(checkLine({ ...good, quantity: '12.3456' }, '2027-02-01').errors.quantity).toMatch(/like 500 or 12.5/)
    expect(checkLine({ ...good, quantity: '0' }, '2027-02-01').errors.quantity).toMatch(/like 500/)
    expect(checkLine({ ...good, quantity: ' ' }, '2027-02-01').errors.quantity).toBe('Enter the quantity')
    expect(checkLine({ ...good, requiredBy: '2027-02-30' }, '2027-02-01').errors.requiredBy).toMatch(/real date/)
    expect(checkLine({ ...good, requiredBy: '2027-01-31' }, '2027-02-01').errors.requiredBy).toBe(
      'Choose today or a later date',
    )
    expect(checkLine({ ...good, requiredBy: '2027-02-01' }, '2027-02-01').errors).toEqual({})
    expect(checkLine({ ...good, offer: null }, '2027-02-01').errors.seller).toBe('Choose a seller')
    expect(checkLine({ ...good, offer: { ...good.offer!, live: false } }, '2027-02-01').errors.seller).toMatch(
      /not live/,
    )
    expect(checkLine({ ...good, offer: { ...good.offer!, sameProduct: false } }, '2027-02-01').errors.seller).toMatch(
      /another product SKU/,
    )
    const archived = checkLine({ ...good, buyerSkuActive: false }, '2027-02-01')
    expect(archived.errors.item).toMatch(/archived/)
    expect(archived.valueMinor).toBe(30_072_525)
    expect(checkLine({ ...good, priceMinor: null }, '2027-02-01')).toMatchObject({
      errors: { item: expect.stringMatching(/no price/) },
      valueMinor: null,
    })
  })
})
