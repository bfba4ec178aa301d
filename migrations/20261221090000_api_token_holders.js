// Issue 50: an API token belongs to the holder it was made for, the buyer company, the seller company
// or the platform's staff, and is refused once its user no longer belongs there (docs/domain.md
// "Integration API"). Before this a token followed its user to another company or into staff.
// Expand-only: three nullable columns and their indexes. A token made by the previous release during
// the rollout has none; the app binds it to its user's holder at its first use.
//
// Existing tokens are bound to the holder their user had when each was made: the user's holder now,
// unless the audit trail holds a roles change of the user after the token was made, whose `before`
// names the holder then (`user.roles_changed`: {roles, company: "buyer #12" | "seller #3" | null}).
// A token whose user has left that holder since is revoked here, with an entry that says why: it
// would be refused anyway, and its company's list then shows it as revoked instead of active.
// Frozen in time: never import app code.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  // buyer, seller or staff: whose the token is (its scopes were chosen for that kind)
  await db.schema.alterTable('api_tokens').addColumn('holder_kind', 'text').execute()
  // The company it was made for (null for staff): its administrators list and revoke it there.
  await db.schema
    .alterTable('api_tokens')
    .addColumn('buyer_id', 'integer', (c) => c.references('buyers.id').onDelete('cascade'))
    .execute()
  await db.schema
    .alterTable('api_tokens')
    .addColumn('seller_id', 'integer', (c) => c.references('sellers.id').onDelete('cascade'))
    .execute()
  await db.schema.createIndex('api_tokens_buyer_idx').on('api_tokens').columns(['buyer_id', 'id']).execute()
  await db.schema.createIndex('api_tokens_seller_idx').on('api_tokens').columns(['seller_id', 'id']).execute()

  const tokens = await db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .select([
      'api_tokens.id',
      'api_tokens.name',
      'api_tokens.user_id',
      'api_tokens.created_at',
      'api_tokens.revoked_at',
      'users.buyer_id',
      'users.seller_id',
    ])
    .execute()
  const now = new Date().toISOString()
  for (const token of tokens) {
    const current = holderNow(token)
    const made = await db
      .selectFrom('audit_events')
      .select('id')
      .where('entity_type', '=', 'api_token')
      .where('entity_id', '=', String(token.id))
      .where('action', '=', 'api_token.created')
      .orderBy('id')
      .executeTakeFirst()
    let change = db
      .selectFrom('audit_events')
      .select('before_json')
      .where('entity_type', '=', 'user')
      .where('entity_id', '=', String(token.user_id))
      .where('action', '=', 'user.roles_changed')
      .orderBy('id')
      .limit(1)
    change = made ? change.where('id', '>', made.id) : change.where('at', '>=', token.created_at)
    const first = await change.executeTakeFirst()
    const then = first ? holderOfLabel(first.before_json, current) : current
    const left =
      then.holder_kind !== current.holder_kind ||
      then.buyer_id !== current.buyer_id ||
      then.seller_id !== current.seller_id
    const revoke = left && !token.revoked_at
    await db
      .updateTable('api_tokens')
      .set({ ...then, ...(revoke ? { revoked_at: now } : {}) })
      .where('id', '=', token.id)
      .execute()
    if (revoke) {
      await db
        .insertInto('audit_events')
        .values({
          at: now,
          actor_user_id: null,
          action: 'api_token.revoked',
          entity_type: 'api_token',
          entity_id: String(token.id),
          before_json: JSON.stringify({ name: token.name }),
          after_json: null,
          note: 'its user no longer belongs to the company (or staff) it was made for',
        })
        .execute()
    }
  }
}

/** @param {{ buyer_id: number | null, seller_id: number | null }} user */
function holderNow(user) {
  if (user.buyer_id != null) return { holder_kind: 'buyer', buyer_id: user.buyer_id, seller_id: null }
  if (user.seller_id != null) return { holder_kind: 'seller', buyer_id: null, seller_id: user.seller_id }
  return { holder_kind: 'staff', buyer_id: null, seller_id: null }
}

/**
 * The holder a `user.roles_changed` entry's `before` names ("buyer #12", "seller #3", or none: staff);
 * `fallback` when the entry cannot be read.
 */
function holderOfLabel(json, fallback) {
  let before
  try {
    before = JSON.parse(json ?? 'null')
  } catch {
    return fallback
  }
  if (!before || typeof before !== 'object') return fallback
  const company = before.company ?? null
  const match = typeof company === 'string' ? /^(buyer|seller) #(\d+)/.exec(company) : null
  if (!match) return holderNow({ buyer_id: null, seller_id: null })
  const id = Number(match[2])
  return match[1] === 'buyer'
    ? holderNow({ buyer_id: id, seller_id: null })
    : holderNow({ buyer_id: null, seller_id: id })
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropIndex('api_tokens_seller_idx').execute()
  await db.schema.dropIndex('api_tokens_buyer_idx').execute()
  for (const column of ['seller_id', 'buyer_id', 'holder_kind'])
    await db.schema.alterTable('api_tokens').dropColumn(column).execute()
}
