import { parseWithZod } from '@conform-to/zod/v4'
import type { Database } from '#db/database'
import { scopesFor, SCOPE_INFO } from '~/auth/api-scopes'
import { holderOf } from '~/auth/api-tokens.server'
import type { Viewer } from '~/auth/session.server'
import type { FormReply } from '~/platform/form-reply'
import { newIdempotencyKey } from '~/platform/idempotency.server'
import type { FormOutcome } from '~/ui/outcome.server'
import { createApiToken, revokeApiToken } from './mutations.server'
import { companyAdmins, listApiTokens, tokenNameOf, tokenScopeOf, tokenStatusOf } from './queries.server'
import { createTokenSchema, revokeTokenSchema, TOKEN_DAYS_DEFAULT, TOKEN_DAYS_MAX } from './schema'
import type { ApiTokensData, TokenActionData } from './tokens-page'

// The API tokens page of every portal (buyer and seller company administrators, staff on their
// profile): what it shows and what its two forms do. The route only guards and answers.

export const CREATE_FORM_ID = 'create-token'

export async function apiTokensPage(db: Database, viewer: Viewer, now = new Date()): Promise<ApiTokensData> {
  const scope = await tokenScopeOf(db, viewer)
  const holder = holderOf(viewer.roles)
  if (!scope) {
    return {
      manages: false,
      sees: 'company',
      companyName: viewer.company?.name ?? null,
      admins: viewer.company ? await companyAdmins(db, viewer.company) : [],
      tokens: [],
      scopes: [],
      idempotencyKey: '',
      daysDefault: TOKEN_DAYS_DEFAULT,
      daysMax: TOKEN_DAYS_MAX,
    }
  }
  const rows = (await listApiTokens(db, viewer)) ?? []
  return {
    manages: true,
    sees: scope.kind,
    companyName: viewer.company?.name ?? null,
    admins: [],
    tokens: rows.map((row) => ({ ...row, status: tokenStatusOf(row, now) })),
    scopes: scopesFor(holder).map((value) => ({ value, label: `${value}: ${SCOPE_INFO[value].label}` })),
    idempotencyKey: newIdempotencyKey(),
    daysDefault: TOKEN_DAYS_DEFAULT,
    daysMax: TOKEN_DAYS_MAX,
  }
}

/**
 * The page's forms. A made token is answered in the page (never in a redirect, a cookie or a log):
 * its secret is shown this once. A repeated submit of the same form (a double click, a reload of the
 * answer) makes nothing and says the secret went to the first submit.
 */
export async function handleApiTokenAction(
  db: Database,
  viewer: Viewer,
  formData: FormData,
): Promise<{ status: 'answer'; data: TokenActionData } | FormOutcome<FormReply>> {
  const intent = formData.get('intent')
  if (intent !== 'create' && intent !== 'revoke') return { status: 'bad-request' }
  if (!(await tokenScopeOf(db, viewer)))
    return { status: 'forbidden', message: 'Only your company’s administrators manage API tokens.' }

  if (intent === 'revoke') {
    const submission = parseWithZod(formData, { schema: revokeTokenSchema })
    if (submission.status !== 'success') return { status: 'bad-request' }
    const result = await revokeApiToken(db, viewer, submission.value.tokenId)
    if (!result.ok) {
      if (result.notFound) return { status: 'not-found' }
      return { status: 'done', toast: { kind: 'info', message: result.message } }
    }
    const token = await tokenNameOf(db, submission.value.tokenId)
    return {
      status: 'done',
      toast: { kind: 'success', message: `Token “${token?.name}” is revoked: it opens nothing from now on.` },
    }
  }

  const submission = parseWithZod(formData, { schema: createTokenSchema })
  if (submission.status !== 'success')
    return { status: 'invalid', reply: { form: CREATE_FORM_ID, result: submission.reply() } }
  const { name, scopes, days, idempotencyKey } = submission.value
  const made = await createApiToken(db, viewer, { name, scopes, days, idempotencyKey })
  if (!made.ok) {
    const errors = made.field ? { fieldErrors: { [made.field]: [made.message] } } : { formErrors: [made.message] }
    return { status: 'invalid', reply: { form: CREATE_FORM_ID, result: submission.reply(errors) } }
  }
  const token = await tokenNameOf(db, made.value.id)
  const named = { name: token?.name ?? name, prefix: token?.prefix ?? '' }
  return {
    status: 'answer',
    data: made.value.token ? { created: { ...named, token: made.value.token } } : { repeated: named },
  }
}
