import { z } from 'zod'
import { API_SCOPES } from '~/auth/api-scopes'
import { portalKeys } from '~/auth/portals'
import { endpoint } from '../endpoint'

// Who a token acts for: a client's first call, to check its token and what it may do.

const me = z.object({
  token: z.object({
    id: z.number().int(),
    name: z.string(),
    scopes: z.array(z.enum(API_SCOPES)),
  }),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  company: z
    .object({ kind: z.enum(['buyer', 'seller']), id: z.number().int(), name: z.string() })
    .nullable()
    .describe('The buyer or seller company the token acts for; null for a staff token.'),
})

export const meEndpoints = [
  endpoint({
    id: 'getMe',
    method: 'GET',
    path: '/me',
    tag: 'Tokens',
    summary: 'Read who this token acts for',
    description: 'The token, its scopes, the user it acts as and that user’s company. Needs no scope.',
    portals: portalKeys,
    response: me,
    examples: [{ name: 'buyer', summary: 'A buyer’s token', as: 'buyer@example.com', status: 200 }],
    handle: async ({ caller, viewer }) => ({
      token: { id: caller.token.id, name: caller.token.name, scopes: caller.token.scopes },
      user: { id: viewer.userId, name: viewer.name, email: viewer.email },
      company: viewer.company ? { kind: viewer.company.kind, id: viewer.company.id, name: viewer.company.name } : null,
    }),
  }),
]
