// The write side of orders (issue 12), against the server the orders benchmark started: placing
// five-line orders from the cart over HTTP (the server's SQLite with synchronous=FULL, or
// PostgreSQL) against the raw rate of the same writes (the cart saved and placed, the action's two
// transactions, called in this process on the same database) in the same run; then one cart's place form replayed 1,000 times, 50 at
// once, as a bad network would: one order, every answer leading to it.
import { atLeast } from './budgets'
import type { Database } from '#db/database'
import { addCartLine, saveCart } from '~/features/orders/cart.server'
import { placeCart } from '~/lifecycle/master-orders.server'

const fmt = (n: number) => n.toFixed(1)
const PLACED = 100
const REPLAYS = 1_000
const AT_ONCE = 50
const RATIO_BUDGET = 0.2
const LINES = 5

/** Five of the buyer's SKUs that a seller offers live, with that offer. */
async function orderable(db: Database, buyerId: number) {
  const items = await db
    .selectFrom('buyer_skus')
    .innerJoin('seller_skus as s', 's.product_sku_id', 'buyer_skus.product_sku_id')
    .innerJoin('buyer_sku_versions as v', (join) =>
      join.onRef('v.buyer_sku_id', '=', 'buyer_skus.id').onRef('v.number', '=', 'buyer_skus.current_version'),
    )
    .select(['buyer_skus.id', 's.id as offer', 'v.moq_milli'])
    .where('buyer_skus.buyer_id', '=', buyerId)
    .where('buyer_skus.status', '=', 'active')
    .where('s.status', '=', 'live')
    .orderBy('buyer_skus.id')
    .execute()
  const one = [...new Map(items.map((item) => [item.id, item])).values()].slice(0, LINES)
  if (one.length < LINES) throw new Error(`the buyer has ${one.length} SKUs offered live; the benchmark needs ${LINES}`)
  return one
}

/** Fills the user's cart for the buyer with the items (as the cart page's add form does); the place form's body for it. */
async function fillCart(
  db: Database,
  userId: number,
  buyerId: number,
  items: Awaited<ReturnType<typeof orderable>>,
  key: string,
) {
  const body = new URLSearchParams({ intent: 'place', idempotencyKey: key })
  const requiredBy = `${new Date().getUTCFullYear() + 1}-06-01`
  for (const item of items) {
    const added = await addCartLine(db, { userId }, buyerId, item.id)
    if (!added.ok) throw new Error(added.message)
    const units = Math.max(1, Math.ceil(Number(item.moq_milli ?? 1000) / 1000)) * 2
    body.set(`line.${added.value.lineId}.quantity`, String(units))
    body.set(`line.${added.value.lineId}.requiredBy`, requiredBy)
    body.set(`line.${added.value.lineId}.seller`, String(item.offer))
  }
  const cart = await db
    .selectFrom('order_carts')
    .select(['ship_to_address_id', 'bill_to_address_id'])
    .where('user_id', '=', userId)
    .where('buyer_id', '=', buyerId)
    .executeTakeFirstOrThrow()
  body.set('shipTo', String(cart.ship_to_address_id ?? ''))
  body.set('billTo', String(cart.bill_to_address_id ?? ''))
  return body
}

async function place(url: string, cookie: string, body: URLSearchParams) {
  // A connection left idle for 5 s is closed by the server: the same submit again, as a browser would.
  const send = () => fetch(url, { method: 'POST', body, headers: { cookie }, redirect: 'manual' })
  const res = await send().catch(send)
  await res.arrayBuffer()
  return { status: res.status, location: res.headers.get('location') ?? '' }
}

