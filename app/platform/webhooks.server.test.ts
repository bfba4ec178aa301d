import dns from 'node:dns'
import { getDb } from '~/db.server'
import { changeCompanyStatus } from '~/features/companies/mutations.server'
import { createSubscription, replayDelivery, rotateSecret } from '~/features/webhooks/mutations.server'
import { makeSeller } from '../../tests/support/companies'
import { userIdOf } from '../../tests/support/db'
import { startReceiver, verifyWebhook, type Receiver } from '../../tests/support/webhook-receiver'
import { NOT_PUBLIC, webhookClient } from './webhook-address.server'
import { signature } from './webhook-signature.server'
import { deliverWebhooksDue, emitEvent, MAX_WEBHOOK_TRIES, WEBHOOK_RETRY_MS } from './webhooks.server'

// Webhooks through the outbox: signed as the Standard Webhooks specification says (checked by a
// verifier written from it, tests/support/webhook-receiver.ts), queued only by a change that commits,
// retried with backoff, given up, replayed, and sent once however many workers run.

const client = webhookClient({ httpsOnly: false, allowPrivate: true })
let receiver: Receiver
let sellerId: number
let adminId: number

beforeAll(async () => {
  receiver = await startReceiver()
  sellerId = await makeSeller({ name: 'Hook Mills', status: 'active' })
  adminId = await userIdOf('seller@example.com')
})
afterAll(() => receiver.close())

/** A seller subscription to the status_changed event, at a receiver. */
async function subscribe(url = receiver.url, events = ['seller_order.status_changed']) {
  const made = await createSubscription(
    getDb(),
    { userId: adminId },
    { kind: 'seller', id: sellerId },
    { url, events },
    undefined,
  )
  if (!made.ok) throw new Error(made.message)
  return made.value.id
}

/** An event for the test seller, queued in its own committed transaction. */
const emit = (note = 'x') =>
  getDb()
    .transaction()
    .execute((trx) =>
      emitEvent(trx, {
        type: 'seller_order.status_changed',
        buyerId: null,
        sellerId,
        data: { seller_order: { id: 1, code: `SO-TEST-${note}`, status: 'approved' }, seller: { id: sellerId } },
      }),
    )

const deliveriesOf = (subscriptionId: number) =>
  getDb()
    .selectFrom('webhook_deliveries')
    .select(['id', 'status', 'attempts', 'tries', 'next_attempt_at', 'last_status_code', 'last_error'])
    .where('subscription_id', '=', subscriptionId)
    .orderBy('id')
    .execute()

const secretOf = async (id: number) =>
  (await getDb().selectFrom('webhook_subscriptions').select('secret').where('id', '=', id).executeTakeFirstOrThrow())
    .secret

