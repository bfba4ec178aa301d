import { parseWithZod } from '@conform-to/zod/v4'
import type { Database } from '#db/database'
import { notFound } from '~/auth/guard.server'
import type { Viewer } from '~/auth/session.server'
import type { FormReply } from '~/platform/form-reply'
import { newIdempotencyKey } from '~/platform/idempotency.server'
import { kickWorker } from '~/platform/outbox.server'
import type { FormOutcome } from '~/ui/outcome.server'
import { readId } from '~/utils/list-params'
import type { Refusal } from '~/utils/refusal.server'
import {
  createSubscription,
  deleteSubscription,
  replayDelivery,
  rotateSecret,
  sendTestEvent,
  setSubscriptionStatus,
} from './mutations.server'
import { eventChoices, isOwnSubscription, subscriptionDetail, subscriptionList, webhookOwnerOf } from './queries.server'
import { createSubscriptionSchema, subscriptionActionSchema } from './schema'
import { CREATE_FORM_ID, subscriptionPath, webhooksBase, type WebhookPortal } from './shared'

// The webhook pages of the three portals that have them (buyer and seller: the company's own
// subscriptions, for its administrators; dev_admin: the platform's), one loader and one form handler
// each for the list and a subscription's page. The routes guard the portal first; here the owner is
// the viewer's company (or the platform), so another owner's subscription is not found.

/** The owner of the viewer's webhook pages in this portal (a company user of another kind: not found). */
async function ownerFor(db: Database, viewer: Viewer, portal: WebhookPortal) {
  return (await webhookOwnerOf(db, viewer, portal)) ?? notFound()
}

/** The list page: the owner's subscriptions and the form for a new one; only a sentence for a company user who is not its admin. */
export async function webhookListPage(db: Database, viewer: Viewer, portal: WebhookPortal) {
  const { owner, mayManage } = await ownerFor(db, viewer, portal)
  return {
    portal,
    owner: owner.kind,
    mayManage,
    subscriptions: mayManage ? await subscriptionList(db, owner) : [],
    events: eventChoices(owner),
    idempotencyKey: newIdempotencyKey(),
  }
}
export type WebhookListData = Awaited<ReturnType<typeof webhookListPage>>

/** The list page's form: a new subscription, then its page (where its secret is). */
export async function handleWebhookListForm(
  db: Database,
  viewer: Viewer,
  portal: WebhookPortal,
  form: FormData,
): Promise<FormOutcome<FormReply>> {
  const { owner, mayManage } = await ownerFor(db, viewer, portal)
  if (form.get('intent') !== 'create') return { status: 'bad-request' }
  if (!mayManage) return { status: 'forbidden', message: 'Only your company’s administrators manage its webhooks.' }
  const submission = parseWithZod(form, { schema: createSubscriptionSchema })
  if (submission.status !== 'success')
    return { status: 'invalid', reply: { form: CREATE_FORM_ID, result: submission.reply() } }
  const { idempotencyKey, ...input } = submission.value
  const result = await createSubscription(db, { userId: viewer.userId }, owner, input, idempotencyKey)
  if (!result.ok) {
    const errors = result.field
      ? { fieldErrors: { [result.field]: [result.message] } }
      : { formErrors: [result.message] }
    return { status: 'invalid', reply: { form: CREATE_FORM_ID, result: submission.reply(errors) } }
  }
  return {
    status: 'done',
    redirectTo: subscriptionPath(portal, result.value.id),
    toast: {
      kind: 'success',
      message: result.value.repeated
        ? 'This subscription was already made.'
        : 'The subscription is made: copy its signing secret below into the receiving system.',
    },
  }
}

/** A subscription's page: the subscription (with its secret), its delivery log, the page's key for its buttons. */
export async function subscriptionPage(
  db: Database,
  viewer: Viewer,
  portal: WebhookPortal,
  idParam: string | undefined,
  url: URL,
) {
  const { owner, mayManage } = await ownerFor(db, viewer, portal)
  const id = readId(idParam)
  // A company user who is not its admin reads none of it (the URL may hold a credential, the page the secret).
  if (id === null || !mayManage) return notFound()
  const detail = (await subscriptionDetail(db, owner, id, url)) ?? notFound()
  return { portal, ...detail, idempotencyKey: newIdempotencyKey() }
}
export type SubscriptionPageData = Awaited<ReturnType<typeof subscriptionPage>>

/** A subscription page's buttons: test, rotate, disable or enable, delete, replay a delivery. */
export async function handleSubscriptionForm(
  db: Database,
  viewer: Viewer,
  portal: WebhookPortal,
  idParam: string | undefined,
  form: FormData,
): Promise<FormOutcome> {
  const { owner, mayManage } = await ownerFor(db, viewer, portal)
  const id = readId(idParam)
  if (id === null) return { status: 'not-found' }
  if (!mayManage) return { status: 'forbidden', message: 'Only your company’s administrators manage its webhooks.' }
  const submission = parseWithZod(form, { schema: subscriptionActionSchema })
  // A post that names no button of the page: about a subscription that is not there, not found.
  if (submission.status !== 'success')
    return (await isOwnSubscription(db, owner, id)) ? { status: 'bad-request' } : { status: 'not-found' }
  const { intent, idempotencyKey: key, delivery } = submission.value
  const actor = { userId: viewer.userId }
  const page = subscriptionPath(portal, id)
  const refused = (result: Refusal): FormOutcome =>
    result.notFound
      ? { status: 'not-found' }
      : { status: 'done', redirectTo: page, toast: { kind: 'error', message: result.message } }
  const done = (message: string, redirectTo = page): FormOutcome => ({
    status: 'done',
    redirectTo,
    toast: { kind: 'success', message },
  })
  switch (intent) {
    case 'test': {
      const result = await sendTestEvent(db, actor, owner, id, key)
      if (!result.ok) return refused(result)
      kickWorker()
      return done('A test event is on its way: its delivery shows in the log below.')
    }
    case 'rotate': {
      const result = await rotateSecret(db, actor, owner, id, key)
      if (!result.ok) return refused(result)
      return done(
        'The secret is rotated: put the new one in the receiving system. Deliveries are signed with the old one too for 24 hours.',
      )
    }
    case 'disable':
    case 'enable': {
      const result = await setSubscriptionStatus(db, actor, owner, id, intent === 'enable' ? 'active' : 'disabled')
      if (!result.ok) return refused(result)
      if (intent === 'enable') kickWorker()
      return done(
        intent === 'enable'
          ? 'The subscription is enabled: deliveries that waited go out now.'
          : 'The subscription is disabled: nothing is sent to it until it is enabled again.',
      )
    }
    case 'delete': {
      const result = await deleteSubscription(db, actor, owner, id, key)
      if (!result.ok) return refused(result)
      return done('The subscription is deleted, with its delivery log.', webhooksBase[portal])
    }
    case 'replay': {
      if (delivery === undefined) return { status: 'bad-request' }
      const result = await replayDelivery(db, actor, owner, id, delivery, key)
      if (!result.ok) return refused(result)
      kickWorker()
      return done(`The ${result.value.type} event is queued to be sent again.`)
    }
  }
}
