// Races between two processes on one database (issue 35): every derived figure stays exact when two
// processes change its sources at the same moment. On PostgreSQL (npm test's second pass) each
// transaction first takes the parent row (app/features/orders/locks.server.ts, db/locks.ts); on
// SQLite the immediate transactions serialise the writers. Two child processes
// (tests/support/race-child.ts), each with its own connection pool, take the steps: in every round
// one process takes one step and the other another, on ROUNDS orders at once. Afterwards each kept
// figure is compared with the one worked out again from the rows: 0 drift.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import readline from 'node:readline'
import { getDb } from '~/db.server'
import { agreeToCounterOffer, recordCounterOffer } from '~/features/orders/counter-offer.server'
import { masterStatusOf } from '~/features/orders/states'
import { takeSellerOrderStep } from '~/lifecycle/seller-orders.server'
import { rebuildOrderFacts } from '~/features/reports/facts.server'
import { addSampleLine, placeSampleCart, saveSampleCart } from '~/features/sample-orders/cart.server'
import { masterOrderSettled } from '~/features/settlements/ledger.server'
import { kolkataDay } from '~/utils/format'
import { financialYear } from '~/platform/numbering.server'
import { makeBuyerSku, makeProductSku, makeSampleSku, makeSellerSku } from './support/catalogue'
import { addCartLine, saveCart } from '~/features/orders/cart.server'
import { makeBuyer, makeSeller } from './support/companies'
import { userIdOf } from './support/db'
import { inAYear, placeTestOrder, stagesBefore } from './support/orders'
import type { RaceJob } from './support/race-child'

const ROUNDS = 10

type Answer = { ok: boolean; message?: string; number?: string }
interface Child {
  send(jobs: RaceJob[]): Promise<Answer[]>
  stop(): Promise<void>
}

function startChild(userId: number): Promise<Child> {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/support/race-child.ts', String(userId)],
    { env: process.env, stdio: ['pipe', 'pipe', 'pipe'] },
  )
  let err = ''
  child.stderr.on('data', (chunk) => (err += chunk))
  const waiting = new Map<number, (answers: Answer[]) => void>()
  let next = 0
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`a race process ended (${code}):\n${err}`)))
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      if (line === 'ready') {
        resolve({
          send: (jobs) =>
            new Promise((done) => {
              const id = ++next
              waiting.set(id, done)
              child.stdin.write(`${JSON.stringify({ id, jobs })}\n`)
            }),
          stop: () =>
            new Promise((done) =>
              child.exitCode !== null ? done() : (child.once('close', () => done()), child.stdin.end()),
            ),
        })
        return
      }
      const { id, results } = JSON.parse(line) as { id: number; results: Answer[] }
      waiting.get(id)?.(results)
      waiting.delete(id)
    })
  })
}

let a: Child
let b: Child
let staff: { userId: number }
let buyerId: number
let sellerIds: number[]
let placed = 0

beforeAll(async () => {
  staff = { userId: await userIdOf('internal@example.com') }
  buyerId = await makeBuyer({ name: 'Race Traders', status: 'active', payment_terms_days: 30 }, [
    { kind: 'shipping', city: 'Nagpur', isDefault: true },
    { kind: 'billing', city: 'Nagpur', isDefault: true },
  ])
  sellerIds = [
    await makeSeller({ name: 'Race Mills One', status: 'active' }),
    await makeSeller({ name: 'Race Mills Two', status: 'active' }),
  ]
  ;[a, b] = await Promise.all([startChild(staff.userId), startChild(staff.userId)])
})

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
})

/** ROUNDS master orders of two seller orders each (one per seller), waiting for approval. */
async function ordersOfTwo() {
  const orders = []
  for (let i = 0; i < ROUNDS; i++)
    orders.push(await placeTestOrder({ userId: staff.userId, buyerId, sellerIds, key: `race-${++placed}` }))
  return orders
}

/** Both processes at once: a's jobs and b's. */
const race = (jobsA: RaceJob[], jobsB: RaceJob[]) => Promise.all([a.send(jobsA), b.send(jobsB)])