describe('signing (Standard Webhooks)', () => {
  it('matches the specification’s published example', () => {
    expect(
      signature(
        'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        'msg_p5jXN8AQM9LWM0D4loKWxJek',
        1614265330,
        '{"test": 2432232314}',
      ),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=')
  })

  it('sends the three headers, a body the signature covers, and a signature an independent verifier accepts', async () => {
    const id = await subscribe()
    receiver.received.length = 0
    expect(await emit('sign')).toBe(1)
    expect(await deliverWebhooksDue(getDb(), client, 'w1')).toBe(1)
    const [got] = receiver.received
    expect(got!.headers['content-type']).toBe('application/json')
    expect(got!.headers['webhook-id']).toMatch(/^msg_[A-Za-z0-9_-]+$/)
    expect(Math.abs(Number(got!.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60)
    expect(got!.json).toMatchObject({
      type: 'seller_order.status_changed',
      data: { seller_order: { code: 'SO-TEST-sign' } },
    })
    const secret = await secretOf(id)
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    expect(verifyWebhook(secret, got!.headers, got!.body)).toBe(true)
    // A changed body, another secret, an old timestamp: refused.
    expect(verifyWebhook(secret, got!.headers, got!.body.replace('sign', 'sigm'))).toBe(false)
    expect(verifyWebhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', got!.headers, got!.body)).toBe(false)
    expect(verifyWebhook(secret, got!.headers, got!.body, Date.now() + 10 * 60_000)).toBe(false)
    await getDb().deleteFrom('webhook_subscriptions').where('id', '=', id).execute()
  })

  it('signs with the old and the new secret for a day after a rotation, then with the new one only', async () => {
    const id = await subscribe()
    const old = await secretOf(id)
    const rotated = await rotateSecret(getDb(), { userId: adminId }, { kind: 'seller', id: sellerId }, id, 'rotate-1')
    expect(rotated).toMatchObject({ ok: true })
    // The same key again (a double submit) rotates nothing more.
    expect(
      await rotateSecret(getDb(), { userId: adminId }, { kind: 'seller', id: sellerId }, id, 'rotate-1'),
    ).toMatchObject({ ok: true, value: { repeated: true } })
    const fresh = await secretOf(id)
    expect(fresh).not.toBe(old)
    receiver.received.length = 0
    await emit('rotated')
    await deliverWebhooksDue(getDb(), client, 'w1')
    const [got] = receiver.received
    expect(got!.headers['webhook-signature'].split(' ')).toHaveLength(2)
    expect(verifyWebhook(fresh, got!.headers, got!.body)).toBe(true)
    expect(verifyWebhook(old, got!.headers, got!.body)).toBe(true)

    await getDb()
      .updateTable('webhook_subscriptions')
      .set({ rotated_at: new Date(Date.now() - 25 * 3_600_000).toISOString() })
      .where('id', '=', id)
      .execute()
    receiver.received.length = 0
    await emit('later')
    await deliverWebhooksDue(getDb(), client, 'w1')
    const [later] = receiver.received
    expect(later!.headers['webhook-signature'].split(' ')).toHaveLength(1)
    expect(verifyWebhook(fresh, later!.headers, later!.body)).toBe(true)
    expect(verifyWebhook(old, later!.headers, later!.body)).toBe(false)
    await getDb().deleteFrom('webhook_subscriptions').where('id', '=', id).execute()
  })
})

describe('through the outbox', () => {
  it('queues nothing for a change that rolls back', async () => {
    const id = await subscribe()
    const events = async () =>
      Number(
        (
          await getDb()
            .selectFrom('webhook_events')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const before = await events()
    const error = await getDb()
      .transaction()
      .execute(async (trx) => {
        const queued = await emitEvent(trx, {
          type: 'seller_order.status_changed',
          buyerId: null,
          sellerId,
          data: { seller_order: { id: 1, code: 'SO-ROLLED-BACK', status: 'approved' } },
        })
        expect(queued).toBe(1)
        throw new Error('the change failed')
      })
      .catch((e: unknown) => e)
    expect((error as Error).message).toBe('the change failed')
    expect(await events()).toBe(before)
    expect(await deliveriesOf(id)).toEqual([])
    receiver.received.length = 0
    await deliverWebhooksDue(getDb(), client, 'w1')
    expect(receiver.received).toEqual([])
    await getDb().deleteFrom('webhook_subscriptions').where('id', '=', id).execute()
  })

  it('writes nothing when nobody listens: another seller’s event, a type not subscribed, a disabled subscription', async () => {
    const id = await subscribe()
    const other = await makeSeller({ name: 'Other Mills', status: 'active' })
    const queue = (input: Parameters<typeof emitEvent>[1]) =>
      getDb()
        .transaction()
        .execute((trx) => emitEvent(trx, input))
    expect(await queue({ type: 'seller_order.status_changed', buyerId: null, sellerId: other, data: {} })).toBe(0)
    expect(await queue({ type: 'seller_order.approved', buyerId: null, sellerId, data: {} })).toBe(0)
    await getDb().updateTable('webhook_subscriptions').set({ status: 'disabled' }).where('id', '=', id).execute()
    expect(await emit('disabled')).toBe(0)
    await getDb().deleteFrom('webhook_subscriptions').where('id', '=', id).execute()
  })

  it('retries a failure on the schedule, not before it is due, then succeeds', async () => {
    const id = await subscribe()
    receiver.received.length = 0
    receiver.answer = (n) => (n <= 2 ? 500 : 204)
    await emit('retry')
    let now = Date.now()
    expect(await deliverWebhooksDue(getDb(), client, 'w1', new Date(now))).toBe(0)
    let [row] = await deliveriesOf(id)
    expect(row).toMatchObject({ status: 'pending', attempts: 1, tries: 1, last_status_code: 500 })
    expect(row!.last_error).toMatch(/^HTTP 500: not now/)
    expect(new Date(row!.next_attempt_at!).getTime()).toBe(now + WEBHOOK_RETRY_MS[0]!)
    // Not before it is due.
    expect(await deliverWebhooksDue(getDb(), client, 'w1', new Date(now + WEBHOOK_RETRY_MS[0]! - 1000))).toBe(0)
    expect(receiver.received).toHaveLength(1)
    now += WEBHOOK_RETRY_MS[0]!
    await deliverWebhooksDue(getDb(), client, 'w1', new Date(now))
    ;[row] = await deliveriesOf(id)
    expect(row).toMatchObject({ status: 'pending', attempts: 2, tries: 2 })
    expect(new Date(row!.next_attempt_at!).getTime()).toBe(now + WEBHOOK_RETRY_MS[1]!)
    now += WEBHOOK_RETRY_MS[1]!
    expect(await deliverWebhooksDue(getDb(), client, 'w1', new Date(now))).toBe(1)
    ;[row] = await deliveriesOf(id)
    expect(row).toMatchObject({ status: 'succeeded', attempts: 3, last_status_code: 204, last_error: null })
    // Every attempt carried the same message id: a receiver recognises the retry.
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1)
    const log = await getDb()
      .selectFrom('webhook_attempts')
      .select(['status_code', 'response_ms'])
      .where('delivery_id', '=', row!.id)
      .orderBy('id')
      .execute()
    expect(log.map((a) => a.status_code)).toEqual([500, 500, 204])
    expect(log.every((a) => a.response_ms !== null && a.response_ms >= 0)).toBe(true)
    receiver.answer = 200
    await getDb().deleteFrom('webhook_subscriptions').where('id', '=', id).execute()
  })

  it('gives up after the last attempt, and a replay sends it again with the schedule started afresh', async () => {
    const id = await subscribe()
    receiver.received.length = 0
    receiver.answer = 503
    await emit('give-up')
    let now = Date.now()
    for (let attempt = 1; attempt <= MAX_WEBHOOK_TRIES; attempt++) {
      await deliverWebhooksDue(getDb(), client, 'w1', new Date(now))
      now += WEBHOOK_RETRY_MS[attempt - 1] ?? 0
    }
    let [row] = await deliveriesOf(id)
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_WEBHOOK_TRIES, next_attempt_at: null })
    expect(receiver.received).toHaveLength(MAX_WEBHOOK_TRIES)
    // Never again by itself.
    expect(await deliverWebhooksDue(getDb(), client, 'w1', new Date(now + 30 * 86_400_000))).toBe(0)
    expect(receiver.received).toHaveLength(MAX_WEBHOOK_TRIES)

    receiver.answer = 200
    const owner = { kind: 'seller' as const, id: sellerId }
    expect(await replayDelivery(getDb(), { userId: adminId }, owner, id, row!.id, 'replay-1')).toMatchObject({
      ok: true,
    })
    // A double submit of the same form queues it once.
    expect(await replayDelivery(getDb(), { userId: adminId }, owner, id, row!.id, 'replay-1')).toMatchObject({
      ok: true,
      value: { repeated: true },
    })
    ;[row] = await deliveriesOf(id)
    expect(row).toMatchObject({ status: 'pending', tries: 0, attempts: MAX_WEBHOOK_TRIES })
    expect(await deliverWebhooksDue(getDb(), client, 'w1')).toBe(1)
    ;[row] = await deliveriesOf(id)
    expect(row).toMatchObject({ status: 'succeeded', attempts: MAX_WEBHOOK_TRIES + 1, tries: 1 })
    expect(receiver.received).toHaveLength(MAX_WEBHOOK_TRIES + 1)
    // Another replay (a new form) of a sent delivery sends it once more; one waiting is left as it is.
    expect(await replayDelivery(getDb(), { userId: adminId }, owner, id, row!.id, 'replay-2')).toMatchObject({
      ok: true,
    })
    expect(await replayDelivery(getDb(), { userId: adminId }, owner, id, row!.id, 'replay-3')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/already waiting/),
    })
    const entries = await getDb()
      .selectFrom('audit_events')
      .select('action')
      .where('entity_type', '=', 'webhook_subscription')
      .where('entity_id', '=', String(id))
      .where('action', '=', 'webhook_subscription.delivery_replayed')
      .execute()
    expect(entries).toHaveLength(2)
    await getDb().deleteFrom('webhook_subscriptions').where('id', '=', id).execute()
  })

  it('records an endpoint that does not answer at all', async () => {
    const closed = await startReceiver()
    const url = closed.url
    await closed.close()
    const id = await subscribe(url)
    await emit('refused')
    await deliverWebhooksDue(getDb(), client, 'w1')
    const [row] = await deliveriesOf(id)
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_status_code: null })
    expect(row!.last_error).toMatch(/ECONNREFUSED/)
    await getDb().deleteFrom('webhook_subscriptions').where('id', '=', id).execute()
  })

  it('never tells the log what an internal name resolves to, nor whether it resolves at all', async () => {
    // The platform's resolver knows an internal name; another resolves nowhere.
    const port = new URL(receiver.url).port
    const lookup = vi
      .spyOn(dns, 'lookup')
      .mockImplementation(((
        host: string,
        _options: unknown,
        callback: (error: Error | null, addresses?: dns.LookupAddress[]) => void,
      ) =>
        host === 'vm.internal'
          ? callback(null, [{ address: '127.0.0.1', family: 4 }])
          : callback(
              Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }),
            )) as unknown as typeof dns.lookup)
    const ids = [await subscribe(`http://vm.internal:${port}/hooks`), await subscribe(`http://gone.internal:${port}/x`)]
    try {
      receiver.received.length = 0
      await emit('internal')
      await deliverWebhooksDue(getDb(), webhookClient({ httpsOnly: false, allowPrivate: false }), 'w1')
      expect(receiver.received).toEqual([])
      for (const id of ids) {
        const [row] = await deliveriesOf(id)
        expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: NOT_PUBLIC })
        const log = await getDb()
          .selectFrom('webhook_attempts')
          .select('error')
          .where('delivery_id', '=', row!.id)
          .execute()
        expect(log).toEqual([{ error: NOT_PUBLIC }])
      }
    } finally {
      lookup.mockRestore()
      await getDb().deleteFrom('webhook_subscriptions').where('id', 'in', ids).execute()
    }
  })

  it('sends each delivery exactly once when two workers run at the same time', async () => {
    const id = await subscribe()
    receiver.received.length = 0
    receiver.answer = 200
    for (let i = 0; i < 12; i++) await emit(`race-${i}`)
    const [a, b] = await Promise.all([
      deliverWebhooksDue(getDb(), client, 'worker-a'),
      deliverWebhooksDue(getDb(), client, 'worker-b'),
    ])
    expect(a + b).toBe(12)
    const codes = receiver.received.map((r) => (r.json.data.seller_order as { code: string }).code).sort()
    expect(codes).toEqual(Array.from({ length: 12 }, (_, i) => `SO-TEST-race-${i}`).sort())
    expect((await deliveriesOf(id)).every((d) => d.status === 'succeeded' && d.attempts === 1)).toBe(true)
    expect(await deliverWebhooksDue(getDb(), client, 'worker-c')).toBe(0)
    await getDb().deleteFrom('webhook_subscriptions').where('id', '=', id).execute()
  })
})

