import type { CompanyKind } from './roles'

// What an API token may do (docs/api.md "Scopes"). A token acts as the user who made it, through that
// user's roles, company and lenses; its scopes only narrow that further. Which scopes a token may hold
// depends on who it acts for: a buyer's, a seller's or staff's.

export const API_SCOPES = [
  'catalogue:read',
  'catalogue:write',
  'orders:read',
  'orders:write',
  'quality:read',
  'shipments:read',
  'invoices:read',
] as const
export type ApiScope = (typeof API_SCOPES)[number]

/** Whose token: a buyer company's user, a seller company's, or staff. */
export type TokenHolder = CompanyKind | 'staff'

export const SCOPE_INFO: Record<ApiScope, { label: string; holders: readonly TokenHolder[] }> = {
  'catalogue:read': { label: 'Read the catalogue (a buyer: its SKUs and prices)', holders: ['buyer', 'staff'] },
  'catalogue:write': { label: 'Create and change product, buyer and seller SKUs', holders: ['staff'] },
  'orders:read': { label: 'Read orders', holders: ['buyer', 'seller', 'staff'] },
  'orders:write': {
    label:
      'Place orders and agree to changes (buyer); production, stages and QC readiness (seller); the supplier team’s approvals and counter-offers (staff)',
    holders: ['buyer', 'seller', 'staff'],
  },
  'quality:read': { label: 'Read inspections and their results', holders: ['buyer', 'seller', 'staff'] },
  'shipments:read': { label: 'Read shipments and their tracking', holders: ['buyer', 'staff'] },
  'invoices:read': { label: 'Read invoices, credit notes and statements', holders: ['buyer', 'staff'] },
}

export const isApiScope = (value: unknown): value is ApiScope =>
  typeof value === 'string' && (API_SCOPES as readonly string[]).includes(value)

export const scopesFor = (holder: TokenHolder): ApiScope[] =>
  API_SCOPES.filter((scope) => SCOPE_INFO[scope].holders.includes(holder))

/** The scopes kept on a token row, read defensively (an unknown key is dropped, never granted). */
export function parseScopes(text: string): ApiScope[] {
  try {
    const value: unknown = JSON.parse(text)
    return Array.isArray(value) ? value.filter(isApiScope) : []
  } catch {
    return []
  }
}
