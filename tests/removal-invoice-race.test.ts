// The invoice raised at removal (issue 52) under two processes at once (the pattern of
// tests/races.test.ts): two processes pick up the same last mile, or one raises the invoice before
// the pickup while the other picks it up; each seller order ends with exactly one invoice and one
// pickup. On PostgreSQL (npm test's second pass) the buyer's account row orders them; on SQLite the
// immediate transactions do; the unique invoice per seller order holds either way.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import readline from 'node:readline'
import { getDb } from '~/db.server'
import { kolkataDay } from '~/utils/format'
import { createBooking } from '~/features/logistics/bookings.server'
import { addressChoices, linkedOrderByCode } from '~/features/logistics/linked-orders.server'
import { createRequest } from '~/features/logistics/requests.server'
import { takeSellerOrderStep } from '~/lifecycle/seller-orders.server'
import { makeBuyer, makeSeller } from './support/companies'
import { userIdOf } from './support/db'
import { passStages, placeTestOrder, stagesBefore } from './support/orders'
import type { RaceJob } from './support/race-child'

const ROUNDS = 6
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
let sellerId: number
let counter = 0
const db = () => getDb()

beforeAll(async () => {
  staff = { userId: await userIdOf('internal@example.com') }
  buyerId = await makeBuyer({ name: 'Race Removal Traders', status: 'active', payment_terms_days: 30 }, [
    { kind: 'shipping', city: 'Nagpur', isDefault: true },
    { kind: 'billing', city: 'Nagpur', isDefault: true },
  ])
  sellerId = await makeSeller({ name: 'Race Removal Mills', status: 'active', contact_phone: '9812345672' })
  await db()
    .insertInto('addresses')
    .values({ seller_id: sellerId, kind: 'pickup', line1: 'Plot 7', city: 'Vapi', state: 'Gujarat', pin: '396195' })
    .execute()
  ;[a, b] = await Promise.all([startChild(staff.userId), startChild(staff.userId)])
}, 60_000)

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
})

/** A last mile booked for a seller order ready to leave (worth less than ₹50,000: no e-way bill). */
async function lastMile() {
  const order = await placeTestOrder({ userId: staff.userId, buyerId, sellerIds: [sellerId], key: `rr-${++counter}` })
  for (const step of ['approve', 'start_production', 'ready_for_qc', 'qc_pass'] as const) {
    await stagesBefore(order.sellerOrderId, step)
    const done = await takeSellerOrderStep(db(), staff, order.sellerOrderId, step)
    if (!done.ok) throw new Error(done.message)
  }
  await passStages(order.sellerOrderId, 'last')
  const so = await db()
    .selectFrom('seller_orders')
    .select('code')
    .where('id', '=', order.sellerOrderId)
    .executeTakeFirstOrThrow()
  const linked = (await linkedOrderByCode(db(), so.code))!
  const choices = await addressChoices(db(), 'last_mile', linked)
  const tomorrow = new Date(Date.now() + 86_400_000)
  const request = await createRequest(
    db(),
    staff,
    'last_mile',
    so.code,
    {
      fromAddressId: choices.from.find((x) => x.label.startsWith('Race Removal Mills'))?.id ?? choices.from[0]!.id,
      toAddressId: choices.to[0]!.id,
      pickupOn: kolkataDay(tomorrow),
      weight: 10_000,
      packages: 1,
    },
    `rr-rq-${counter}`,
  )
  if (!request.ok) throw new Error(request.message)
  const booking = await createBooking(
    db(),
    staff,
    request.value.id,
    {
      transporter: 'Race Freight',
      vehicleNumber: 'MH31AB1234',
      pickupAt: tomorrow.toISOString(),
      expectedDeliveryAt: new Date(tomorrow.getTime() + 86_400_000).toISOString(),
      freight: 300_000,
      distanceKm: 20,
    },
    `rr-bk-${counter}`,
  )
  if (!booking.ok) throw new Error(booking.message)
  return { sellerOrderId: order.sellerOrderId, requestId: request.value.id, bookingId: booking.value.id }
}

const invoiceCounts = async (ids: number[]) =>
  (
    await db()
      .selectFrom('buyer_invoices')
      .select(['seller_order_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('seller_order_id', 'in', ids)
      .groupBy('seller_order_id')
      .execute()
  ).map((r) => Number(r.n))

describe('the invoice raised at removal, by two processes at once', () => {
  it('two pickups of one last mile at the same moment: one is taken, one invoice is raised', async () => {
    const miles = []
    for (let i = 0; i < ROUNDS; i++) miles.push(await lastMile())
    const jobs = miles.map((m): RaceJob => ({
      kind: 'booking_step',
      requestId: m.requestId,
      bookingId: m.bookingId,
      step: 'pick_up',
    }))
    const [answersA, answersB] = await Promise.all([a.send(jobs), b.send(jobs)])
    for (let i = 0; i < ROUNDS; i++) {
      const oks = [answersA[i]!, answersB[i]!].filter((r) => r.ok)
      expect(oks, JSON.stringify([answersA[i], answersB[i]])).toHaveLength(1)
    }
    expect(await invoiceCounts(miles.map((m) => m.sellerOrderId))).toEqual(miles.map(() => 1))
  }, 120_000)

  it('the invoice raised before the pickup while the other process picks up: still one invoice', async () => {
    const miles = []
    for (let i = 0; i < ROUNDS; i++) miles.push(await lastMile())
    const [answersA, answersB] = await Promise.all([
      a.send(
        miles.map((m): RaceJob => ({ kind: 'invoice_before_pickup', requestId: m.requestId, bookingId: m.bookingId })),
      ),
      b.send(
        miles.map((m): RaceJob => ({
          kind: 'booking_step',
          requestId: m.requestId,
          bookingId: m.bookingId,
          step: 'pick_up',
        })),
      ),
    ])
    // Every pickup is taken (the invoice raised before it is the one it carries); the other answer is
    // the invoice or "already invoiced" / "the invoice is raised at its pickup".
    expect(answersB.filter((r) => !r.ok)).toEqual([])
    for (const r of answersA)
      if (!r.ok) expect(r.message).toMatch(/already invoiced|picked up: the invoice is raised at its pickup/)
    expect(await invoiceCounts(miles.map((m) => m.sellerOrderId))).toEqual(miles.map(() => 1))
    const statuses = await db()
      .selectFrom('transport_bookings')
      .select('status')
      .where(
        'id',
        'in',
        miles.map((m) => m.bookingId),
      )
      .execute()
    expect(statuses.map((s) => s.status)).toEqual(miles.map(() => 'picked_up'))
  }, 120_000)
})
