import { getDb } from '~/db.server'
import { makeCompanyUser, makeSeller } from '../../../tests/support/companies'
import { viewerFor } from '../../../tests/support/db'
import { formOf } from '../../../tests/support/orders'
import { handleSubscriptionForm, handleWebhookListForm, subscriptionPage, webhookListPage } from './pages.server'

// The webhook pages' loaders and forms: a company's administrators manage its own subscriptions
// (another company's is not found, its other users are refused), every change audited, a double
// submit done once; staff manage the platform's at /dev_admin.

const db = () => getDb()
const url = (path = '/seller/webhooks/1') => new URL(`http://localhost${path}`)

const statusOf = async (promise: Promise<unknown>) => {
  try {
    await promise
    return 200
  } catch (error) {
    if (error instanceof Response) return error.status
    throw error
  }
}

async function create(
  viewer: Awaited<ReturnType<typeof viewerFor>>,
  portal: 'seller' | 'buyer' | 'dev_admin',
  key: string,
) {
  return handleWebhookListForm(
    db(),
    viewer,
    portal,
    formOf({
      intent: 'create',
      idempotencyKey: key,
      url: 'http://127.0.0.1:9/hooks',
      description: 'Our ERP',
      events: portal === 'seller' ? ['seller_order.approved', 'seller_order.countered'] : ['master_order.placed'],
    }),
  )
}

const auditOf = async (id: number) =>
  (
    await getDb()
      .selectFrom('audit_events')
      .select('action')
      .where('entity_type', '=', 'webhook_subscription')
      .where('entity_id', '=', String(id))
      .orderBy('id')
      .execute()
  ).map((r) => r.action)

