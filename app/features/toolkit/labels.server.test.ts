import { getDb } from '~/db.server'
import { makeBuyer, makeCompanyUser, makeSeller } from '../../../tests/support/companies'
import { dataUrlBytes, decodeBarcode, readPdf } from '../../../tests/support/barcodes'
import { userIdOf, viewerFor } from '../../../tests/support/db'
import { placeTestOrder } from '../../../tests/support/orders'
import { labelsPage, labelsPdf, priceLabelsPage, priceLabelsPdfResponse } from './pages.server'
import { readBuyerCodes } from './price-labels.server'
import { readCodes } from './labels.server'

const db = () => getDb()
let order: { code: string; sellerId: number }
let otherOrder: { code: string }
let sellerEmail: string
let buyerId: number
const url = (path: string, params: Record<string, string>) =>
  new URL(`http://localhost${path}?${new URLSearchParams(params)}`)
const status = (run: () => Promise<unknown>) =>
  run().then(
    () => 200,
    (error: Response) => error.status,
  )

beforeAll(async () => {
  const staffId = await userIdOf('internal@example.com')
  buyerId = await makeBuyer({ name: 'Label Buyer Traders', status: 'active' }, [
    { kind: 'shipping', city: 'Pune', isDefault: true },
    { kind: 'billing', city: 'Pune', isDefault: true },
  ])
  const sellerId = await makeSeller({ name: 'Label Mills', status: 'active', contact_phone: '9811111111' })
  const otherSeller = await makeSeller({ name: 'Other Label Mills', status: 'active' })
  for (const id of [sellerId, otherSeller])
    await db()
      .insertInto('addresses')
      .values({
        seller_id: id,
        kind: 'pickup',
        line1: 'Plot 7, MIDC',
        city: 'Bhiwandi',
        state: 'Maharashtra',
        pin: '421302',
        is_default: 1,
      })
      .execute()
  const placed = await placeTestOrder({ userId: staffId, buyerId, sellerIds: [sellerId, otherSeller], key: 'labels-1' })
  order = { code: placed.sellerOrders[0]!.code, sellerId }
  otherOrder = { code: placed.sellerOrders[1]!.code }
  sellerEmail = 'labels.seller@example.com'
  await makeCompanyUser('seller', sellerId, sellerEmail)
})

describe('shipping labels', () => {
  it('reads codes typed any way, each once', () => {
    expect(readCodes('so-2026-000001, SO-2026-000001\nTR-2026-000009 ;  smp-2026-000003  <script>')).toEqual([
      'SO-2026-000001',
      'TR-2026-000009',
      'SMP-2026-000003',
    ])
  })

  it('staff get a label per package with the addresses, and the barcodes read back as the order', async () => {
    const page = await labelsPage(
      db(),
      await viewerFor('internal'),
      url('/toolkit/labels', { codes: `${order.code}\nSO-1999-000000`, packages: '3' }),
    )
    expect(page.problems).toEqual(['No order or transport request you may label has the code SO-1999-000000.'])
    expect(page.labels.map((l) => `${l.orderCode} ${l.n}/${l.packages}`)).toEqual(
      [1, 2, 3].map((n) => `${order.code} ${n}/3`),
    )
    expect(page.labels[0]!.from.join(' ')).toContain('Label Mills')
    expect(page.labels[0]!.to.join(' ')).toContain('Platform warehouse')
    expect(await decodeBarcode(dataUrlBytes(page.labels[1]!.code128), 'code128')).toBe(order.code)
    expect(await decodeBarcode(dataUrlBytes(page.labels[1]!.qr), 'qrcode')).toBe(`${order.code} 2/3`)
    expect(page.pdfHref).toBe(
      `/toolkit/labels.pdf?${new URLSearchParams({ codes: `${order.code}\nSO-1999-000000`, format: 'roll', packages: '3' })}`,
    )
  })

  it('the PDF has a page per label on the roll and four to an A4 page, with the text and barcodes that read back', async () => {
    const viewer = await viewerFor('internal')
    const roll = await labelsPdf(
      db(),
      viewer,
      url('/toolkit/labels.pdf', { codes: order.code, packages: '3', format: 'roll' }),
    )
    expect(roll.headers.get('Content-Type')).toBe('application/pdf')
    const read = await readPdf(Buffer.from(await roll.arrayBuffer()))
    expect(read.total).toBe(3)
    expect(read.pages[2]!.text).toContain(order.code)
    expect(read.pages[2]!.text).toContain('Package 3 of 3')
    expect(read.pages[2]!.text).toContain('Label Mills')
    const [bars, qr] = read.pages[2]!.images
    expect(await decodeBarcode(bars!, 'code128')).toBe(order.code)
    expect(await decodeBarcode(qr!, 'qrcode')).toBe(`${order.code} 3/3`)
    const a4 = await readPdf(
      Buffer.from(
        await (
          await labelsPdf(
            db(),
            viewer,
            url('/toolkit/labels.pdf', { codes: `${order.code},${otherOrder.code}`, packages: '3', format: 'a4' }),
          )
        ).arrayBuffer(),
      ),
    )
    expect(a4.total).toBe(2)
    expect(a4.pages[0]!.images).toHaveLength(8)
    expect(a4.pages[1]!.text).toContain(otherOrder.code)
  })

  it('a seller labels only its own orders, and never sees the buyer’s address', async () => {
    const seller = await viewerFor(sellerEmail)
    const page = await labelsPage(db(), seller, url('/toolkit/labels', { codes: `${order.code} ${otherOrder.code}` }))
    expect(page.labels.map((l) => l.orderCode)).toEqual([order.code])
    expect(page.problems).toEqual([`No order or transport request you may label has the code ${otherOrder.code}.`])
    expect(JSON.stringify(page)).not.toContain('Label Buyer Traders')
    const buyer = await labelsPage(db(), await viewerFor('buyer'), url('/toolkit/labels', { codes: order.code }))
    expect(buyer.labels).toEqual([])
    const buyerViewer = await viewerFor('buyer')
    expect(await status(() => labelsPdf(db(), buyerViewer, url('/toolkit/labels.pdf', { codes: order.code })))).toBe(
      404,
    )
  })

  it('a transport request’s label says its packages and weight', async () => {
    const request = await db()
      .selectFrom('transport_requests')
      .select(['code', 'order_code', 'packages'])
      .where('status', '!=', 'cancelled')
      .orderBy('id')
      .executeTakeFirst()
    if (!request) return expect.fail('the demo data has transport requests')
    const page = await labelsPage(
      db(),
      await viewerFor('internal'),
      url('/toolkit/labels', { codes: request.code, packages: '9' }),
    )
    expect(page.labels).toHaveLength(request.packages)
    expect(page.labels[0]).toMatchObject({
      orderCode: request.order_code,
      requestCode: request.code,
      weight: expect.stringMatching(/ kg$/),
    })
  })
})

