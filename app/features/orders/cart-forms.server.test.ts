import type { Viewer } from '~/auth/session.server'
import { getDb } from '~/db.server'
import { makeBuyerSku, makeProductSku, makeSellerSku } from '../../../tests/support/catalogue'
import { makeBuyer, makeSeller } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { orderPlaced } from '~/lifecycle/master-orders.server'
import { handleCartForm } from './cart-forms.server'
import { cartView } from './cart.server'

let viewer: Viewer
let buyerId: number
let otherBuyerId: number
let sellerId: number

const inAYear = () => `${new Date().getUTCFullYear() + 1}-03-01`

beforeAll(async () => {
  const userId = await userIdOf('internal@example.com')
  viewer = {
    userId,
    email: 'internal@example.com',
    name: 'Internal',
    phone: null,
    roles: ['internal'],
    company: null,
    sessionIdHash: 'x',
  }
  buyerId = await makeBuyer({ name: 'Cart Form Apparel', status: 'active' }, [
    { kind: 'shipping', city: 'Surat', isDefault: true },
    { kind: 'billing', city: 'Surat', isDefault: true },
  ])
  otherBuyerId = await makeBuyer({ name: 'Another Buyer', status: 'active' })
  sellerId = await makeSeller({ name: 'Cart Form Mills', status: 'active' })
})

function form(fields: Record<string, string>) {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.append(name, value)
  return body
}

/** A buyer SKU of the buyer with a code, MOQ 100, and a live offer. */
async function item(buyerCode: string, forBuyer = buyerId) {
  const productSkuId = await makeProductSku({ categoryId: 1 })
  const buyerSkuId = await makeBuyerSku({
    buyerId: forBuyer,
    productSkuId,
    buyerCode,
    priceMinor: 10_000,
    moqMilli: 100_000,
  })
  const offerId = await makeSellerSku({ sellerId, productSkuId, status: 'live' })
  return { buyerSkuId, offerId }
}

const errorsOf = (outcome: Awaited<ReturnType<typeof handleCartForm>>) =>
  outcome.status === 'invalid' ? outcome.reply.error : undefined

