// Webhook pages: whose subscriptions a page manages, where its pages are, its forms' ids. No zod
// here: the views import these, and zod comes to the browser only with a form's checks.

import type { WebhookAudience } from '~/platform/webhook-events'

/** Whose subscriptions: a buyer's or a seller's own (its administrators), or the platform's (staff, /dev_admin). */
export type WebhookOwner = { kind: 'buyer'; id: number } | { kind: 'seller'; id: number } | { kind: 'platform' }

/** The portals with webhook pages, and the owner each manages. */
export const WEBHOOK_PORTALS = ['buyer', 'seller', 'dev_admin'] as const
export type WebhookPortal = (typeof WEBHOOK_PORTALS)[number]

export const webhooksBase: Record<WebhookPortal, string> = {
  buyer: '/buyer/webhooks',
  seller: '/seller/webhooks',
  dev_admin: '/dev_admin/webhooks',
}

export const subscriptionPath = (portal: WebhookPortal, id: number) => `${webhooksBase[portal]}/${id}`

/** The lens an owner's subscriptions read events through. */
export const audienceOf = (owner: WebhookOwner): WebhookAudience => owner.kind

export const CREATE_FORM_ID = 'webhook-create'

/** The intents of a subscription's page (each a small form with its own button). */
export const SUBSCRIPTION_INTENTS = ['test', 'rotate', 'disable', 'enable', 'delete', 'replay'] as const
export type SubscriptionIntent = (typeof SUBSCRIPTION_INTENTS)[number]

/** How many deliveries the log shows a page. */
export const LOG_PAGE = 50
