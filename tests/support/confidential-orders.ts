import { parseWithZod } from '@conform-to/zod/v4'
import type { Viewer } from '~/auth/session.server'
import { getDb } from '~/db.server'
import { addCartLine, saveCart } from '~/features/orders/cart.server'
import { agreeToCounterOffer } from '~/features/orders/counter-offer.server'
import {
  acceptCounterOffer,
  moveRejectedLines,
  recordCounterOffer,
  takeSellerOrderStep,
} from '~/lifecycle/seller-orders.server'
import { placeCart } from '~/lifecycle/master-orders.server'
import type { SellerOrderStepName } from '~/features/orders/states'
import { decideInspection } from '~/lifecycle/inspections.server'
import { inspectionAction, operatorInspection } from '~/features/qc/field.server'
import { scheduleInspection } from '~/features/qc/schedule.server'
import { createBooking } from '~/features/logistics/bookings.server'
import { takeBookingStep } from '~/lifecycle/shipments.server'
import { createRequest } from '~/features/logistics/requests.server'
import { addressChoices, linkedOrderByCode } from '~/features/logistics/linked-orders.server'
import { issueCreditNote, recordPayment } from '~/lifecycle/settlements.server'
import { createUser } from '~/features/users/mutations.server'
import { createUserSchema } from '~/features/users/schema'
import { kolkataDay } from '~/utils/format'
import type { TransportType } from '#db/types'
import { makeBuyerSku, makeProductSku, makeSellerSku } from './catalogue'
import { makeBuyer } from './companies'
import { userIdOf } from './db'
import { formOf, inAYear, passStages, stagesAfter, stagesBefore } from './orders'

// Orders of one buyer taken through every state by the real feature functions, with distinctive
// values (prices, costs, codes, names) so that finding one of them where it must not be is surely a
// leak (tests/confidentiality-markers.test.ts). The buyer is new (its payments allocate to its own
// invoices only); its sellers are the demo's: Tiruppur Knit Works (seller@example.com) makes one
// line, Ludhiana Yarn Spinners rejects the other, which moves to Surat Silk Mills.

type Result<T = unknown> = { ok: true; value: T } | { ok: false; message: string }
function must<T>(result: Result<T>, what: string): T {
  if (!result.ok) throw new Error(`${what}: ${result.message}`)
  return result.value
}

export const DRIVEN = {
  buyer: 'Marigold Couture House',
  buyerUser: { name: 'Meenakshi Raghunathan', email: 'meenakshi.raghunathan@marigold-couture.example' },
  /** Buyer prices per unit (paise) and buyer codes, by line. */
  lines: [
    { buyerCode: 'MCH-POPLIN-7391', priceMinor: 739_137, sellerCode: 'TKW-POP-4213', costMinor: 386_214 },
    { buyerCode: 'MCH-TWILL-6284', priceMinor: 628_473, sellerCode: 'LYS-TWL-3517', costMinor: 351_746 },
  ],
  /** Surat's offer for the second line, which takes it after Ludhiana rejects it. */
  takerCode: 'SSM-TWL-3694',
  takerCostMinor: 369_428,
  counterCost: '4,213.59',
  rejectReason: 'Looms booked solid until the Pongal holidays',
  qcReason: 'Selvedge frayed on three metres',
  creditReason: 'Goodwill for late pickup',
  creditMinor: 1_234_567,
  paymentReference: 'UTR-MARIGOLD-88231',
  /**
   * Order 3 (issue 51): Tiruppur's line is needed by `ownNeededBy`, Ludhiana's (its sibling seller
   * order, left in QC while Tiruppur's is delivered) by `siblingNeededBy`, a day no other line of the
   * data set is needed by; the master order's needed-by is the sibling's and its status "in QC".
   */
  ownNeededBy: () => `${new Date().getUTCFullYear() + 1}-04-23`,
  siblingNeededBy: () => `${new Date().getUTCFullYear() + 1}-02-17`,
}

/** A user of a company, made through the users feature (invited, as an admin makes one). */
export async function companyUserThroughUsersFeature(
  kind: 'buyer' | 'seller',
  companyId: number,
  name: string,
  email: string,
): Promise<number> {
  const admin = { userId: await userIdOf('admin@example.com'), name: 'Admin' }
  const form = formOf({
    intent: 'create',
    name,
    email,
    roles: kind,
    company: `#${companyId}`,
    companyAdmin: 'on',
    access: 'invite',
  })
  const submission = parseWithZod(form, { schema: createUserSchema })
  if (submission.status !== 'success') throw new Error(`user form: ${JSON.stringify(submission.error)}`)
  const created = await createUser(getDb(), admin, submission.value, 'http://localhost:3000')
  if (!created.ok) throw new Error(`user ${email}: ${JSON.stringify(created)}`)
  return created.value.userId
}

