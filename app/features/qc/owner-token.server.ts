import crypto from 'node:crypto'
import { config } from '~/config.server'

// The owner token of a field form (docs/decisions/0009): who was shown the form, for which
// inspection, until when, signed with the session secret. The form carries it, so a form kept on a
// phone and replayed later is sent only by the person it was served to, never as someone else's.

/** How long a form kept on the phone may wait to be sent. */
export const OWNER_TOKEN_DAYS = 7

const sign = (payload: string) =>
  crypto.createHmac('sha256', config().sessionSecret).update(`qc-field-owner:${payload}`).digest('base64url')

/** The token for this user and inspection, valid OWNER_TOKEN_DAYS from `now`. */
export function signOwnerToken(userId: number, inspectionId: number, now = Date.now()): string {
  const payload = `${userId}.${inspectionId}.${Math.floor(now / 1000) + OWNER_TOKEN_DAYS * 86_400}`
  return `${payload}.${sign(payload)}`
}

export type OwnerCheck =
  { ok: true; userId: number; inspectionId: number } | { ok: false; reason: 'forged' | 'expired' }

/** The token's user and inspection when its signature holds and it has not expired. */
export function readOwnerToken(token: unknown, now = Date.now()): OwnerCheck {
  const match = typeof token === 'string' ? /^(\d{1,12})\.(\d{1,12})\.(\d{1,12})\.([\w-]{43})$/.exec(token) : null
  if (!match) return { ok: false, reason: 'forged' }
  const [, user, inspection, expires, signature] = match
  const expected = Buffer.from(sign(`${user}.${inspection}.${expires}`))
  if (!crypto.timingSafeEqual(expected, Buffer.from(signature!))) return { ok: false, reason: 'forged' }
  if (Number(expires) * 1000 < now) return { ok: false, reason: 'expired' }
  return { ok: true, userId: Number(user), inspectionId: Number(inspection) }
}

/** A field user's marker for the phone's script (public/field.js): it changes with the person signed in, and names no one. */
export const fieldUserMarker = (userId: number) => sign(`user:${userId}`).slice(0, 16)
