import type { RoleKey } from '#db/types'

// Which roles go together, shared by the browser's checks and the server's (docs/domain.md sections 3 and 4).

export const ROLE_KEYS = [
  'buyer',
  'seller',
  'admin',
  'dev_admin',
  'catalog_manager',
  'demand_kam',
  'biz_ops',
  'biz_fin',
  'logistics',
  'field_operator',
  'supplier_admin',
  'supplier_agent',
  'internal',
] as const satisfies readonly RoleKey[]

/** How people read each role (the same labels as the roles table; a test keeps them equal). */
export const ROLE_LABELS: Record<RoleKey, string> = {
  buyer: 'Buyer',
  seller: 'Seller',
  admin: 'Admin',
  dev_admin: 'Developer admin',
  catalog_manager: 'Catalog manager',
  demand_kam: 'Demand key-account manager',
  biz_ops: 'Business operations',
  biz_fin: 'Business finance',
  logistics: 'Logistics',
  field_operator: 'Field operator',
  supplier_admin: 'Supplier team admin',
  supplier_agent: 'Supplier team agent',
  internal: 'Internal staff',
}

export const roleLabel = (role: string): string => ROLE_LABELS[role as RoleKey] ?? role

export type CompanyKind = 'buyer' | 'seller'

export const isCompanyRole = (role: string): role is CompanyKind => role === 'buyer' || role === 'seller'

/** The kind of company a set of roles belongs to: buyer and seller users have one, staff none. */
export function companyKindOf(roles: readonly string[]): CompanyKind | null {
  if (roles.includes('buyer')) return 'buyer'
  if (roles.includes('seller')) return 'seller'
  return null
}

export interface RoleIssue {
  path: 'roles' | 'company' | 'companyAdmin'
  message: string
}

/**
 * What is wrong with a combination of roles, company and company-admin mark, before the company
 * is looked up: a buyer or seller user holds that one role and belongs to a company of that kind;
 * a staff user holds only staff roles and belongs to no company.
 */
export function roleIssues(input: { roles?: unknown; company?: unknown; companyAdmin?: unknown }): RoleIssue[] {
  const roles = Array.isArray(input.roles) ? input.roles.filter((r): r is string => typeof r === 'string') : []
  const company = typeof input.company === 'string' ? input.company.trim() : ''
  if (roles.length === 0) return []
  const issues: RoleIssue[] = []
  const staff = roles.filter((r) => !isCompanyRole(r))
  if (roles.includes('buyer') && roles.includes('seller')) {
    issues.push({ path: 'roles', message: 'A user is either a buyer or a seller, not both' })
  }
  const kind = companyKindOf(roles)
  if (kind && staff.length > 0) {
    issues.push({
      path: 'roles',
      message: `A ${kind} user cannot also hold staff roles (${staff.map((r) => r.replace(/_/g, ' ')).join(', ')})`,
    })
  }
  if (kind && staff.length === 0 && !company) {
    issues.push({
      path: 'company',
      message: `A ${kind} user needs its ${kind} company: type #id or the company's exact name`,
    })
  }
  if (!kind && company) {
    issues.push({ path: 'company', message: 'Staff users belong to no company: leave this empty' })
  }
  if (!kind && input.companyAdmin === true) {
    issues.push({ path: 'companyAdmin', message: 'Only a buyer or seller user can administer its company' })
  }
  return issues
}
