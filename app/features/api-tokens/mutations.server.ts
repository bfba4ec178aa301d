import type { Database } from '#db/database'
import { scopesFor, SCOPE_INFO, type ApiScope } from '~/auth/api-scopes'
import { bindingOf, holderOf, newApiToken } from '~/auth/api-tokens.server'
import type { Viewer } from '~/auth/session.server'
import { audit } from '~/platform/audit.server'
import { once } from '~/platform/idempotency.server'
import { Refused, refusals, type Result } from '~/utils/refusal.server'
import { mayManageTokens, tokenScopeOf, tokensIn } from './queries.server'

// Making and revoking API tokens (docs/api.md "Tokens"). A token acts as the user who makes it: a
// buyer's or seller's company administrator for the company, a staff user for themself. It belongs
// to that company (or to staff): it is kept with it, listed and revoked there, and refused once its
// user no longer belongs there (issue 50).

export interface CreatedToken {
  id: number
  /** The token itself: shown once, never kept. Null when a retried submit found the token its first submit made. */
  token: string | null
}

export async function createApiToken(
  db: Database,
  viewer: Viewer,
  input: { name: string; scopes: readonly ApiScope[]; days: number; idempotencyKey?: string },
  now = new Date(),
): Promise<Result<CreatedToken>> {
  return refusals(() =>
    db.transaction().execute(async (trx): Promise<Result<CreatedToken>> => {
      if (!(await mayManageTokens(trx, viewer))) {
        throw new Refused(undefined, 'Only your company’s administrators make API tokens.')
      }
      const holder = holderOf(viewer.roles)
      const allowed = scopesFor(holder)
      const refused = input.scopes.filter((scope) => !allowed.includes(scope))
      if (refused.length) {
        throw new Refused(
          'scopes',
          `A ${holder} token cannot hold ${refused.map((s) => SCOPE_INFO[s].label.toLowerCase()).join('; ')}`,
        )
      }
      let made: string | null = null
      const { result: id } = await once(trx, input.idempotencyKey, 'api_token.create', viewer.userId, async () => {
        const { token, hash, prefix } = newApiToken()
        const expiresAt = new Date(now.getTime() + input.days * 86_400_000).toISOString()
        const scopes = [...new Set(input.scopes)]
        const row = await trx
          .insertInto('api_tokens')
          .values({
            user_id: viewer.userId,
            name: input.name,
            token_hash: hash,
            prefix,
            scopes: JSON.stringify(scopes),
            created_by: viewer.userId,
            created_at: now.toISOString(),
            expires_at: expiresAt,
            ...bindingOf(viewer),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        await audit(trx, {
          actorUserId: viewer.userId,
          action: 'api_token.created',
          entityType: 'api_token',
          entityId: row.id,
          after: { name: input.name, prefix, scopes, expires_at: expiresAt },
        })
        made = token
        return row.id
      })
      return { ok: true, value: { id, token: made } }
    }),
  )
}

/** Revokes a token the viewer may manage; a second revoke (a double click) is told it is done already. */
export async function revokeApiToken(db: Database, viewer: Viewer, tokenId: number, now = new Date()): Promise<Result> {
  return refusals(() =>
    db.transaction().execute(async (trx): Promise<Result> => {
      const scope = await tokenScopeOf(trx, viewer)
      if (!scope) throw Refused.notFound()
      const token = await tokensIn(trx, scope, viewer)
        .select(['api_tokens.id', 'api_tokens.name', 'api_tokens.prefix', 'api_tokens.revoked_at'])
        .where('api_tokens.id', '=', tokenId)
        .executeTakeFirst()
      if (!token) throw Refused.notFound('There is no such token.')
      if (token.revoked_at) throw new Refused(undefined, `Token “${token.name}” was already revoked.`)
      const done = await trx
        .updateTable('api_tokens')
        .set({ revoked_at: now.toISOString(), revoked_by: viewer.userId })
        .where('id', '=', tokenId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
      if (Number(done.numUpdatedRows) !== 1) throw new Refused(undefined, `Token “${token.name}” was already revoked.`)
      await audit(trx, {
        actorUserId: viewer.userId,
        action: 'api_token.revoked',
        entityType: 'api_token',
        entityId: tokenId,
        before: { name: token.name, prefix: token.prefix },
      })
      return { ok: true, value: undefined }
    }),
  )
}
