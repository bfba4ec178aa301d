import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'

/** ISO-8601 UTC timestamp stored as text, e.g. 2026-11-22T14:00:00.000Z. */
type Timestamp = ColumnType<string, string | undefined, string>
type Id = Generated<number>

export type RoleKey =
  | 'buyer'
  | 'seller'
  | 'admin'
  | 'dev_admin'
  | 'catalog_manager'
  | 'demand_kam'
  | 'biz_ops'
  | 'biz_fin'
  | 'logistics'
  | 'field_operator'
  | 'supplier_admin'
  | 'supplier_agent'
  | 'internal'

export type CompanyStatus = 'pending' | 'active' | 'suspended'
export type UserStatus = 'active' | 'disabled'
export type AddressKind = 'billing' | 'shipping' | 'pickup' | 'warehouse' | 'office'

export interface RolesTable {
  key: RoleKey
  label: string
  position: number
}

export interface UsersTable {
  id: Id
  email: string
  name: string
  phone: string | null
  password_hash: string
  status: ColumnType<UserStatus, UserStatus | undefined, UserStatus>
  buyer_id: number | null
  seller_id: number | null
  /** 1 when the user administers its own buyer or seller company (edits it, invites colleagues). */
  is_company_admin: ColumnType<number, number | undefined, number>
  created_at: Timestamp
  updated_at: Timestamp
  last_login_at: string | null
}

export interface UserRolesTable {
  user_id: number
  role: RoleKey
}

interface CompanyColumns {
  id: Id
  name: string
  legal_name: string | null
  gstin: string | null
  contact_email: string | null
  contact_phone: string | null
  status: ColumnType<CompanyStatus, CompanyStatus | undefined, CompanyStatus>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface BuyersTable extends CompanyColumns {
  kam_user_id: number | null
  credit_limit_minor: ColumnType<number, number | undefined, number>
  payment_terms_days: ColumnType<number, number | undefined, number>
}

export interface SellersTable extends CompanyColumns {
  agent_user_id: number | null
}

export interface SessionsTable {
  id_hash: string
  user_id: number
  created_at: string
  expires_at: string
  ip: string | null
  user_agent: string | null
}

export interface PasswordResetTokensTable {
  id: Id
  user_id: number
  token_hash: string
  created_at: string
  expires_at: string
  used_at: string | null
  purpose: ColumnType<TokenPurpose, TokenPurpose | undefined, TokenPurpose>
}

export type TokenPurpose = 'reset' | 'invite'

export interface IdempotencyKeysTable {
  key: string
  user_id: number | null
  /** What the key was used for, e.g. 'seller.create'. */
  scope: string
  /** What the first submit produced (an id, a path), returned again to a retry. */
  result: string
  created_at: string
}

export interface ProductsTable {
  id: Id
  slug: string
  name: string
  unit: string
  /** JSON array of AttributeDefinition */
  attribute_schema: string
  active: ColumnType<number, number | undefined, number>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface AddressesTable {
  id: Id
  buyer_id: number | null
  seller_id: number | null
  product_id: number | null
  kind: AddressKind
  label: string | null
  line1: string
  line2: string | null
  city: string
  state: string
  pin: string
  country: ColumnType<string, string | undefined, string>
  is_default: ColumnType<number, number | undefined, number>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface OutboxEmailsTable {
  id: Id
  to_address: string
  subject: string
  body_text: string
  kind: string
  created_at: string
  sent_at: string | null
  attempts: ColumnType<number, number | undefined, number>
  last_error: string | null
}

export interface AuditEventsTable {
  id: Id
  at: string
  actor_user_id: number | null
  action: string
  entity_type: string
  entity_id: string
  before_json: string | null
  after_json: string | null
  note: string | null
}

export interface DB {
  roles: RolesTable
  users: UsersTable
  user_roles: UserRolesTable
  buyers: BuyersTable
  sellers: SellersTable
  sessions: SessionsTable
  password_reset_tokens: PasswordResetTokensTable
  products: ProductsTable
  addresses: AddressesTable
  outbox_emails: OutboxEmailsTable
  audit_events: AuditEventsTable
  idempotency_keys: IdempotencyKeysTable
  search_terms: SearchTermsTable
}

export type SearchEntity = 'buyer' | 'seller' | 'user'

/** One word of a record's searchable text (see app/features/search). */
export interface SearchTermsTable {
  entity_type: SearchEntity
  term: string
  entity_id: number
}

export type User = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>
export type UserUpdate = Updateable<UsersTable>
export type Buyer = Selectable<BuyersTable>
export type Seller = Selectable<SellersTable>
export type Product = Selectable<ProductsTable>

/** One attribute of a product's schema (products.attribute_schema holds a JSON array of these). */
export interface AttributeDefinition {
  key: string
  label: string
  type: 'number' | 'text' | 'enum'
  unit?: string
  required: boolean
  values?: string[]
}