const sellerId = async (name: string) =>
  (await getDb().selectFrom('sellers').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id
const ahead = (days: number) => kolkataDay(new Date(Date.now() + days * 86_400_000))

/** Places an order through the cart as the KAM's colleague does: one line per item given, `quantity` of each. */
async function place(
  staff: { userId: number },
  buyerId: number,
  items: { buyerSkuId: number; sellerSkuId: number; quantity: string; requiredBy?: string }[],
  key: string,
) {
  const db = getDb()
  const lines: { id: number; sellerSkuId: number; quantity: string; requiredBy: string }[] = []
  for (const item of items)
    lines.push({
      id: must(await addCartLine(db, staff, buyerId, item.buyerSkuId), 'cart line').lineId,
      sellerSkuId: item.sellerSkuId,
      quantity: item.quantity,
      requiredBy: item.requiredBy ?? inAYear(),
    })
  const cart = await db
    .selectFrom('order_carts')
    .select(['ship_to_address_id', 'bill_to_address_id'])
    .where('user_id', '=', staff.userId)
    .where('buyer_id', '=', buyerId)
    .executeTakeFirstOrThrow()
  must(
    await saveCart(db, staff, buyerId, {
      shipTo: cart.ship_to_address_id,
      billTo: cart.bill_to_address_id,
      lines: lines.map((l) => ({
        id: l.id,
        quantity: l.quantity,
        requiredBy: l.requiredBy,
        sellerSkuId: l.sellerSkuId,
      })),
    }),
    'cart',
  )
  const placed = must(await placeCart(db, staff, buyerId, key), 'place')
  const sellerOrders = await db
    .selectFrom('seller_orders')
    .select(['id', 'code', 'seller_id'])
    .where('master_order_id', '=', placed.id)
    .orderBy('id')
    .execute()
  return { id: placed.id, code: placed.code, sellerOrders }
}

async function steps(actor: { userId: number }, sellerOrderId: number, names: SellerOrderStepName[], reason = '') {
  for (const name of names) {
    await stagesBefore(sellerOrderId, name)
    must(await takeSellerOrderStep(getDb(), actor, sellerOrderId, name, reason), `step ${name}`)
    await stagesAfter(sellerOrderId, name)
  }
}

/** The field operator's inspection of a seller order: scheduled, every value filled, quantities as given, submitted. */
export async function inspect(staff: { userId: number }, sellerOrderId: number, accepted: string, rejected: string) {
  const db = getDb()
  const operatorId = await userIdOf('field_operator@example.com')
  const operator: Viewer = {
    userId: operatorId,
    email: 'field_operator@example.com',
    name: 'Field',
    phone: null,
    roles: ['field_operator'],
    company: null,
    sessionIdHash: 'x',
  }
  let inspectionId = 0
  for (let day = 40; !inspectionId; day++) {
    const done = await scheduleInspection(db, staff, sellerOrderId, { day: ahead(day), slot: '11:00', operatorId })
    if (done.ok) inspectionId = done.value.id
    else if (day > 80) throw new Error(`schedule: ${done.message}`)
  }
  const inspection = (await operatorInspection(db, operator, inspectionId))!
  const fields: Record<string, string> = {
    intent: 'review',
    key: '',
    notes: 'Checked at the mill',
    owner: inspection.ownerToken,
  }
  for (const line of inspection.lines) {
    for (const c of line.conditions)
      fields[`value.${line.id}.${c.id}`] = c.lab
        ? (c.max_value ?? c.min_value ?? '')
        : c.name.startsWith('Weight')
          ? (c.min_value ?? '120')
          : c.name.startsWith('Usable')
            ? '58'
            : 'twill'
    // Fabric is inspected by 4 points (issue 39): one clean roll.
    if (line.setup?.method === 'four_point') {
      fields[`roll.${line.id}.0.length`] = '50'
      fields[`roll.${line.id}.0.width`] = '147'
    }
    fields[`line.${line.id}.accepted`] = accepted
    fields[`line.${line.id}.rejected`] = rejected
  }
  const reviewed = await inspectionAction(db, operator, String(inspectionId), formOf(fields))
  if (reviewed?.status !== 'done') throw new Error(`inspection review: ${JSON.stringify(reviewed)}`)
  const key = (await operatorInspection(db, operator, inspectionId))!.draftKey!
  const submitted = await inspectionAction(
    db,
    operator,
    String(inspectionId),
    formOf({ intent: 'submit', key, owner: inspection.ownerToken }),
  )
  if (submitted?.status !== 'done') throw new Error(`inspection submit: ${JSON.stringify(submitted)}`)
  return { inspectionId, lines: inspection.lines.map((l) => l.id) }
}

/** Moves a seller order by the logistics team: a request of the type, booked, picked up, delivered. */
export async function move(staff: { userId: number }, type: TransportType, sellerOrderCode: string, lr: string) {
  const db = getDb()
  const order = (await linkedOrderByCode(db, sellerOrderCode))!
  const choices = await addressChoices(db, type, order)
  const request = must(
    await createRequest(
      db,
      staff,
      type,
      sellerOrderCode,
      {
        fromAddressId: choices.from[0]!.id,
        toAddressId: choices.to[0]!.id,
        pickupOn: ahead(1),
        weight: 48_250,
        packages: 3,
        notes: '',
      },
      undefined,
    ),
    `${type} request`,
  )
  const booking = must(
    await createBooking(
      db,
      staff,
      request.id,
      {
        transporter: 'Safexpress Logistics',
        vehicleNumber: 'TN39AB4821',
        driverPhone: '9876543210',
        lrNumber: lr,
        pickupAt: new Date(Date.now() + 86_400_000).toISOString(),
        expectedDeliveryAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        freight: 1_987_600,
      },
      undefined,
    ),
    `${type} booking`,
  )
  must(await takeBookingStep(db, staff, request.id, booking.id, 'pick_up'), 'pick up')
  must(await takeBookingStep(db, staff, request.id, booking.id, 'deliver'), 'deliver')
  return request
}

export interface Driven {
  buyerId: number
  buyerUserId: number
  masterOrderIds: number[]
  sellerIds: { maker: number; rejecter: number; taker: number }
  invoiceIds: number[]
}

/**
 * The driven orders. Order 1: Tiruppur's seller order has a counter-offer (9 instead of 10, a new
 * cost) accepted, is made, inspected and partly accepted (6 accepted, 3 cancelled), moved by first
 * and last mile (dispatched, delivered, invoiced) and paid in full; Ludhiana's is rejected and its
 * line moved to Surat, which makes, dispatches and delivers it (invoiced), and the invoice gets a
 * credit note. Order 2: placed, waiting for approval. Order 3: Tiruppur's seller order delivered,
 * Ludhiana's (needed earlier) ready for QC, so the order is "in QC". `withBuyer` runs once the buyer is made, before
 * any order (a webhook subscription of its own, say).
 */
export async function driveOrders(options: { withBuyer?: (buyerId: number) => Promise<void> } = {}): Promise<Driven> {
  const db = getDb()
  const staff = { userId: await userIdOf('internal@example.com') }
  const maker = await sellerId('Tiruppur Knit Works')
  const rejecter = await sellerId('Ludhiana Yarn Spinners')
  const taker = await sellerId('Surat Silk Mills')
  const makerUser = { userId: await userIdOf('seller@example.com') }

  const buyerId = await makeBuyer(
    {
      name: DRIVEN.buyer,
      legal_name: `${DRIVEN.buyer} LLP`,
      gstin: '33AAMCM7391K1Z5',
      status: 'active',
      payment_terms_days: 30,
      credit_limit_minor: 500_000_000,
    },
    [
      { kind: 'shipping', city: 'Coimbatore', isDefault: true },
      { kind: 'billing', city: 'Coimbatore', isDefault: true },
    ],
  )
  await options.withBuyer?.(buyerId)
  const buyerUserId = await companyUserThroughUsersFeature(
    'buyer',
    buyerId,
    DRIVEN.buyerUser.name,
    DRIVEN.buyerUser.email,
  )

  // The items: category 1 (with QC conditions), the buyer's SKU at its price, each seller's live offer at its cost.
  const [first, second] = DRIVEN.lines
  const items = []
  for (const [line, seller] of [
    [first!, maker],
    [second!, rejecter],
  ] as const) {
    const productSkuId = await makeProductSku({ categoryId: 1, moqMilli: 1_000 })
    const buyerSkuId = await makeBuyerSku({
      buyerId,
      productSkuId,
      buyerCode: line.buyerCode,
      priceMinor: line.priceMinor,
      moqMilli: 1_000,
    })
    const sellerSkuId = await makeSellerSku({
      sellerId: seller,
      productSkuId,
      status: 'live',
      sellerCode: line.sellerCode,
    })
    await db
      .updateTable('seller_skus')
      .set({ cost_minor: line.costMinor, moq_milli: 1_000 })
      .where('id', '=', sellerSkuId)
      .execute()
    items.push({ productSkuId, buyerSkuId, sellerSkuId })
  }
  const takerSku = await makeSellerSku({
    sellerId: taker,
    productSkuId: items[1]!.productSkuId,
    status: 'live',
    sellerCode: DRIVEN.takerCode,
  })
  await db
    .updateTable('seller_skus')
    .set({ cost_minor: DRIVEN.takerCostMinor, moq_milli: 1_000 })
    .where('id', '=', takerSku)
    .execute()

  const order = await place(
    staff,
    buyerId,
    items.map((i) => ({ ...i, quantity: '10' })),
    'confidential-markers-1',
  )
  const made = order.sellerOrders.find((s) => s.seller_id === maker)!
  const rejected = order.sellerOrders.find((s) => s.seller_id === rejecter)!

  // Tiruppur counters (9 at a higher cost, ready later); staff accept it.
  const [line] = await db.selectFrom('sub_orders').select('id').where('seller_order_id', '=', made.id).execute()
  must(
    await recordCounterOffer(db, staff, made.id, [
      { subOrderId: line!.id, quantity: '9', readyBy: inAYear(), cost: DRIVEN.counterCost },
    ]),
    'counter-offer',
  )
  // Fewer than ordered: the buyer's agreement (an admin records it), then someone other than who recorded it accepts.
  const accepter = { userId: await userIdOf('admin@example.com') }
  must(await agreeToCounterOffer(db, accepter, made.id), 'buyer agrees')
  must(await acceptCounterOffer(db, accepter, made.id), 'accept counter-offer')
  await steps(makerUser, made.id, ['start_production', 'ready_for_qc'])
  const inspection = await inspect(staff, made.id, '9', '')
  must(
    await decideInspection(db, staff, inspection.inspectionId, {
      decision: 'accept_part',
      reason: DRIVEN.qcReason,
      disposition: 'cancel',
      lines: Object.fromEntries(inspection.lines.map((id) => [String(id), { accepted: '6', rejected: '3' }])),
    }),
    'QC part',
  )
  await passStages(made.id, 'last')
  await move(staff, 'first_mile', made.code, 'LR-TKW-58213')
  await move(staff, 'last_mile', made.code, 'LR-MCH-58214')

  // Ludhiana rejects; its line moves to Surat, which makes it; staff move it by the steps.
  await steps(staff, rejected.id, ['reject'], DRIVEN.rejectReason)
  const moved = must(await moveRejectedLines(db, staff, rejected.id, taker), 'move lines')
  const status = (
    await db.selectFrom('seller_orders').select('status').where('id', '=', moved.id).executeTakeFirstOrThrow()
  ).status
  if (status === 'pending_approval') await steps(staff, moved.id, ['approve'])
  await steps(staff, moved.id, ['start_production', 'ready_for_qc', 'qc_pass', 'dispatch', 'deliver'])

  // Money: the first invoice paid in full, the second credited in part.
  const invoices = await db
    .selectFrom('buyer_invoices')
    .select(['id', 'total_minor', 'seller_order_id'])
    .where('buyer_id', '=', buyerId)
    .orderBy('id')
    .execute()
  if (invoices.length !== 2) throw new Error(`expected 2 invoices, found ${invoices.length}`)
  const paid = invoices.find((i) => i.seller_order_id === made.id)!
  const credited = invoices.find((i) => i.seller_order_id === moved.id)!
  must(
    await recordPayment(
      db,
      staff,
      buyerId,
      {
        receivedOn: kolkataDay(),
        amountMinor: Number(paid.total_minor),
        mode: 'neft',
        reference: DRIVEN.paymentReference,
      },
      undefined,
    ),
    'payment',
  )
  must(
    await issueCreditNote(
      db,
      staff,
      buyerId,
      { invoiceId: credited.id, amountMinor: DRIVEN.creditMinor, reason: DRIVEN.creditReason },
      undefined,
    ),
    'credit note',
  )

  // Order 2: placed, waiting for approval at Tiruppur.
  const waiting = await place(staff, buyerId, [{ ...items[0]!, quantity: '4' }], 'confidential-markers-2')

  // Order 3: Tiruppur's seller order delivered while Ludhiana's, needed earlier, waits in QC.
  const split = await place(
    staff,
    buyerId,
    [
      { ...items[0]!, quantity: '5', requiredBy: DRIVEN.ownNeededBy() },
      { ...items[1]!, quantity: '5', requiredBy: DRIVEN.siblingNeededBy() },
    ],
    'confidential-markers-3',
  )
  for (const s of split.sellerOrders) {
    const { status: now } = await db
      .selectFrom('seller_orders')
      .select('status')
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow()
    if (now === 'pending_approval') await steps(staff, s.id, ['approve'])
    await steps(
      staff,
      s.id,
      s.seller_id === maker
        ? ['start_production', 'ready_for_qc', 'qc_pass', 'dispatch', 'deliver']
        : ['start_production', 'ready_for_qc'],
    )
  }

  return {
    buyerId,
    buyerUserId,
    masterOrderIds: [order.id, waiting.id, split.id],
    sellerIds: { maker, rejecter, taker },
    invoiceIds: invoices.map((i) => i.id),
  }
}