describe('the cart page’s forms', () => {
  it('adds a buyer SKU typed by its code, filled in with the MOQ and the cheapest live offer; a part of a code offers the matches', async () => {
    const db = getDb()
    const { offerId } = await item('CF-100')
    await item('CF-101')
    await item('CF-100X', otherBuyerId)

    const vague = await handleCartForm(db, viewer, buyerId, form({ intent: 'add', buyerSku: 'CF' }), orderPlaced)
    expect(errorsOf(vague)?.buyerSku?.[0]).toMatch(/Several buyer SKUs match/)
    // Only this buyer's SKUs are offered.
    expect(
      vague.status === 'invalid' &&
        (vague.reply as { choices?: Record<string, { label: string }[]> }).choices?.buyerSku.map((c) => c.label),
    ).toEqual(['CF-100', 'CF-101'])

    const added = await handleCartForm(db, viewer, buyerId, form({ intent: 'add', buyerSku: 'cf-100' }), orderPlaced)
    expect(added).toMatchObject({ status: 'done', toast: { kind: 'success' } })
    const view = await cartView(db, viewer.userId, buyerId)
    expect(view?.lines.map((l) => [l.buyerCode, l.quantity, l.requiredBy, l.sellerSkuId])).toEqual([
      ['CF-100', '100', '', offerId],
    ])
    expect(view?.lines[0].errors).toEqual({ requiredBy: 'Enter the date it is needed by' })

    // Another buyer's SKU, named by its id, is not this buyer's.
    const other = await db
      .selectFrom('buyer_skus')
      .select('id')
      .where('buyer_code', '=', 'CF-100X')
      .executeTakeFirstOrThrow()
    expect(
      errorsOf(
        await handleCartForm(db, viewer, buyerId, form({ intent: 'add', buyerSku: `#${other.id}` }), orderPlaced),
      )?.buyerSku?.[0],
    ).toMatch(/There is no buyer SKU/)
  })

  it('saves every line as typed; a seller not offered for the item is refused at its line and nothing is saved', async () => {
    const db = getDb()
    const view = await cartView(db, viewer.userId, buyerId)
    const line = view!.lines[0]
    const foreign = await makeSellerSku({
      sellerId,
      productSkuId: await makeProductSku({ categoryId: 1 }),
      status: 'live',
    })
    const refused = await handleCartForm(
      db,
      viewer,
      buyerId,
      form({
        intent: 'save',
        shipTo: String(view!.cart!.shipTo),
        billTo: String(view!.cart!.billTo),
        [`line.${line.id}.quantity`]: '250',
        [`line.${line.id}.seller`]: String(foreign),
      }),
      orderPlaced,
    )
    expect(errorsOf(refused)).toMatchObject({
      [`line.${line.id}.seller`]: ['Choose one of the sellers offered for this item'],
    })
    expect((await cartView(db, viewer.userId, buyerId))!.lines[0].quantity).toBe('100')

    const saved = await handleCartForm(
      db,
      viewer,
      buyerId,
      form({
        intent: 'save',
        shipTo: String(view!.cart!.shipTo),
        billTo: '',
        [`line.${line.id}.quantity`]: '2 5 0',
        [`line.${line.id}.requiredBy`]: inAYear(),
        [`line.${line.id}.seller`]: String(line.sellerSkuId),
      }),
      orderPlaced,
    )
    expect(saved).toMatchObject({ status: 'done', toast: { message: 'The cart is saved.' } })
    const after = await cartView(db, viewer.userId, buyerId)
    expect(after?.cart?.billTo).toBeNull()
    expect(after?.lines[0]).toMatchObject({ quantity: '2 5 0', requiredBy: inAYear(), errors: {} })
  })

  it('refuses to place without a bill-to address, saying so at the field, and keeps the cart', async () => {
    const db = getDb()
    const view = await cartView(db, viewer.userId, buyerId)
    const line = view!.lines[0]
    const outcome = await handleCartForm(
      db,
      viewer,
      buyerId,
      form({
        intent: 'place',
        idempotencyKey: 'cart-form-1',
        shipTo: String(view!.cart!.shipTo),
        billTo: '',
        [`line.${line.id}.quantity`]: '250',
        [`line.${line.id}.requiredBy`]: inAYear(),
        [`line.${line.id}.seller`]: String(line.sellerSkuId),
      }),
      orderPlaced,
    )
    expect(errorsOf(outcome)?.billTo?.[0]).toMatch(/bill/i)
    expect(errorsOf(outcome)?.['']?.[0]).toMatch(/The order is not placed/)
    expect((await cartView(db, viewer.userId, buyerId))!.lines[0].quantity).toBe('250')
  })

  it('removes a line after saving the others, and places the order once for one key', async () => {
    const db = getDb()
    await handleCartForm(db, viewer, buyerId, form({ intent: 'add', buyerSku: 'CF-101' }), orderPlaced)
    const view = await cartView(db, viewer.userId, buyerId)
    const [keep, drop] = view!.lines
    const address = {
      shipTo: String(view!.cart!.shipTo),
      billTo: String(view!.addresses.find((a) => a.kind === 'billing')!.id),
    }
    const typed = {
      [`line.${keep.id}.quantity`]: '300',
      [`line.${keep.id}.requiredBy`]: inAYear(),
      [`line.${keep.id}.seller`]: String(keep.sellerSkuId),
      [`line.${drop.id}.quantity`]: '1',
    }
    expect(
      await handleCartForm(
        db,
        viewer,
        buyerId,
        form({ intent: `remove:${drop.id}`, ...address, ...typed }),
        orderPlaced,
      ),
    ).toMatchObject({ status: 'done' })
    expect((await cartView(db, viewer.userId, buyerId))!.lines.map((l) => [l.id, l.quantity])).toEqual([
      [keep.id, '300'],
    ])

    const body = {
      intent: 'place',
      idempotencyKey: 'cart-form-2',
      ...address,
      [`line.${keep.id}.quantity`]: '300',
      [`line.${keep.id}.requiredBy`]: inAYear(),
      [`line.${keep.id}.seller`]: String(keep.sellerSkuId),
    }
    const placed = await handleCartForm(db, viewer, buyerId, form(body), orderPlaced)
    expect(placed).toMatchObject({
      status: 'done',
      redirectTo: expect.stringMatching(/^\/redirect\/master_orders\/\d+$/),
      toast: { kind: 'success' },
    })
    const again = await handleCartForm(db, viewer, buyerId, form(body), orderPlaced)
    expect(again).toMatchObject({
      status: 'done',
      redirectTo: placed.status === 'done' ? placed.redirectTo : '',
      toast: { kind: 'info' },
    })
    const orders = await db
      .selectFrom('master_orders')
      .select(['id', 'value_minor', 'line_count'])
      .where('buyer_id', '=', buyerId)
      .execute()
    expect(orders).toEqual([expect.objectContaining({ value_minor: 3_000_000, line_count: 1 })])
    // The retry made no cart again.
    expect(
      await db
        .selectFrom('order_carts')
        .select('id')
        .where('buyer_id', '=', buyerId)
        .where('user_id', '=', viewer.userId)
        .executeTakeFirst(),
    ).toBeUndefined()
  })

  it('answers not found for a buyer that does not exist and refuses an unknown intent', async () => {
    const db = getDb()
    expect(await handleCartForm(db, viewer, 999_999, form({ intent: 'save' }), orderPlaced)).toEqual({
      status: 'not-found',
    })
    expect(
      errorsOf(await handleCartForm(db, viewer, buyerId, form({ intent: 'explode' }), orderPlaced))?.intent,
    ).toBeDefined()
  })
})
