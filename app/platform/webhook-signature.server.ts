import crypto from 'node:crypto'

// Standard Webhooks signing (https://www.standardwebhooks.com, the spec Svix publishes): a secret
// `whsec_<base64>`, and per message the headers webhook-id, webhook-timestamp (seconds since the
// epoch) and webhook-signature: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` keyed with
// the secret's base64-decoded bytes. After a rotation the message is signed with both secrets,
// space-separated, for a day, so a receiver can switch its secret without losing a delivery.

const PREFIX = 'whsec_'
/** Random bytes in a new secret (the spec asks 24 to 64; Svix uses 24). */
const SECRET_BYTES = 24
/** How long the secret before a rotation still signs. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60_000

/** A new signing secret: `whsec_` and 24 random bytes in base64. */
export const newWebhookSecret = () => `${PREFIX}${crypto.randomBytes(SECRET_BYTES).toString('base64')}`

/** The key bytes of a secret (its base64 after `whsec_`). */
export function secretKey(secret: string): Buffer {
  if (!secret.startsWith(PREFIX)) throw new Error('a webhook secret starts with whsec_')
  return Buffer.from(secret.slice(PREFIX.length), 'base64')
}

/** One `v1,<base64>` signature of a message. */
export function signature(secret: string, msgId: string, timestamp: number, body: string): string {
  const mac = crypto.createHmac('sha256', secretKey(secret)).update(`${msgId}.${timestamp}.${body}`).digest('base64')
  return `v1,${mac}`
}

/** The secrets that sign now: the current one, and the one it replaced until a day after the rotation. */
export function signingSecrets(
  subscription: { secret: string; previous_secret: string | null; rotated_at: string | null },
  now: Date,
): string[] {
  const overlapping =
    subscription.previous_secret &&
    subscription.rotated_at &&
    now.getTime() - new Date(subscription.rotated_at).getTime() < ROTATION_OVERLAP_MS
  return overlapping ? [subscription.secret, subscription.previous_secret!] : [subscription.secret]
}

/** The three Standard Webhooks headers (and the body's type) of one attempt. */
export function webhookHeaders(secrets: string[], msgId: string, timestamp: number, body: string) {
  return {
    'content-type': 'application/json',
    'webhook-id': msgId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((secret) => signature(secret, msgId, timestamp, body)).join(' '),
  }
}