describe('companies that are not active', () => {
  const setStatus = (id: number, status: 'active' | 'pending' | 'suspended') =>
    getDb().updateTable('sellers').set({ status }).where('id', '=', id).execute()

  it('hear of nothing while suspended or waiting for approval, as their tokens are refused; the platform still does', async () => {
    const mine = await subscribe()
    const platform = await createSubscription(
      getDb(),
      { userId: await userIdOf('admin@example.com') },
      { kind: 'platform' },
      { url: receiver.url, events: ['seller_order.status_changed'] },
      undefined,
    )
    if (!platform.ok) throw new Error(platform.message)
    try {
      for (const status of ['suspended', 'pending'] as const) {
        await setStatus(sellerId, status)
        receiver.received.length = 0
        expect(await emit(status), status).toBe(1)
        expect(await deliveriesOf(mine), status).toEqual([])
        await deliverWebhooksDue(getDb(), client, 'w1')
        expect(
          receiver.received.map((r) => r.json.data.seller_order),
          status,
        ).toEqual([expect.objectContaining({ code: `SO-TEST-${status}` })])
      }
    } finally {
      await setStatus(sellerId, 'active')
      await getDb().deleteFrom('webhook_subscriptions').where('id', 'in', [mine, platform.value.id]).execute()
    }
  })

  it('skip a delivery queued while active that falls due after the suspension, say why, and send it again only when replayed', async () => {
    const id = await subscribe()
    try {
      receiver.answer = 503
      receiver.received.length = 0
      await emit('before-suspension')
      const now = Date.now()
      await deliverWebhooksDue(getDb(), client, 'w1', new Date(now))
      expect(receiver.received).toHaveLength(1)
      receiver.answer = 200

      const staff = { userId: await userIdOf('admin@example.com'), name: 'Admin' }
      const suspended = await changeCompanyStatus(getDb(), staff, 'seller', sellerId, 'suspend', {
        reason: 'Unpaid fees',
        appUrl: 'http://localhost:3000',
      })
      expect(suspended).toMatchObject({ ok: true })
      await deliverWebhooksDue(getDb(), client, 'w1', new Date(now + WEBHOOK_RETRY_MS[0]!))
      expect(receiver.received).toHaveLength(1)
      let [row] = await deliveriesOf(id)
      expect(row).toMatchObject({ status: 'skipped', attempts: 1, next_attempt_at: null })
      expect(row!.last_error).toMatch(/^Not sent: the company was suspended/)

      // Active again: nothing goes out by itself, whatever the clock says.
      await setStatus(sellerId, 'active')
      await deliverWebhooksDue(getDb(), client, 'w1', new Date(now + 30 * 86_400_000))
      expect(receiver.received).toHaveLength(1)
      expect((await deliveriesOf(id))[0]).toMatchObject({ status: 'skipped' })

      // A replay from the subscription's page sends it, with its message id.
      const owner = { kind: 'seller' as const, id: sellerId }
      expect(await replayDelivery(getDb(), { userId: adminId }, owner, id, row!.id, 'replay-skipped')).toMatchObject({
        ok: true,
      })
      expect(await deliverWebhooksDue(getDb(), client, 'w1')).toBe(1)
      ;[row] = await deliveriesOf(id)
      expect(row).toMatchObject({ status: 'succeeded', attempts: 2 })
      expect(receiver.received).toHaveLength(2)
      expect(receiver.received[1]!.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id'])
    } finally {
      receiver.answer = 200
      await setStatus(sellerId, 'active')
      await getDb().deleteFrom('webhook_subscriptions').where('id', '=', id).execute()
    }
  })
})