describe('price labels', () => {
  let sku: { code: string; name: string }
  beforeAll(async () => {
    const row = await db()
      .selectFrom('buyer_skus')
      .innerJoin('product_skus', 'product_skus.id', 'buyer_skus.product_sku_id')
      .select(['buyer_skus.buyer_code', 'product_skus.name'])
      .where('buyer_skus.buyer_id', '=', buyerId)
      .orderBy('buyer_skus.id')
      .executeTakeFirstOrThrow()
    sku = { code: row.buyer_code, name: row.name }
  })

  it('reads codes keeping their case', () => {
    expect(readBuyerCodes(' bc-1 \nBC-2, bc-1')).toEqual(['bc-1', 'BC-2'])
  })

  it('staff choose the buyer; labels show the price in force and a barcode of the code', async () => {
    const staff = await viewerFor('internal')
    const ambiguous = await priceLabelsPage(
      db(),
      staff,
      url('/toolkit/price-label-generator', { buyer: 'Label', codes: sku.code }),
    )
    expect(ambiguous.buyer).toBeNull()
    expect(ambiguous.buyerProblem).toBe('Is it this buyer? Choose it below')
    expect(ambiguous.choices.map((c) => c.value)).toEqual([`#${buyerId}`])
    const page = await priceLabelsPage(
      db(),
      staff,
      url('/toolkit/price-label-generator', { buyer: `#${buyerId}`, codes: `${sku.code}\nNOPE-1`, copies: '2' }),
    )
    expect(page.labels.map((l) => [l.buyerCode, l.name, l.price])).toEqual([
      [sku.code, sku.name, '₹500.00'],
      [sku.code, sku.name, '₹500.00'],
    ])
    expect(page.missing).toEqual(['NOPE-1'])
    expect(await decodeBarcode(dataUrlBytes(page.labels[0]!.code128), 'code128')).toBe(sku.code)
  })

  it('the A4 sheet holds 24 labels a page; the roll one a page', async () => {
    const staff = await viewerFor('internal')
    const sheet = await readPdf(
      Buffer.from(
        await (
          await priceLabelsPdfResponse(
            db(),
            staff,
            url('/toolkit/price-label-generator.pdf', {
              buyer: `#${buyerId}`,
              codes: sku.code,
              copies: '24',
              size: 'sheet',
            }),
          )
        ).arrayBuffer(),
      ),
    )
    expect(sheet.total).toBe(1)
    expect(sheet.pages[0]!.images).toHaveLength(24)
    expect(sheet.pages[0]!.text).toContain('500.00')
    expect(await decodeBarcode(sheet.pages[0]!.images[23]!, 'code128')).toBe(sku.code)
    const roll = await readPdf(
      Buffer.from(
        await (
          await priceLabelsPdfResponse(
            db(),
            staff,
            url('/toolkit/price-label-generator.pdf', {
              buyer: `#${buyerId}`,
              codes: sku.code,
              copies: '3',
              size: 'roll',
            }),
          )
        ).arrayBuffer(),
      ),
    )
    expect(roll.total).toBe(3)
  })

  it('a buyer prints only its own; a seller has none', async () => {
    const buyerUser = 'labels.buyer@example.com'
    await makeCompanyUser('buyer', buyerId, buyerUser)
    const own = await priceLabelsPage(
      db(),
      await viewerFor(buyerUser),
      url('/toolkit/price-label-generator', { buyer: '#1', codes: sku.code }),
    )
    expect(own.mode).toBe('own')
    expect(own.buyer?.id).toBe(buyerId)
    expect(own.labels).toHaveLength(1)
    const seller = await priceLabelsPage(
      db(),
      await viewerFor(sellerEmail),
      url('/toolkit/price-label-generator', { buyer: `#${buyerId}`, codes: sku.code }),
    )
    expect(seller).toMatchObject({ mode: 'none', labels: [] })
    const sellerViewer = await viewerFor(sellerEmail)
    expect(
      await status(() =>
        priceLabelsPdfResponse(
          db(),
          sellerViewer,
          url('/toolkit/price-label-generator.pdf', { buyer: `#${buyerId}`, codes: sku.code }),
        ),
      ),
    ).toBe(404)
  })
})
