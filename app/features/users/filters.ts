import type { RoleKey, UserStatus } from '#db/types'
import { readId, readListParams, type ListParams } from '~/utils/list-params'
import { ROLE_KEYS, type CompanyKind } from '~/auth/roles'

// The user list's state, read from its URL (shared by the loader and the view).

// Only sorts that an index serves: users(name), users(email) unique, users(created_at).
export const USER_SORTS = ['name', 'email', 'created'] as const
export type UserSort = (typeof USER_SORTS)[number]
export const SORT_COLUMN = { name: 'users.name', email: 'users.email', created: 'users.created_at' } as const

export const USER_KINDS = [
  { value: 'staff', label: 'Staff' },
  { value: 'buyer', label: 'Buyer users' },
  { value: 'seller', label: 'Seller users' },
] as const
export type UserKind = (typeof USER_KINDS)[number]['value']

export interface CompanyRef {
  kind: CompanyKind
  id: number
}

export interface UserFilters extends ListParams<UserSort> {
  role: RoleKey | null
  status: UserStatus | null
  kind: UserKind | null
  company: CompanyRef | null
}

/** `buyer:12` or `seller:7`, as company record pages link to the list. */
export function readCompanyRef(value: string | null | undefined): CompanyRef | null {
  const match = /^(buyer|seller):(\d{1,12})$/.exec(value ?? '')
  const id = readId(match?.[2])
  return match && id ? { kind: match[1] as CompanyKind, id } : null
}

export function readUserFilters(url: URL): UserFilters {
  const params = url.searchParams
  const role = params.get('role')
  const status = params.get('status')
  const kind = params.get('kind')
  return {
    ...readListParams(url, { sorts: USER_SORTS, defaultSort: 'name' }),
    role: (ROLE_KEYS as readonly string[]).includes(role ?? '') ? (role as RoleKey) : null,
    status: status === 'active' || status === 'disabled' ? status : null,
    kind: USER_KINDS.some((k) => k.value === kind) ? (kind as UserKind) : null,
    company: readCompanyRef(params.get('company')),
  }
}