/** The master orders whose stored status is not the one their seller orders give (and settlement). */
async function masterStatusDrift(ids: number[]) {
  const db = getDb()
  const wrong: string[] = []
  for (const id of ids) {
    const order = await db
      .selectFrom('master_orders')
      .select(['code', 'status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    const sellerOrders = await db
      .selectFrom('seller_orders')
      .select(['status', 'moved_to_id'])
      .where('master_order_id', '=', id)
      .execute()
    const counted = sellerOrders.map((s) => ({ status: s.status, movedOn: s.moved_to_id !== null }))
    let status = masterStatusOf(counted, order.status === 'closed')
    if (status === 'delivered' && (await masterOrderSettled(db, id))) status = masterStatusOf(counted, true)
    if (status !== order.status) wrong.push(`${order.code} is ${order.status}, its seller orders say ${status}`)
  }
  return wrong
}

/** The status counts kept beside the orders against the orders counted now: the differences. */
async function countDrift() {
  const db = getDb()
  const differences = (kept: { key: string; n: number }[], counted: { key: string; n: number }[]) => {
    const all = new Map<string, number>()
    for (const k of kept) all.set(k.key, (all.get(k.key) ?? 0) + Number(k.n))
    for (const c of counted) all.set(c.key, (all.get(c.key) ?? 0) - Number(c.n))
    return [...all].filter(([, n]) => n !== 0).map(([key, n]) => `${key} ${n > 0 ? '+' : ''}${n}`)
  }
  const [masters, masterCounts, byBuyer, buyerCounts, samples, sampleCounts] = await Promise.all([
    db
      .selectFrom('master_orders')
      .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute(),
    db.selectFrom('master_order_counts').select(['status', 'orders']).execute(),
    db
      .selectFrom('master_orders')
      .select((eb) => ['buyer_id', 'status', eb.fn.countAll<number>().as('n')])
      .groupBy(['buyer_id', 'status'])
      .execute(),
    db.selectFrom('master_order_buyer_counts').select(['buyer_id', 'status', 'orders']).execute(),
    db
      .selectFrom('sample_orders')
      .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute(),
    db.selectFrom('sample_order_counts').select(['status', 'orders']).execute(),
  ])
  return [
    ...differences(
      masterCounts.map((r) => ({ key: `orders ${r.status}`, n: r.orders })),
      masters.map((r) => ({ key: `orders ${r.status}`, n: r.n })),
    ),
    ...differences(
      buyerCounts.map((r) => ({ key: `buyer ${r.buyer_id} ${r.status}`, n: r.orders })),
      byBuyer.map((r) => ({ key: `buyer ${r.buyer_id} ${r.status}`, n: r.n })),
    ),
    ...differences(
      sampleCounts.map((r) => ({ key: `samples ${r.status}`, n: r.orders })),
      samples.map((r) => ({ key: `samples ${r.status}`, n: r.n })),
    ),
  ]
}

/** The reports' kept rows against the rows `npm run reports:rebuild` works out from every order (which it then keeps). */
async function reportDrift() {
  const db = getDb()
  const snapshot = async () => {
    const [days, facts, months, skus] = await Promise.all([
      db
        .selectFrom('order_day_facts')
        .select([
          'day',
          'category_id',
          'buyer_id',
          'seller_id',
          'orders',
          'lines',
          'quantity_milli',
          'value_minor',
          'cost_minor',
          'gst_minor',
        ])
        .execute(),
      db
        .selectFrom('order_facts')
        .select([
          'master_order_id',
          'category_id',
          'seller_id',
          'day',
          'buyer_id',
          'orders',
          'lines',
          'quantity_milli',
          'value_minor',
          'cost_minor',
          'gst_minor',
        ])
        .execute(),
      db
        .selectFrom('buyer_sku_month_facts')
        .select(['buyer_id', 'month', 'buyer_sku_id', 'lines', 'quantity_milli', 'value_minor'])
        .execute(),
      db
        .selectFrom('order_sku_facts')
        .select(['master_order_id', 'buyer_sku_id', 'month', 'buyer_id', 'lines', 'quantity_milli', 'value_minor'])
        .execute(),
    ])
    const rows = (table: string, list: Record<string, unknown>[]) =>
      list.map(
        (r) => `${table} ${JSON.stringify(Object.values(r).map((v) => (typeof v === 'string' ? v : Number(v))))}`,
      )
    return new Set([
      ...rows('order_day_facts', days),
      ...rows('order_facts', facts),
      ...rows('buyer_sku_month_facts', months),
      ...rows('order_sku_facts', skus),
    ])
  }
  const kept = await snapshot()
  await rebuildOrderFacts(db)
  const rebuilt = await snapshot()
  return [
    ...[...kept].filter((r) => !rebuilt.has(r)).map((r) => `kept ${r}`),
    ...[...rebuilt].filter((r) => !kept.has(r)).map((r) => `rebuilt ${r}`),
  ]
}

/** Entries of an order's history whose previous state is not the state the entry before left. */
async function auditChainDrift(entityType: 'seller_order' | 'sample_order', ids: number[], first: string) {
  const db = getDb()
  const wrong: string[] = []
  for (const id of ids) {
    const entries = await db
      .selectFrom('audit_events')
      .select(['action', 'before_json', 'after_json'])
      .where('entity_type', '=', entityType)
      .where('entity_id', '=', String(id))
      .orderBy('id')
      .execute()
    const current = await db
      .selectFrom(entityType === 'seller_order' ? 'seller_orders' : 'sample_orders')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    let state = first
    for (const entry of entries) {
      const before = entry.before_json ? (JSON.parse(entry.before_json) as { status?: string }).status : undefined
      const after = entry.after_json ? (JSON.parse(entry.after_json) as { status?: string }).status : undefined
      if (before === undefined || after === undefined) continue
      if (before !== state) wrong.push(`${entityType} ${id}: ${entry.action} says it was ${before}, it was ${state}`)
      state = after
    }
    if (state !== current.status)
      wrong.push(`${entityType} ${id}: its history ends at ${state}, it is ${current.status}`)
  }
  return wrong
}

/** Each race: exactly one of the two won (where only one may), and the other was told. */
function oneWinsEach(answersA: Answer[], answersB: Answer[]) {
  return answersA
    .map((x, i) => [x, answersB[i]!] as const)
    .filter(([x, y]) => x.ok === y.ok || [x, y].some((r) => r.message?.startsWith('failed')))
}

describe('two processes at once on one database: every derived figure stays exact', () => {
  it('approving the two seller orders of a master order at the same moment confirms it', async () => {
    const orders = await ordersOfTwo()
    const [answersA, answersB] = await race(
      orders.map((o) => ({ kind: 'seller_order', id: o.sellerOrders[0]!.id, step: 'approve' })),
      orders.map((o) => ({ kind: 'seller_order', id: o.sellerOrders[1]!.id, step: 'approve' })),
    )
    expect([...answersA, ...answersB].filter((r) => !r.ok)).toEqual([])
    const ids = orders.map((o) => o.id)
    expect(await masterStatusDrift(ids)).toEqual([])
    const statuses = await getDb().selectFrom('master_orders').select('status').where('id', 'in', ids).execute()
    expect(statuses.map((s) => s.status)).toEqual(ids.map(() => 'confirmed'))
    expect(await countDrift()).toEqual([])
  })

  it('rejecting both seller orders of a master order at once leaves the report rows as a rebuild makes them', async () => {
    const orders = await ordersOfTwo()
    const [answersA, answersB] = await race(
      orders.map((o) => ({ kind: 'seller_order', id: o.sellerOrders[0]!.id, step: 'reject', reason: 'No capacity' })),
      orders.map((o) => ({ kind: 'seller_order', id: o.sellerOrders[1]!.id, step: 'reject', reason: 'No yarn' })),
    )
    expect([...answersA, ...answersB].filter((r) => !r.ok)).toEqual([])
    expect(await masterStatusDrift(orders.map((o) => o.id))).toEqual([])
    expect(await reportDrift()).toEqual([])
    expect(await countDrift()).toEqual([])
  })

  it('approving and cancelling a sample order at once: the counts and the history follow the one that won', async () => {
    const db = getDb()
    const sku = await makeSampleSku({ stock: 1_000, chargeMinor: 0 })
    const shipTo = (
      await db
        .selectFrom('addresses')
        .select('id')
        .where('buyer_id', '=', buyerId)
        .where('kind', '=', 'shipping')
        .executeTakeFirstOrThrow()
    ).id
    const ids: number[] = []
    for (let i = 0; i < ROUNDS * 2; i++) {
      const added = await addSampleLine(db, staff, buyerId, sku)
      if (!added.ok) throw new Error(added.message)
      const saved = await saveSampleCart(db, staff, buyerId, {
        shipTo,
        note: '',
        lines: [{ id: added.value.lineId, quantity: '1' }],
      })
      if (!saved.ok) throw new Error(saved.message)
      const requested = await placeSampleCart(db, staff, buyerId, `race-sample-${i}-${crypto.randomUUID()}`)
      if (!requested.ok) throw new Error(requested.message)
      ids.push(requested.value.id)
    }
    // Half the orders approved by one process while the other cancels, half the other way round.
    const [answersA, answersB] = await race(
      ids.map((id, i) =>
        i % 2
          ? { kind: 'sample_order', id, step: 'approve' }
          : { kind: 'sample_order', id, step: 'cancel', reason: 'Fair postponed' },
      ),
      ids.map((id, i) =>
        i % 2
          ? { kind: 'sample_order', id, step: 'cancel', reason: 'Fair postponed' }
          : { kind: 'sample_order', id, step: 'approve' },
      ),
    )
    // Approve then cancel may both apply (cancel starts from approved); never a failure.
    expect([...answersA, ...answersB].filter((r) => r.message?.startsWith('failed'))).toEqual([])
    expect(await countDrift()).toEqual([])
    expect(await auditChainDrift('sample_order', ids, 'requested')).toEqual([])
  })

  it('approving a seller order while another person accepts its counter-offer: one decision stands, and no offer is left on an approved order', async () => {
    const db = getDb()
    const orders = await ordersOfTwo()
    for (const order of orders) {
      const so = order.sellerOrders[0]!.id
      const lines = await db.selectFrom('sub_orders').select('id').where('seller_order_id', '=', so).execute()
      // Recorded by someone other than who accepts (four eyes), and agreed for the buyer (it gives it less).
      const other = { userId: await userIdOf('admin@example.com') }
      const recorded = await recordCounterOffer(
        db,
        other,
        so,
        lines.map((l) => ({ subOrderId: l.id, quantity: '8', readyBy: inAYear(), cost: '200' })),
      )
      if (!recorded.ok) throw new Error(recorded.message)
      const agreed = await agreeToCounterOffer(db, other, so)
      if (!agreed.ok) throw new Error(agreed.message)
    }
    const ids = orders.map((o) => o.sellerOrders[0]!.id)
    const [answersA, answersB] = await race(
      ids.map((id, i) => (i % 2 ? { kind: 'seller_order', id, step: 'approve' } : { kind: 'accept_counter', id })),
      ids.map((id, i) => (i % 2 ? { kind: 'accept_counter', id } : { kind: 'seller_order', id, step: 'approve' })),
    )
    expect(oneWinsEach(answersA, answersB)).toEqual([])
    const after = await db
      .selectFrom('seller_orders')
      .select(['code', 'status', 'counter_offer_json'])
      .where('id', 'in', ids)
      .execute()
    expect(
      after
        .filter((s) => s.status !== 'approved' || s.counter_offer_json !== null)
        .map((s) => `${s.code} ${s.status}${s.counter_offer_json ? ' with an offer' : ''}`),
    ).toEqual([])
    expect(await auditChainDrift('seller_order', ids, 'pending_approval')).toEqual([])
    expect(await masterStatusDrift(orders.map((o) => o.id))).toEqual([])
    expect(await reportDrift()).toEqual([])
    expect(await countDrift()).toEqual([])
  })

  it('deliveries (each raising an invoice) and payments of one buyer at once: the ledger, its balances and the orders they close stay exact', async () => {
    const db = getDb()
    const orders = await ordersOfTwo()
    for (const order of orders) {
      for (const so of order.sellerOrders) {
        for (const step of ['approve', 'start_production', 'ready_for_qc', 'qc_pass', 'dispatch'] as const) {
          await stagesBefore(so.id, step)
          const done = await takeSellerOrderStep(db, staff, so.id, step)
          if (!done.ok) throw new Error(done.message)
        }
      }
    }
    const today = kolkataDay(new Date())
    // One process delivers (invoices, and allocation of any advance); the other records payments of about an invoice each.
    const [delivered, paid] = await race(
      orders.flatMap((o) =>
        o.sellerOrders.map((so) => ({ kind: 'seller_order' as const, id: so.id, step: 'deliver' as const })),
      ),
      orders.flatMap((o, i) =>
        o.sellerOrders.map((_, j) => ({
          kind: 'payment' as const,
          buyerId,
          amountMinor: 590_000,
          receivedOn: today,
          key: `race-pay-${i}-${j}-${crypto.randomUUID()}`,
        })),
      ),
    )
    expect([...delivered, ...paid].filter((r) => !r.ok)).toEqual([])
    const sum = (rows: { n: unknown }[]) => rows.reduce((s, r) => s + Number(r.n), 0)
    const [account, invoices, payments, ledger, allocations] = await Promise.all([
      db
        .selectFrom('buyer_accounts')
        .select(['entries', 'invoiced_minor', 'received_minor', 'credited_minor', 'unallocated_minor'])
        .where('buyer_id', '=', buyerId)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('buyer_invoices')
        .select(['id', 'total_minor as n', 'paid_minor', 'credited_minor', 'status'])
        .where('buyer_id', '=', buyerId)
        .execute(),
      db
        .selectFrom('buyer_payments')
        .select(['id', 'amount_minor as n', 'unallocated_minor'])
        .where('buyer_id', '=', buyerId)
        .execute(),
      db
        .selectFrom('buyer_ledger')
        .select(['seq', 'debit_minor', 'credit_minor', 'balance_minor'])
        .where('buyer_id', '=', buyerId)
        .orderBy('seq')
        .execute(),
      db
        .selectFrom('payment_allocations as a')
        .innerJoin('buyer_payments as p', 'p.id', 'a.payment_id')
        .select(['a.invoice_id', 'a.payment_id', 'a.amount_minor as n'])
        .where('p.buyer_id', '=', buyerId)
        .execute(),
    ])
    const drift: string[] = []
    if (Number(account.invoiced_minor) !== sum(invoices))
      drift.push(`invoiced ${account.invoiced_minor} against ${sum(invoices)}`)
    if (Number(account.received_minor) !== sum(payments))
      drift.push(`received ${account.received_minor} against ${sum(payments)}`)
    if (Number(account.unallocated_minor) !== payments.reduce((s, p) => s + Number(p.unallocated_minor), 0))
      drift.push('unallocated')
    if (Number(account.entries) !== ledger.length || ledger.length !== invoices.length + payments.length)
      drift.push(`entries ${account.entries}, ledger ${ledger.length}`)
    let balance = 0
    for (const [i, row] of ledger.entries()) {
      balance += Number(row.debit_minor) - Number(row.credit_minor)
      if (Number(row.seq) !== i + 1 || Number(row.balance_minor) !== balance)
        drift.push(`ledger row ${i + 1}: seq ${row.seq}, balance ${row.balance_minor} against ${balance}`)
    }
    for (const invoice of invoices) {
      const allocated = sum(allocations.filter((x) => x.invoice_id === invoice.id))
      if (Number(invoice.paid_minor) !== allocated)
        drift.push(`invoice ${invoice.id} paid ${invoice.paid_minor} against ${allocated}`)
      const open = Number(invoice.n) - Number(invoice.paid_minor) - Number(invoice.credited_minor)
      if (invoice.status !== (open === 0 ? 'settled' : 'open'))
        drift.push(`invoice ${invoice.id} ${invoice.status} with ${open} open`)
    }
    for (const payment of payments) {
      if (
        Number(payment.n) !==
        Number(payment.unallocated_minor) + sum(allocations.filter((x) => x.payment_id === payment.id))
      )
        drift.push(`payment ${payment.id}`)
    }
    if (invoices.some((i) => i.status === 'open') && payments.some((p) => Number(p.unallocated_minor) > 0))
      drift.push('money and an open invoice wait side by side')
    expect(drift).toEqual([])
    expect(await masterStatusDrift(orders.map((o) => o.id))).toEqual([])
    expect(await reportDrift()).toEqual([])
    expect(await countDrift()).toEqual([])
  })

  it('debit notes and bare document numbers taken by two processes at once are unique and gapless (DN series)', async () => {
    const db = getDb()
    const invoice = await db
      .selectFrom('buyer_invoices as i')
      .innerJoin('buyer_invoice_lines as l', 'l.invoice_id', 'i.id')
      .select(['i.id', 'l.id as lineId'])
      .where('i.buyer_id', '=', buyerId)
      .orderBy('i.id')
      .executeTakeFirstOrThrow()
    const day = kolkataDay(new Date())
    const jobs = (side: string): RaceJob[] =>
      Array.from({ length: 8 }, (_, i) =>
        i % 2
          ? { kind: 'document_number' as const, day }
          : {
              kind: 'debit_note' as const,
              buyerId,
              invoiceId: invoice.id,
              invoiceLineId: invoice.lineId,
              taxableMinor: 100,
              key: `race-dn-${side}-${i}`,
            },
      )
    const before = await db
      .selectFrom('code_counters')
      .select('last')
      .where('scope', '=', `DN/${financialYear(day)}`)
      .executeTakeFirst()
    const [first, second] = await race(jobs('a'), jobs('b'))
    const answers = [...first, ...second]
    expect(answers.filter((r) => !r.ok)).toEqual([])
    const numbers = answers.map((r) => Number(r.number!.split('/')[2]))
    const start = Number(before?.last ?? 0)
    expect([...numbers].sort((x, y) => x - y)).toEqual(Array.from({ length: 16 }, (_, i) => start + i + 1))
    const notes = await db.selectFrom('debit_notes').select('number').where('buyer_id', '=', buyerId).execute()
    expect(notes).toHaveLength(8)
  })

  it('two orders for one buyer placed at once, with room under its limit for one: the other waits on credit hold', async () => {
    const db = getDb()
    const other = { userId: await userIdOf('admin@example.com') }
    const buyers: number[] = []
    for (let round = 0; round < 3; round++) {
      const id = await makeBuyer({ name: `Race Credit ${round}`, status: 'active', payment_terms_days: 30 }, [
        { kind: 'shipping', city: 'Nagpur', isDefault: true },
        { kind: 'billing', city: 'Nagpur', isDefault: true },
      ])
      // One cart each for two people, of one ₹5,000 line (and GST): the limit fits one and a half.
      for (const user of [staff, other]) await cartOfOneLine(user.userId, id, sellerIds[0]!)
      const line = await db
        .selectFrom('order_carts')
        .innerJoin('order_cart_lines', 'order_cart_lines.cart_id', 'order_carts.id')
        .select('order_cart_lines.id')
        .where('order_carts.buyer_id', '=', id)
        .execute()
      expect(line.length).toBe(2)
      await db.updateTable('buyers').set({ credit_limit_minor: 8_000_00 }).where('id', '=', id).execute()
      buyers.push(id)
    }
    const [answersA, answersB] = await race(
      buyers.map((id) => ({ kind: 'place_cart', userId: staff.userId, buyerId: id, key: `credit-race-a-${id}` })),
      buyers.map((id) => ({ kind: 'place_cart', userId: other.userId, buyerId: id, key: `credit-race-b-${id}` })),
    )
    expect([...answersA, ...answersB].filter((r) => !r.ok)).toEqual([])
    for (const id of buyers) {
      const holds = await db
        .selectFrom('master_orders')
        .select('credit_hold')
        .where('buyer_id', '=', id)
        .orderBy('credit_hold')
        .execute()
      expect(holds.map((h) => h.credit_hold)).toEqual(['held', 'none'])
    }
  })
})

/** A cart of one ₹500 × 10 line of a new buyer SKU, offered by the seller, ready to place. */
async function cartOfOneLine(userId: number, buyerId: number, sellerId: number) {
  const db = getDb()
  const productSkuId = await makeProductSku({ categoryId: 1 })
  const buyerSkuId = await makeBuyerSku({
    buyerId,
    productSkuId,
    buyerCode: `RC-${buyerId}-${userId}`,
    priceMinor: 50_000,
    moqMilli: 1_000,
  })
  const sellerSkuId = await makeSellerSku({ sellerId, productSkuId, status: 'live' })
  const added = await addCartLine(db, { userId }, buyerId, buyerSkuId)
  if (!added.ok) throw new Error(added.message)
  const cart = await db
    .selectFrom('order_carts')
    .select(['ship_to_address_id', 'bill_to_address_id'])
    .where('user_id', '=', userId)
    .where('buyer_id', '=', buyerId)
    .executeTakeFirstOrThrow()
  const saved = await saveCart(db, { userId }, buyerId, {
    shipTo: cart.ship_to_address_id,
    billTo: cart.bill_to_address_id,
    lines: [{ id: added.value.lineId, quantity: '10', requiredBy: inAYear(), sellerSkuId }],
  })
  if (!saved.ok) throw new Error(saved.message)
}
