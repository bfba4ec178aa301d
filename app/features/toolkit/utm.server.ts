import crypto from 'node:crypto'
import { sql } from 'kysely'
import type { Database } from '#db/database'
import { isUniqueViolation } from '#db/errors'
import { audit } from '~/platform/audit.server'
import { once } from '~/platform/idempotency.server'
import { buildUtmUrl, SHORT_CODE } from './utm'
import type { UtmTags } from './shared'
import { config } from '~/config.server'

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'

/** A random short code (unbiased: bytes past the alphabet's last whole multiple are skipped). */
export function newShortCode(): string {
  let code = ''
  while (code.length < 7) {
    for (const byte of crypto.randomBytes(16)) {
      if (byte < 256 - (256 % ALPHABET.length) && code.length < 7) code += ALPHABET[byte % ALPHABET.length]
    }
  }
  return code
}

/**
 * Whether a short link may lead to this address: its host is one of SHORT_LINK_HOSTS (the app's own
 * host by default; `*.example.com` also takes example.com's subdomains). Short links are the
 * company's own: a link that may lead anywhere is an open redirector (docs/domain.md, "Toolkit").
 */
export function shortLinkAllowed(url: string, hosts: readonly string[] = config().shortLinkHosts): boolean {
  let host: string
  try {
    host = new URL(url).hostname.toLowerCase()
  } catch {
    return false
  }
  return hosts.some((allowed) =>
    allowed.startsWith('*.') ? host === allowed.slice(2) || host.endsWith(allowed.slice(1)) : host === allowed,
  )
}

/** What the field says when a short link would lead elsewhere. */
export function shortLinkHostProblem(hosts: readonly string[] = config().shortLinkHosts): string {
  return `Short links lead only to our own sites: ${hosts.join(', ')}`
}

/** A user's saved links, newest first. */
export function userLinks(db: Database, userId: number, limit = 100) {
  return db
    .selectFrom('utm_links')
    .select([
      'id',
      'code',
      'url',
      'base_url',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'utm_term',
      'utm_content',
      'clicks',
      'last_clicked_at',
      'created_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}
export type UtmLinkRow = Awaited<ReturnType<typeof userLinks>>[number]

/**
 * Saves the tagged link with a new short code, once per idempotency key. A code that another link
 * took first (the unique index says so) is drawn again.
 */
export async function saveUtmLink(
  db: Database,
  userId: number,
  tags: UtmTags,
  idempotencyKey?: string,
): Promise<{ id: number; repeated: boolean }> {
  const url = buildUtmUrl(tags)
  if (!url) throw new Error('saveUtmLink: the address was not checked')
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        const { result, repeated } = await once(trx, idempotencyKey, 'utm-link', userId, async () => {
          const row = await trx
            .insertInto('utm_links')
            .values({
              user_id: userId,
              code: newShortCode(),
              base_url: tags.url.trim(),
              url,
              utm_source: tags.source.trim(),
              utm_medium: tags.medium.trim(),
              utm_campaign: tags.campaign.trim(),
              utm_term: tags.term?.trim() || null,
              utm_content: tags.content?.trim() || null,
              created_at: new Date().toISOString(),
            })
            .returning('id')
            .executeTakeFirstOrThrow()
          await audit(trx, {
            actorUserId: userId,
            action: 'utm_link.created',
            entityType: 'utm_link',
            entityId: row.id,
            after: { url },
          })
          return row.id
        })
        return { id: result, repeated }
      })
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error, 'utm_links', ['code'])) continue
      throw error
    }
  }
}

/** Deletes one of the user's links; false when the user has no such link. */
export async function deleteUtmLink(db: Database, userId: number, linkId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom('utm_links')
      .where('id', '=', linkId)
      .where('user_id', '=', userId)
      .returning(['id', 'url'])
      .executeTakeFirst()
    if (!gone) return false
    await audit(trx, {
      actorUserId: userId,
      action: 'utm_link.deleted',
      entityType: 'utm_link',
      entityId: gone.id,
      before: { url: gone.url },
    })
    return true
  })
}

/**
 * Where a short link goes, counting the click (one atomic update); null for a code that names no
 * saved link, so the caller answers 404 and never sends anyone to an address it was given. The
 * caller redirects only to an allowed host (shortLinkAllowed); a link saved before that rule that
 * leads elsewhere gets a page naming its destination instead.
 */
export async function followShortLink(db: Database, code: string): Promise<string | null> {
  if (!SHORT_CODE.test(code)) return null
  const row = await db
    .updateTable('utm_links')
    .set({ clicks: sql<number>`clicks + 1`, last_clicked_at: new Date().toISOString() })
    .where('code', '=', code)
    .returning('url')
    .executeTakeFirst()
  return row?.url ?? null
}