describe('webhook pages', () => {
  it('lets a seller’s administrator add a subscription once per form, and shows it with its secret', async () => {
    const seller = await viewerFor('seller')
    const first = await create(seller, 'seller', 'create-1')
    expect(first).toMatchObject({ status: 'done', redirectTo: expect.stringMatching(/^\/seller\/webhooks\/\d+$/) })
    const again = await create(seller, 'seller', 'create-1')
    expect(again).toMatchObject({ status: 'done', redirectTo: (first as { redirectTo: string }).redirectTo })
    const id = Number((first as { redirectTo: string }).redirectTo.split('/').at(-1))
    const list = await webhookListPage(db(), seller, 'seller')
    expect(list.mayManage).toBe(true)
    expect(list.subscriptions.filter((s) => s.id === id)).toHaveLength(1)
    expect(list.events.map((e) => e.type)).not.toContain('invoice.raised')
    const page = await subscriptionPage(db(), seller, 'seller', String(id), url())
    expect(page.subscription).toMatchObject({
      url: 'http://127.0.0.1:9/hooks',
      description: 'Our ERP',
      status: 'active',
    })
    expect(page.subscription.secret).toMatch(/^whsec_/)
    expect(await auditOf(id)).toEqual(['webhook_subscription.created'])
  })

  it('refuses what a company may not subscribe to, and an address that is not http(s), at their fields', async () => {
    const seller = await viewerFor('seller')
    const refused = await handleWebhookListForm(
      db(),
      seller,
      'seller',
      formOf({ intent: 'create', url: 'ftp://example.com/x', events: 'invoice.raised' }),
    )
    expect(refused.status).toBe('invalid')
    const reply = (refused as { reply: { result: { error: Record<string, string[]> } } }).reply.result
    expect(reply.error.url?.[0] ?? reply.error.events?.[0]).toBeTruthy()
    const bad = await handleWebhookListForm(
      db(),
      seller,
      'seller',
      formOf({ intent: 'create', url: 'ftp://example.com/x', events: 'seller_order.approved' }),
    )
    expect((bad as { reply: { result: { error: Record<string, string[]> } } }).reply.result.error.url).toEqual([
      'The address must start with https://',
    ])
    const none = await handleWebhookListForm(
      db(),
      seller,
      'seller',
      formOf({ intent: 'create', url: 'https://e.example/x' }),
    )
    expect((none as { reply: { result: { error: Record<string, string[]> } } }).reply.result.error.events).toBeTruthy()
  })

  it('answers another company’s subscription as not found, and keeps it from the company’s other users', async () => {
    const seller = await viewerFor('seller')
    const made = await create(seller, 'seller', 'create-scope')
    const id = (made as { redirectTo: string }).redirectTo.split('/').at(-1)!
    // Another seller's administrator.
    const otherId = await makeSeller({ name: 'Scope Mills', status: 'active' })
    const otherUser = await makeCompanyUser('seller', otherId, 'admin@scope-mills.example')
    await getDb().updateTable('users').set({ is_company_admin: 1 }).where('id', '=', otherUser).execute()
    const other = await viewerFor('admin@scope-mills.example')
    expect(await statusOf(subscriptionPage(db(), other, 'seller', id, url()))).toBe(404)
    for (const intent of ['test', 'rotate', 'disable', 'delete'])
      expect(await handleSubscriptionForm(db(), other, 'seller', id, formOf({ intent }))).toEqual({
        status: 'not-found',
      })
    expect((await webhookListPage(db(), other, 'seller')).subscriptions).toEqual([])
    // A colleague who is not the company's administrator: the list says so, the rest is refused.
    const sellerCompany = seller.company!.id
    await makeCompanyUser('seller', sellerCompany, 'colleague@tiruppur.example')
    const colleague = await viewerFor('colleague@tiruppur.example')
    const list = await webhookListPage(db(), colleague, 'seller')
    expect(list).toMatchObject({ mayManage: false, subscriptions: [] })
    expect(await statusOf(subscriptionPage(db(), colleague, 'seller', id, url()))).toBe(404)
    expect(await create(colleague, 'seller', 'create-colleague')).toMatchObject({ status: 'forbidden' })
    expect(await handleSubscriptionForm(db(), colleague, 'seller', id, formOf({ intent: 'rotate' }))).toMatchObject({
      status: 'forbidden',
    })
    // A buyer's user has no seller webhooks at all.
    expect(await statusOf(webhookListPage(db(), await viewerFor('buyer'), 'seller'))).toBe(404)
  })

  it('tests, rotates, disables, enables and deletes, each audited', async () => {
    const seller = await viewerFor('seller')
    const made = await create(seller, 'seller', 'create-steps')
    const path = (made as { redirectTo: string }).redirectTo
    const id = path.split('/').at(-1)!
    const act = (intent: string, key = `${intent}-key`) =>
      handleSubscriptionForm(db(), seller, 'seller', id, formOf({ intent, idempotencyKey: key }))
    const secretBefore = (await subscriptionPage(db(), seller, 'seller', id, url())).subscription.secret

    expect(await act('test')).toMatchObject({ status: 'done', redirectTo: path, toast: { kind: 'success' } })
    expect(await act('test')).toMatchObject({ status: 'done' })
    let page = await subscriptionPage(db(), seller, 'seller', id, url())
    expect(page.deliveries.map((d) => [d.type, d.status])).toEqual([['webhook.test', 'pending']])

    expect(await act('rotate')).toMatchObject({ status: 'done' })
    page = await subscriptionPage(db(), seller, 'seller', id, url())
    expect(page.subscription.secret).not.toBe(secretBefore)
    expect(page.subscription.previousSignsUntil).not.toBeNull()

    expect(await act('disable')).toMatchObject({ status: 'done' })
    expect((await subscriptionPage(db(), seller, 'seller', id, url())).subscription.status).toBe('disabled')
    expect(await act('test', 'test-while-disabled')).toMatchObject({
      status: 'done',
      toast: { kind: 'error', message: expect.stringMatching(/disabled/) },
    })
    expect(await act('enable')).toMatchObject({ status: 'done' })
    expect(await act('replay')).toEqual({ status: 'bad-request' })
    expect(await act('delete')).toMatchObject({ status: 'done', redirectTo: '/seller/webhooks' })
    // The same delete form again: answered as done, nothing more.
    expect(await act('delete')).toMatchObject({ status: 'done', redirectTo: '/seller/webhooks' })
    expect(await statusOf(subscriptionPage(db(), seller, 'seller', id, url()))).toBe(404)
    expect(await auditOf(Number(id))).toEqual([
      'webhook_subscription.created',
      'webhook_subscription.test_sent',
      'webhook_subscription.secret_rotated',
      'webhook_subscription.disabled',
      'webhook_subscription.enabled',
      'webhook_subscription.deleted',
    ])
    expect(
      await getDb().selectFrom('webhook_deliveries').select('id').where('subscription_id', '=', Number(id)).execute(),
    ).toEqual([])
  })

  it('lets staff manage the platform’s subscriptions at /dev_admin, which hear of every event type', async () => {
    const staff = await viewerFor('dev_admin')
    const list = await webhookListPage(db(), staff, 'dev_admin')
    expect(list).toMatchObject({ owner: 'platform', mayManage: true })
    expect(list.events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['invoice.raised', 'qc.decided', 'seller_order.approved']),
    )
    const made = await create(staff, 'dev_admin', 'create-platform')
    expect(made).toMatchObject({ status: 'done', redirectTo: expect.stringMatching(/^\/dev_admin\/webhooks\/\d+$/) })
    const id = (made as { redirectTo: string }).redirectTo.split('/').at(-1)!
    // A company's administrator never reaches the platform's subscription through its own pages.
    expect(await statusOf(subscriptionPage(db(), await viewerFor('seller'), 'seller', id, url()))).toBe(404)
  })
})
