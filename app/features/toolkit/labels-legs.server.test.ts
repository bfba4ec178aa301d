import { getDb } from '~/db.server'
import { kolkataDay } from '~/utils/format'
import type { TransportType } from '#db/types'
import { takeSellerOrderStep } from '~/lifecycle/seller-orders.server'
import { makeBuyer, makeSeller } from '../../../tests/support/companies'
import { decodeBarcode, readPdf } from '../../../tests/support/barcodes'
import { userIdOf, viewerFor } from '../../../tests/support/db'
import { placeTestOrder, stagesAfter, stagesBefore } from '../../../tests/support/orders'
import { createBooking } from '../logistics/bookings.server'
import { addressChoices, linkedOrderByCode } from '../logistics/linked-orders.server'
import { createRequest } from '../logistics/requests.server'
import { labelsPdf } from './pages.server'

// Issue 51: a label per package with that package's own weight; a parcel bound for the buyer's dock
// carries the buyer's order code, its SKU codes, the LR and the transporter, and never the seller.

const db = () => getDb()
const url = (path: string, params: Record<string, string>) =>
  new URL(`http://localhost${path}?${new URLSearchParams(params)}`)
const ahead = (days: number) => kolkataDay(new Date(Date.now() + days * 86_400_000))
const SELLER = 'Parcel Secret Mills'
const SELLER_PHONE = '9833333333'
const SELLER_STREET = 'Unit 9, Secret Textile Park'
let staff: { userId: number }
let so: { id: number; code: string }
let masterCode: string
let buyerSkuCode: string
const requests: Partial<Record<TransportType, string>> = {}

async function move(type: TransportType, fromSeller: boolean, weights: number[], lr: string, transporter: string) {
  const order = (await linkedOrderByCode(db(), so.code))!
  const choices = await addressChoices(db(), type, order)
  const from = fromSeller ? choices.from.find((a) => a.label.startsWith(SELLER))! : choices.from[0]!
  const made = await createRequest(
    db(),
    staff,
    type,
    so.code,
    {
      fromAddressId: from.id,
      toAddressId: choices.to[0]!.id,
      pickupOn: ahead(1),
      weight: weights.reduce((a, b) => a + b, 0),
      packages: weights.length,
      packageWeights: weights,
    },
    undefined,
  )
  if (!made.ok) throw new Error(made.message)
  const booked = await createBooking(
    db(),
    staff,
    made.value.id,
    {
      transporter,
      vehicleNumber: 'MH12AB1234',
      driverPhone: '',
      lrNumber: lr,
      pickupAt: new Date(Date.now() + 86_400_000).toISOString(),
      expectedDeliveryAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      freight: 300_000,
    },
    undefined,
  )
  if (!booked.ok) throw new Error(booked.message)
  requests[type] = made.value.code
}

async function pdfOf(code: string) {
  const response = await labelsPdf(
    db(),
    await viewerFor('internal'),
    url('/toolkit/labels.pdf', { codes: code, format: 'roll' }),
  )
  return readPdf(Buffer.from(await response.arrayBuffer()))
}

beforeAll(async () => {
  staff = { userId: await userIdOf('internal@example.com') }
  const buyerId = await makeBuyer({ name: 'Dock Match Retail', status: 'active' }, [
    { kind: 'shipping', city: 'Pune', isDefault: true },
    { kind: 'billing', city: 'Pune', isDefault: true },
  ])
  const sellerId = await makeSeller({ name: SELLER, status: 'active', contact_phone: SELLER_PHONE })
  await db()
    .insertInto('addresses')
    .values({
      seller_id: sellerId,
      kind: 'pickup',
      line1: SELLER_STREET,
      city: 'Surat',
      state: 'Gujarat',
      pin: '394221',
      is_default: 1,
    })
    .execute()
  const placed = await placeTestOrder({ userId: staff.userId, buyerId, sellerIds: [sellerId], key: 'dock-1' })
  for (const step of ['approve', 'start_production', 'ready_for_qc', 'qc_pass'] as const) {
    await stagesBefore(placed.sellerOrderId, step)
    const done = await takeSellerOrderStep(db(), staff, placed.sellerOrderId, step)
    if (!done.ok) throw new Error(done.message)
    await stagesAfter(placed.sellerOrderId, step)
  }
  so = placed.sellerOrders[0]!
  masterCode = (
    await db().selectFrom('master_orders').select('code').where('id', '=', placed.id).executeTakeFirstOrThrow()
  ).code
  buyerSkuCode = 'BC-dock-1-1'
  // The first mile from the mill to the warehouse; a last mile straight from the mill to the buyer.
  await move('first_mile', true, [12_500, 10_000, 8_000], 'LR-FM-41', 'Gati Surface')
  await move('last_mile', true, [15_000, 15_500], 'LR-LM-77', 'Blue Dart')
})

describe('parcel labels', () => {
  it('print each package’s own weight, never the whole consignment’s on every label', async () => {
    const read = await pdfOf(requests.first_mile!)
    expect(read.total).toBe(3)
    expect(read.pages.map((p) => /Weight ([\d.]+) kg/.exec(p.text)?.[1])).toEqual(['12.5', '10', '8'])
    expect(read.pages[1]!.text).toContain('Package 2 of 3')
    expect(read.pages.some((p) => p.text.includes('30.5'))).toBe(false)
  })

  it('a first-mile parcel (mill to warehouse) carries the seller order code, the LR and the transporter', async () => {
    const read = await pdfOf(requests.first_mile!)
    const text = read.pages[0]!.text
    expect(text).toContain(so.code)
    expect(text).toContain('LR LR-FM-41')
    expect(text).toContain('Gati Surface')
    expect(await decodeBarcode(read.pages[0]!.images[0]!, 'code128')).toBe(so.code)
  })

  it('a buyer-bound parcel carries the buyer’s order and SKU codes, the LR and the transporter, never the seller', async () => {
    // By the request's code and by the seller order's (its latest move is the buyer's).
    for (const code of [requests.last_mile!, so.code]) {
      const read = await pdfOf(code)
      expect(read.total).toBe(2)
      for (const page of read.pages) {
        expect(page.text).toContain(`Your order ${masterCode}`)
        expect(page.text).toContain(buyerSkuCode)
        expect(page.text).toContain('LR LR-LM-77')
        expect(page.text).toContain('Blue Dart')
        expect(page.text).toContain('Sourcing Platform')
        for (const secret of [so.code, SELLER, SELLER_PHONE, SELLER_STREET]) expect(page.text).not.toContain(secret)
        const [bars, qr] = page.images
        expect(await decodeBarcode(bars!, 'code128')).toBe(masterCode)
        expect(await decodeBarcode(qr!, 'qrcode')).not.toContain(so.code)
      }
      expect(read.pages.map((p) => /Weight ([\d.]+) kg/.exec(p.text)?.[1])).toEqual(['15', '15.5'])
    }
  })
})