export async function benchOrderWrites(
  db: Database,
  serverUrl: string,
  cookie: string,
  synchronous: string,
): Promise<string[]> {
  const rows: string[] = []
  const staff = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'internal@example.com')
    .executeTakeFirstOrThrow()
  const buyer = await db
    .selectFrom('users')
    .select('buyer_id')
    .where('email', '=', 'buyer@example.com')
    .executeTakeFirstOrThrow()
  const buyerId = buyer.buyer_id!
  const items = await orderable(db, buyerId)
  const cartUrl = `${serverUrl}/master_order_cart?buyer=${buyerId}`
  const before = Number(
    (
      await db
        .selectFrom('master_orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

  // Over HTTP: the place form's POST, timed; filling the cart before each is not.
  let httpMs = 0
  for (let i = 0; i < PLACED; i++) {
    const body = await fillCart(db, staff.id, buyerId, items, `bench-place-${Date.now()}-${i}`)
    const started = performance.now()
    const answer = await place(cartUrl, cookie, body)
    httpMs += performance.now() - started
    if (![302, 303].includes(answer.status) || !answer.location.includes('master_orders'))
      throw new Error(`placing answered ${answer.status} ${answer.location}`)
  }
  const placedHttp =
    Number(
      (
        await db
          .selectFrom('master_orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ) - before
  if (placedHttp !== PLACED) throw new Error(`${PLACED} placings made ${placedHttp} orders`)

  // The same writes without HTTP, the session or the form: the two transactions the place form's
  // action runs (the cart saved as typed, then placed with its key), in this process, each cart
  // filled beforehand, untimed, as above.
  let rawMs = 0
  for (let i = 0; i < PLACED; i++) {
    const body = await fillCart(db, staff.id, buyerId, items, `bench-raw-${Date.now()}-${i}`)
    const lines = [...body.keys()]
      .filter((k) => k.endsWith('.quantity'))
      .map((k) => {
        const id = k.split('.')[1]!
        return {
          id: Number(id),
          quantity: body.get(`line.${id}.quantity`)!,
          requiredBy: body.get(`line.${id}.requiredBy`)!,
          sellerSkuId: Number(body.get(`line.${id}.seller`)),
        }
      })
    const started = performance.now()
    const saved = await saveCart(db, { userId: staff.id }, buyerId, {
      shipTo: Number(body.get('shipTo')),
      billTo: Number(body.get('billTo')),
      lines,
    })
    const placed = await placeCart(db, { userId: staff.id }, buyerId, body.get('idempotencyKey')!)
    rawMs += performance.now() - started
    if (!saved.ok || !placed.ok)
      throw new Error(`placing in-process failed: ${saved.ok ? '' : saved.message} ${placed.ok ? '' : placed.message}`)
  }
  const httpRate = (PLACED * 1000) / httpMs
  const rawRate = (PLACED * 1000) / rawMs
  const ratio = httpRate / rawRate
  atLeast(
    `placing orders over HTTP against the same transactions in-process (${synchronous})`,
    ratio * 100,
    RATIO_BUDGET * 100,
    '%',
  )
  rows.push(
    `placing ${LINES}-line orders (${synchronous}): over HTTP ${fmt(httpRate)} orders/s (${fmt(httpMs / PLACED)} ms each), the same two transactions in-process ${fmt(rawRate)} orders/s (${fmt(rawMs / PLACED)} ms each); ratio ${(ratio * 100).toFixed(0)} % (budget ${RATIO_BUDGET * 100} %: ${ratio >= RATIO_BUDGET ? 'met' : 'NOT MET'})`,
  )

  // One cart's place form sent 1,000 times, 50 at once, with the same idempotency key.
  const body = await fillCart(db, staff.id, buyerId, items, `bench-replay-${Date.now()}`)
  const replayBefore = Number(
    (
      await db
        .selectFrom('master_orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
  const answers: { status: number; location: string }[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next < REPLAYS) {
        next++
        answers.push(await place(cartUrl, cookie, body))
      }
    }),
  )
  const created =
    Number(
      (
        await db
          .selectFrom('master_orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ) - replayBefore
  const locations = new Set(answers.map((a) => `${a.status} ${a.location}`))
  rows.push(
    `the same place form replayed ${answers.length.toLocaleString('en-IN')} times, ${AT_ONCE} at once: ${created} order${created === 1 ? '' : 's'} created (${created - 1} duplicates); answers: ${[...locations].join(', ')}`,
  )
  if (created !== 1 || locations.size !== 1) rows.push('DUPLICATES or differing answers: NOT MET')
  return rows
}
