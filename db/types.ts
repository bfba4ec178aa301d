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
  /** 1: not registered for GST (said explicitly, with a reason): no tax invoice with input credit. */
  gst_unregistered: Generated<number>
  gst_unregistered_reason: string | null
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
  /** 1: its seller orders are approved as they are placed, while the seller_order_auto_approve flag is on. */
  auto_approve_orders: Generated<number>
  /** Days from a seller bill's date to its due date (docs/domain.md (issue 38)). */
  payment_terms_days: ColumnType<number, number | undefined, number>
}

export interface SessionsTable {
  id_hash: string
  user_id: number
  created_at: string
  expires_at: string
  ip: string | null
  user_agent: string | null
  /** When the session was last used (updated at most every few minutes); null until then. */
  last_seen_at: ColumnType<string | null, string | null | undefined, string | null>
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
  /** Order in menus and lists. */
  position: ColumnType<number, number | undefined, number>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface ProductLinesTable {
  id: Id
  product_id: number
  name: string
  position: ColumnType<number, number | undefined, number>
  active: ColumnType<number, number | undefined, number>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface CategoriesTable {
  id: Id
  product_id: number
  name: string
  hsn_code: string
  /** GST rate in basis points: 500 = 5 %. */
  gst_rate_bp: number
  active: ColumnType<number, number | undefined, number>
  /** The margin (basis points of the buyer price) below which a price or a counter-offer needs an admin; null: none. */
  margin_floor_bp: ColumnType<number | null, number | null | undefined, number | null>
  /** A seller order worth more than this (paise, buyer value) needs a second, different approver; null: never. */
  second_approval_above_minor: ColumnType<number | null, number | null | undefined, number | null>
  /** A value slab: above this sale value per piece (paise) a line takes gst_rate_above_bp; null: one rate. */
  gst_slab_above_minor: ColumnType<number | null, number | null | undefined, number | null>
  /** The GST rate (basis points) above the slab; null with no slab. */
  gst_rate_above_bp: ColumnType<number | null, number | null | undefined, number | null>
  /** How its lots are inspected: by conditions alone, an AQL sampling plan (ISO 2859-1), or fabric rolls by 4 points (ASTM D5430). */
  qc_method: ColumnType<QcMethod, QcMethod | undefined, QcMethod>
  /** The inspection level of the sampling plans: S-1 to S-4, I, II, III. */
  qc_level: ColumnType<string, string | undefined, string>
  /** The AQL per defect class, as written in the tables ("0" for none allowed, "2.5", "4.0"). */
  aql_critical: ColumnType<string, string | undefined, string>
  aql_major: ColumnType<string, string | undefined, string>
  aql_minor: ColumnType<string, string | undefined, string>
  /** A fabric roll passes at or below this many points per 100 square yards. */
  points_limit: ColumnType<number, number | undefined, number>
  created_at: Timestamp
  updated_at: Timestamp
}

export type QcMethod = 'none' | 'aql' | 'four_point'
export type InspectionSeverity = 'normal' | 'tightened' | 'reduced'

/** A kind of defect an inspector counts in a category's lots, in its class. */
export interface DefectTypesTable {
  id: Id
  category_id: number
  name: string
  severity: ConditionSeverity
  /** A hole or opening: 4 points on a fabric roll whatever its size. */
  is_hole: ColumnType<number, number | undefined, number>
  position: ColumnType<number, number | undefined, number>
  active: ColumnType<number, number | undefined, number>
  created_at: Timestamp
  updated_at: Timestamp
}

/** What an inspection counted: defects of one type (or a named one) on one line. */
export interface QcDefectCountsTable {
  id: Id
  inspection_id: number
  sub_order_id: number
  defect_type_id: number | null
  name: string
  severity: ConditionSeverity
  count: number
}

/** A fabric roll inspected by the 4-point system. */
export interface QcRollsTable {
  id: Id
  inspection_id: number
  sub_order_id: number
  /** The roll's place on its line (1, 2, 3...); its tag is roll_tag (issue 51). */
  roll_no: number
  /** The tag the mill prints on the roll ("R1", "A-07"); null only on a roll written before issue 51's release. */
  roll_tag: string | null
  shade: string | null
  length_mm: number
  width_mm: number
  points: number
  /** Points per 100 square yards, in hundredths. */
  points_per_100: number
  accepted: number
}

export interface QcRollDefectsTable {
  id: Id
  roll_id: number
  defect_type_id: number | null
  name: string
  /** The defect's length (null for a hole). */
  length_mm: number | null
  /** Where along the roll, when noted. */
  at_mm: number | null
  points: number
}

/** A seller's switching state per category (ISO 2859-1 clause 9), kept from its lots in the order decided. */
export interface QcSupplierStatesTable {
  seller_id: number
  category_id: number
  state: ColumnType<
    InspectionSeverity | 'discontinued',
    InspectionSeverity | 'discontinued' | undefined,
    InspectionSeverity | 'discontinued'
  >
  score: ColumnType<number, number | undefined, number>
  reason: string | null
  /** The lots so far, oldest first (JSON), as app/features/qc/sampling/switching.ts reads them. */
  lots_json: ColumnType<string, string | undefined, string>
  lots: ColumnType<number, number | undefined, number>
  updated_at: Timestamp
}

export interface WorkflowStagesTable {
  id: Id
  category_id: number
  position: number
  name: string
  expected_days: number
  qc_gate: ColumnType<number, number | undefined, number>
}

export type ConditionOperator = 'between' | 'min' | 'max' | 'eq' | 'in'
export type ConditionSeverity = 'critical' | 'major' | 'minor'

export interface ConditionsTable {
  id: Id
  category_id: number
  name: string
  attribute_key: string
  operator: ConditionOperator
  /** Exact decimal text, e.g. "2.5" (between, min). */
  min_value: string | null
  /** Exact decimal text (between, max). */
  max_value: string | null
  /** JSON array of strings (eq, in). */
  values_json: string | null
  unit: string | null
  severity: ConditionSeverity
  /** fixed: the bounds as typed; percent / units: min_value and max_value are the tolerance below and above the SKU's own value. */
  tolerance: ColumnType<ConditionTolerance, ConditionTolerance | undefined, ConditionTolerance>
  active: ColumnType<number, number | undefined, number>
  created_at: Timestamp
  updated_at: Timestamp
}

export type ConditionTolerance = 'fixed' | 'percent' | 'units'

export type ProductSkuStatus = 'active' | 'archived'

export interface ProductSkusTable {
  id: Id
  product_id: number
  category_id: number
  product_line_id: number | null
  code: string
  name: string
  /** JSON object: attribute key -> value as text (numbers as exact decimal text). */
  attributes_json: ColumnType<string, string | undefined, string>
  /** Minimum order quantity in thousandths of the product's unit. */
  moq_milli: ColumnType<number, number | undefined, number>
  status: ColumnType<ProductSkuStatus, ProductSkuStatus | undefined, ProductSkuStatus>
  created_at: Timestamp
  updated_at: Timestamp
}

/** One attribute value of a product SKU, kept beside attributes_json so filters use an index. */
export interface ProductSkuAttributesTable {
  product_sku_id: number
  key: string
  value: string
}

export interface ProductSkuImagesTable {
  product_sku_id: number
  image_id: number
  position: ColumnType<number, number | undefined, number>
}

export interface ImagesTable {
  id: Id
  /** File name under data/uploads/ (random; never the user's file name). */
  storage_key: string
  content_type: string
  byte_size: number
  width: number | null
  height: number | null
  original_name: string | null
  uploaded_by: number | null
  created_at: Timestamp
}

export type SellerSkuStatus = 'draft' | 'live' | 'archived'

export interface SellerSkusTable {
  id: Id
  seller_id: number
  product_sku_id: number
  seller_code: string | null
  cost_minor: number | null
  moq_milli: number | null
  lead_time_days: number | null
  monthly_capacity_milli: number | null
  status: ColumnType<SellerSkuStatus, SellerSkuStatus | undefined, SellerSkuStatus>
  published_at: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

export type BuyerSkuStatus = 'active' | 'archived'

export interface BuyerSkusTable {
  id: Id
  buyer_id: number
  product_sku_id: number
  /**
   * The product SKU's product, kept here for the list's product filter (a buyer SKU's product SKU never changes).
   * Set on every insert; nullable in the schema because a later migration added it (SQLite adds no not-null column).
   */
  product_id: number | null
  buyer_code: string
  /** Number of the latest version (which may take effect in the future). */
  current_version: ColumnType<number, number | undefined, number>
  status: ColumnType<BuyerSkuStatus, BuyerSkuStatus | undefined, BuyerSkuStatus>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface BuyerSkuVersionsTable {
  id: Id
  buyer_sku_id: number
  number: number
  buyer_code: string
  price_minor: number
  moq_milli: number
  note: string | null
  /** In force from this instant (UTC ISO); the version in force at t is the highest number with effective_from <= t. */
  effective_from: string
  created_by: number | null
  price_request_id: number | null
  created_at: Timestamp
}

export type PriceChangeStatus = 'pending' | 'approved' | 'rejected' | 'withdrawn'

export interface PriceChangeRequestsTable {
  id: Id
  buyer_sku_id: number
  requested_by: number
  current_price_minor: number
  proposed_price_minor: number
  reason: string
  /** Optional future date (UTC ISO) the approved price takes effect; null = on approval. */
  effective_from: string | null
  status: ColumnType<PriceChangeStatus, PriceChangeStatus | undefined, PriceChangeStatus>
  decided_by: number | null
  decided_at: string | null
  decision_note: string | null
  version_id: number | null
  /** The import whose row raised this request instead of changing the price (issue 51). */
  import_job_id: ColumnType<number | null, number | null | undefined, number | null>
  /** When someone last confirmed the proposal against a moved price (current_price_minor is then that price). */
  rebased_at: ColumnType<string | null, string | null | undefined, string | null>
  rebased_by: ColumnType<number | null, number | null | undefined, number | null>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface SampleSkusTable {
  id: Id
  code: string
  name: string
  category_id: number
  product_sku_id: number | null
  charge_minor: ColumnType<number, number | undefined, number>
  stock: ColumnType<number, number | undefined, number>
  image_id: number | null
  active: ColumnType<number, number | undefined, number>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface FlagsTable {
  key: string
  enabled: ColumnType<number, number | undefined, number>
  /** JSON array of role keys the flag is on for; null = every role. */
  roles_json: string | null
  updated_at: Timestamp
  updated_by: number | null
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
  /** The worker that holds the row, until when (a lease: an expired one may be taken over). */
  claimed_by: ColumnType<string | null, string | null | undefined, string | null>
  claimed_until: ColumnType<string | null, string | null | undefined, string | null>
  /** Not before this time (a retry's backoff); null: now. */
  next_attempt_at: ColumnType<string | null, string | null | undefined, string | null>
  /** Given up after the last attempt failed. */
  failed_at: ColumnType<string | null, string | null | undefined, string | null>
}

/** A copy of an e-mail in its recipient's in-app inbox (docs/domain.md "In-app inbox (issue 40)"). */
export interface NotificationsTable {
  id: Id
  user_id: number
  kind: string
  subject: string
  body_text: string
  /** A local path to the record (a /redirect/… helper or the reader's own page); null: nothing to open. */
  link: string | null
  created_at: Timestamp
  read_at: string | null
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
  /** The API token the change came through (issue 40); null at a page, a seed or a worker. */
  api_token_id: ColumnType<number | null, number | null | undefined, number | null>
}

/** An integration API token (issue 40): it acts as its user, no further than its scopes. */
export interface ApiTokensTable {
  id: Id
  user_id: number
  name: string
  /** SHA-256 of the token, base64url: the token itself is never kept. */
  token_hash: string
  prefix: string
  /** JSON array of scope keys (app/auth/api-scopes.ts). */
  scopes: string
  created_by: number | null
  created_at: Generated<string>
  expires_at: string
  last_used_at: string | null
  revoked_at: string | null
  revoked_by: number | null
  /**
   * Whose the token is (issue 50): the kind it was made for, and its company (null for staff). It is
   * refused once its user no longer belongs there; null: made by the release before, bound at first use.
   */
  holder_kind: ApiTokenHolder | null
  buyer_id: number | null
  seller_id: number | null
}

export type ApiTokenHolder = 'buyer' | 'seller' | 'staff'

/** An Idempotency-Key of an API write, per token, with the first answer (issue 40). */
export interface ApiIdempotencyTable {
  token_id: number
  key: string
  request_hash: string
  response_status: number | null
  response_body: string | null
  response_location: string | null
  created_at: Generated<string>
  locked_until: string | null
}

/** rate-limiter-flexible's counters (app/auth/throttle.server.ts): `expire` in ms since the epoch. */
export interface LoginThrottleTable {
  key: string
  points: number
  expire: number | null
}

export interface CodeCountersTable {
  /** A numbering scope, like 'MO-2026'. */
  scope: string
  last: number
}

export interface OrderCartsTable {
  id: Id
  user_id: number
  buyer_id: number
  ship_to_address_id: number | null
  bill_to_address_id: number | null
  created_at: Timestamp
  updated_at: Timestamp
}

/** A cart line keeps what was typed (text), so a line that cannot be ordered yet is not lost. */
export interface OrderCartLinesTable {
  id: Id
  cart_id: number
  buyer_sku_id: number
  seller_sku_id: number | null
  quantity: ColumnType<string, string | undefined, string>
  required_by: ColumnType<string, string | undefined, string>
  created_at: Timestamp
  updated_at: Timestamp
}

export type OrderSource = 'cart' | 'solv' | 'gt'
export type MasterOrderStatus =
  | 'placed'
  | 'confirmed'
  | 'in_production'
  | 'in_qc'
  | 'ready_to_dispatch'
  | 'dispatched'
  | 'delivered'
  | 'closed'
  | 'cancelled'
export type SellerOrderStatus =
  | 'pending_approval'
  | 'approved'
  | 'rejected'
  | 'in_production'
  | 'ready_for_qc'
  | 'qc_passed'
  | 'qc_failed'
  | 'dispatched'
  | 'delivered'
  | 'cancelled'

export interface MasterOrdersTable {
  id: Id
  code: string
  buyer_id: number
  source: OrderSource
  channel_order_id: string | null
  status: MasterOrderStatus
  ship_to_address_id: number | null
  bill_to_address_id: number | null
  ship_to_json: string
  bill_to_json: string
  /** The earliest required-by date of its lines (YYYY-MM-DD). */
  required_by: string
  value_minor: number
  cost_minor: number
  gst_minor: number
  line_count: number
  placed_by: number | null
  placed_at: string
  cancel_reason: string | null
  /** Its credit hold (docs/domain.md "Credit"): 'none' for an order never held. */
  credit_hold: ColumnType<CreditHold, CreditHold | undefined, CreditHold>
  /** Why it was held (over the limit, overdue invoices), as the finance queue says it. */
  credit_hold_reason: string | null
  credit_decided_by: number | null
  credit_decided_at: string | null
  credit_decision_note: string | null
  /** When it was held (issue 51); null for an order never held. */
  credit_held_at: string | null
  /** What was overdue beyond the grace period when it was held (0: not a reason). */
  credit_hold_overdue_minor: number | null
  /** How far the order took the buyer's exposure over its limit when it was held (0: not a reason). */
  credit_hold_over_limit_minor: number | null
  created_at: Timestamp
  updated_at: Timestamp
}

export type CreditHold = 'none' | 'held' | 'released' | 'cancelled'

/** Settings an admin edits, one integer each (credit_grace_days). */
export interface PlatformSettingsTable {
  key: string
  value_int: number
  updated_at: Timestamp
  updated_by: number | null
}

export interface SellerOrdersTable {
  id: Id
  code: string
  master_order_id: number
  seller_id: number
  status: SellerOrderStatus
  value_minor: number
  cost_minor: number
  decided_by: number | null
  decided_at: string | null
  decision_note: string | null
  /** The first of two approvals an order above its category's threshold needs (docs/domain.md "Approval rules"). */
  first_approved_by: ColumnType<number | null, number | null | undefined, number | null>
  first_approved_at: ColumnType<string | null, string | null | undefined, string | null>
  counter_offer_json: string | null
  moved_to_id: number | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface SubOrdersTable {
  id: Id
  master_order_id: number
  seller_order_id: number
  line_no: number
  buyer_sku_id: number
  buyer_sku_version: number
  product_sku_id: number
  category_id: number
  seller_sku_id: number
  quantity_milli: number
  price_minor: number
  cost_minor: number
  gst_rate_bp: number
  required_by: string
  ready_by: ColumnType<string | null, string | null | undefined, string | null>
  stage_position: ColumnType<number, number | undefined, number>
  created_at: Timestamp
  updated_at: Timestamp
}

/** One row per master order and category of its lines, with copies of the order's buyer, status and placing time (the order searches' category filter). */
export interface MasterOrderCategoriesTable {
  master_order_id: number
  category_id: number
  buyer_id: number
  status: MasterOrderStatus
  placed_at: string
}

/** How many master orders are in each status, kept with every placing and status change. */
export interface MasterOrderCountsTable {
  status: MasterOrderStatus
  orders: number
}

/** How many master orders of each category are in each status, kept with master_order_counts. */
export interface MasterOrderCategoryCountsTable {
  category_id: number
  status: MasterOrderStatus
  orders: number
}

/** How many master orders of each buyer are in each status, kept with master_order_counts. */
export interface MasterOrderBuyerCountsTable {
  buyer_id: number
  status: MasterOrderStatus
  orders: number
}

export interface UtmLinksTable {
  id: Id
  user_id: number
  code: string
  base_url: string
  url: string
  utm_source: string
  utm_medium: string
  utm_campaign: string
  utm_term: string | null
  utm_content: string | null
  clicks: ColumnType<number, number | undefined, number>
  last_clicked_at: string | null
  created_at: Timestamp
}

export type PlaygroundFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' | 'tiff'

export interface PlaygroundImagesTable {
  id: Id
  user_id: number
  storage_key: string
  original_name: string
  format: PlaygroundFormat
  width: number
  height: number
  byte_size: number
  created_at: Timestamp
}

/** Uploaded files kept in the database (FILE_STORAGE=database): app/platform/files.server.ts. */
export interface StoredFilesTable {
  key: string
  content_type: string
  size: number
  bytes: Uint8Array
  created_at: Timestamp
}

export type AssetKind = 'image' | 'document' | 'spreadsheet' | 'archive' | 'video'

export interface AssetsTable {
  id: Id
  storage_key: string
  name: string
  name_key: string
  content_type: string
  kind: AssetKind
  byte_size: number
  width: number | null
  height: number | null
  uploaded_by: number | null
  created_at: Timestamp
}

/** A master order's contribution to the reports: per category of its lines and seller (migrations/20261205090000_report_facts.js). */
export interface OrderFactsTable {
  master_order_id: number
  category_id: number
  seller_id: number
  day: string
  buyer_id: number
  orders: number
  lines: number
  quantity_milli: number
  value_minor: number
  cost_minor: number
  gst_minor: number
}

/** The reports' summary rows: per day (Asia/Kolkata, of placing) x category x buyer x seller. */
export interface OrderDayFactsTable {
  day: string
  category_id: number
  buyer_id: number
  seller_id: number
  orders: number
  lines: number
  quantity_milli: number
  value_minor: number
  cost_minor: number
  gst_minor: number
}

/** The QC report's rows per day of decision x seller x category (migrations/20261206090000_qc_report_facts.js). */
export interface QcDayFactsTable {
  day: string
  seller_id: number
  category_id: number
  inspections: number
  lots: number
  lots_passed: number
  lots_partly: number
  lots_failed: number
  accepted_milli: number
  rejected_milli: number
}

/** How often a condition was checked and failed, per day of decision x category. */
export interface QcConditionFactsTable {
  day: string
  category_id: number
  condition: string
  checks: number
  fails: number
}

/** A master order's contribution to the buyer reports, per buyer SKU (migrations/20261207090000_buyer_sku_facts.js). */
export interface OrderSkuFactsTable {
  master_order_id: number
  buyer_sku_id: number
  month: string
  buyer_id: number
  lines: number
  quantity_milli: number
  value_minor: number
}

/** The buyer reports' rows: per buyer x month (Asia/Kolkata, of placing) x buyer SKU. */
export interface BuyerSkuMonthFactsTable {
  buyer_id: number
  month: string
  buyer_sku_id: number
  lines: number
  quantity_milli: number
  value_minor: number
}

export interface DB {
  login_throttle: LoginThrottleTable
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
  notifications: NotificationsTable
  audit_events: AuditEventsTable
  api_tokens: ApiTokensTable
  api_idempotency: ApiIdempotencyTable
  idempotency_keys: IdempotencyKeysTable
  search_terms: SearchTermsTable
  product_lines: ProductLinesTable
  categories: CategoriesTable
  workflow_stages: WorkflowStagesTable
  conditions: ConditionsTable
  product_skus: ProductSkusTable
  product_sku_attributes: ProductSkuAttributesTable
  product_sku_images: ProductSkuImagesTable
  images: ImagesTable
  seller_skus: SellerSkusTable
  buyer_skus: BuyerSkusTable
  buyer_sku_versions: BuyerSkuVersionsTable
  price_change_requests: PriceChangeRequestsTable
  sample_skus: SampleSkusTable
  flags: FlagsTable
  platform_settings: PlatformSettingsTable
  code_counters: CodeCountersTable
  order_carts: OrderCartsTable
  order_cart_lines: OrderCartLinesTable
  master_orders: MasterOrdersTable
  seller_orders: SellerOrdersTable
  sub_orders: SubOrdersTable
  master_order_categories: MasterOrderCategoriesTable
  master_order_counts: MasterOrderCountsTable
  master_order_category_counts: MasterOrderCategoryCountsTable
  master_order_buyer_counts: MasterOrderBuyerCountsTable
  sample_carts: SampleCartsTable
  sample_cart_lines: SampleCartLinesTable
  sample_orders: SampleOrdersTable
  sample_order_items: SampleOrderItemsTable
  sample_order_counts: SampleOrderCountsTable
  qc_inspections: QcInspectionsTable
  qc_inspection_lines: QcInspectionLinesTable
  qc_inspection_results: QcInspectionResultsTable
  qc_photos: QcPhotosTable
  defect_types: DefectTypesTable
  qc_defect_counts: QcDefectCountsTable
  qc_rolls: QcRollsTable
  qc_roll_defects: QcRollDefectsTable
  qc_supplier_states: QcSupplierStatesTable
  transporters: TransportersTable
  transport_requests: TransportRequestsTable
  transport_request_counts: TransportRequestCountsTable
  transport_bookings: TransportBookingsTable
  transport_booking_eway_events: TransportBookingEwayEventsTable
  transport_booking_days: TransportBookingDaysTable
  freight_rcm_register: FreightRcmRegisterTable
  transporter_tds_years: TransporterTdsYearsTable
  transporter_tds: TransporterTdsTable
  buyer_accounts: BuyerAccountsTable
  buyer_invoices: BuyerInvoicesTable
  gst_registrations: GstRegistrationsTable
  buyer_invoice_lines: BuyerInvoiceLinesTable
  buyer_payments: BuyerPaymentsTable
  payment_allocations: PaymentAllocationsTable
  credit_notes: CreditNotesTable
  credit_note_lines: NoteLinesTable
  debit_notes: DebitNotesTable
  debit_note_lines: NoteLinesTable
  einvoice_registrations: EinvoiceRegistrationsTable
  seller_bills: SellerBillsTable
  seller_bill_lines: SellerBillLinesTable
  seller_accounts: SellerAccountsTable
  seller_ledger: SellerLedgerTable
  seller_debit_notes: SellerDebitNotesTable
  seller_debit_note_lines: SellerDebitNoteLinesTable
  seller_payouts: SellerPayoutsTable
  seller_payout_lines: SellerPayoutLinesTable
  buyer_ledger: BuyerLedgerTable
  utm_links: UtmLinksTable
  playground_images: PlaygroundImagesTable
  assets: AssetsTable
  order_facts: OrderFactsTable
  order_day_facts: OrderDayFactsTable
  qc_day_facts: QcDayFactsTable
  qc_condition_facts: QcConditionFactsTable
  order_sku_facts: OrderSkuFactsTable
  buyer_sku_month_facts: BuyerSkuMonthFactsTable
  webhook_subscriptions: WebhookSubscriptionsTable
  webhook_events: WebhookEventsTable
  webhook_deliveries: WebhookDeliveriesTable
  webhook_attempts: WebhookAttemptsTable
  import_jobs: ImportJobsTable
  import_rows: ImportRowsTable
  stored_files: StoredFilesTable
}

export type QcInspectionStatus = 'scheduled' | 'submitted' | 'approved' | 'partly_approved' | 'rejected' | 'cancelled'
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>

export interface QcInspectionsTable {
  id: Id
  code: string
  seller_order_id: number
  master_order_id: number
  seller_id: number
  operator_id: number
  /** YYYY-MM-DD in the platform's time zone. */
  scheduled_on: string
  /** The slot's start, HH:MM. */
  slot: string
  status: QcInspectionStatus
  scheduled_by: Nullable<number>
  draft_json: Nullable<string>
  draft_key: Nullable<string>
  submit_key: Nullable<string>
  notes: Nullable<string>
  submitted_by: Nullable<number>
  received_at: Nullable<string>
  failed_count: ColumnType<number, number | undefined, number>
  decided_by: Nullable<number>
  decided_at: Nullable<string>
  decision_note: Nullable<string>
  /** Where a rejected part went: rework or cancel. */
  disposition: Nullable<'rework' | 'cancel'>
  split_seller_order_id: Nullable<number>
  cancel_reason: Nullable<string>
  /** Why an approver accepted more than the inspector's verdict allowed. */
  override_reason: Nullable<string>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface QcInspectionLinesTable {
  id: Id
  inspection_id: number
  sub_order_id: number
  line_no: number
  quantity_milli: number
  accepted_milli: number
  rejected_milli: number
  /** The lot in units (pieces, cones, bags, rolls): the line's quantity when counted in pieces. */
  lot_units: ColumnType<number | null, number | null | undefined, number | null>
  code_letter: ColumnType<string | null, string | null | undefined, string | null>
  sample_size: ColumnType<number | null, number | null | undefined, number | null>
  /** The seller's switching state for the category when the inspection was sent. */
  inspection_severity: ColumnType<
    InspectionSeverity | null,
    InspectionSeverity | null | undefined,
    InspectionSeverity | null
  >
  /** The class plans drawn (JSON). */
  plan_json: ColumnType<string | null, string | null | undefined, string | null>
  /** What the counts (or rolls) say against the plan. */
  verdict: ColumnType<'accept' | 'reject' | null, 'accept' | 'reject' | null | undefined, 'accept' | 'reject' | null>
  /** A fabric lot's points per 100 square yards, in hundredths. */
  points_per_100: ColumnType<number | null, number | null | undefined, number | null>
}

export interface QcInspectionResultsTable {
  id: Id
  inspection_id: number
  sub_order_id: number
  condition_id: number | null
  name: string
  operator: ConditionOperator
  min_value: string | null
  max_value: string | null
  values_json: string | null
  unit: string | null
  severity: ConditionSeverity
  value: string
  verdict: 'pass' | 'fail'
}

export interface QcPhotosTable {
  id: Id
  inspection_id: number
  storage_key: string
  thumb_key: string
  byte_size: number
  width: number
  height: number
  original_name: string | null
  uploaded_by: number | null
  /** The defect type the photo shows, if any. */
  defect_type_id: ColumnType<number | null, number | null | undefined, number | null>
  created_at: Timestamp
}

/** How many sample orders are in each status (kept with the orders). */
export interface SampleOrderCountsTable {
  status: SampleOrderStatus
  orders: number
}

export type SampleOrderStatus =
  'requested' | 'approved' | 'dispatched' | 'delivered' | 'closed' | 'rejected' | 'cancelled'

/** The samples cart: one per user and buyer. */
export interface SampleCartsTable {
  id: Id
  user_id: number
  buyer_id: number
  ship_to_address_id: number | null
  note: ColumnType<string, string | undefined, string>
  created_at: Timestamp
  updated_at: Timestamp
}

/** A samples cart line keeps the quantity as typed. */
export interface SampleCartLinesTable {
  id: Id
  cart_id: number
  sample_sku_id: number
  quantity: ColumnType<string, string | undefined, string>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface SampleOrdersTable {
  id: Id
  code: string
  buyer_id: number
  status: SampleOrderStatus
  ship_to_address_id: number | null
  ship_to_json: string
  /** The requester's note: internal. */
  note: ColumnType<string, string | undefined, string>
  item_count: number
  quantity_total: number
  charge_minor: number
  requested_by: number | null
  requested_at: string
  decided_by: ColumnType<number | null, number | null | undefined, number | null>
  decided_at: ColumnType<string | null, string | null | undefined, string | null>
  reason: ColumnType<string | null, string | null | undefined, string | null>
  courier: ColumnType<string | null, string | null | undefined, string | null>
  tracking_number: ColumnType<string | null, string | null | undefined, string | null>
  dispatched_by: ColumnType<number | null, number | null | undefined, number | null>
  dispatched_at: ColumnType<string | null, string | null | undefined, string | null>
  delivered_at: ColumnType<string | null, string | null | undefined, string | null>
  closed_at: ColumnType<string | null, string | null | undefined, string | null>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface SampleOrderItemsTable {
  id: Id
  sample_order_id: number
  line_no: number
  sample_sku_id: number
  quantity: number
  charge_minor: number
  rating: ColumnType<number | null, number | null | undefined, number | null>
  comment: ColumnType<string | null, string | null | undefined, string | null>
  feedback_by: ColumnType<number | null, number | null | undefined, number | null>
  feedback_at: ColumnType<string | null, string | null | undefined, string | null>
}

export type SearchEntity = 'buyer' | 'seller' | 'user' | 'product_sku' | 'buyer_sku' | 'seller_sku' | 'sample_sku'

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

// ---------- Logistics and money (migrations/20261203090000_logistics_money.js) ----------

export type TransportType = 'first_mile' | 'last_mile' | 'sample' | 'return'
export type TransportRequestStatus = 'open' | 'booked' | 'in_transit' | 'delivered' | 'cancelled'
export type TransportBookingStatus = 'booked' | 'picked_up' | 'delivered' | 'cancelled'
export type BillState = 'none' | 'unpaid' | 'paid'

export interface TransportersTable {
  id: Id
  name: string
  name_key: string
  /** GSTIN or TRANSIN (the e-way bill's transporter id): 15 characters, GSTIN-shaped. */
  gstin: ColumnType<string | null, string | null | undefined, string | null>
  created_at: Timestamp
  /** PAN (issue 52): its 4th character P or H is an individual or HUF (194C at 1 %). */
  pan: ColumnType<string | null, string | null | undefined, string | null>
  /** The GTA's option (Annexure V): reverse charge (the default) or forward charge at gta_forward_rate_bp. */
  gta_option: ColumnType<GtaOption, GtaOption | undefined, GtaOption>
  gta_forward_rate_bp: ColumnType<number | null, number | null | undefined, number | null>
  /** The financial year (2026-27) the option was declared for; it stays in force until changed. */
  gta_option_fy: ColumnType<string | null, string | null | undefined, string | null>
  /** Section 194C(6): owns at most ten goods carriages and gave the declaration with its PAN (0/1). */
  small_fleet_declared: ColumnType<number, number | undefined, number>
}

export type GtaOption = 'reverse' | 'forward'

/** The platform's reverse-charge tax on a GTA's bill (issue 52): payable in cash, then input credit. */
export interface FreightRcmRegisterTable {
  id: Id
  booking_id: number
  transporter_id: number
  bill_number: string
  bill_date: string
  /** YYYY-MM of the time of supply (CGST Act s.13(3)). */
  month: string
  supply: string
  taxable_minor: number
  cgst_minor: ColumnType<number, number | undefined, number>
  sgst_minor: ColumnType<number, number | undefined, number>
  igst_minor: ColumnType<number, number | undefined, number>
  /** The platform's registration that received the GTA's service (issue 52): the warehouse the move leaves or reaches, else the home one. */
  recipient_gstin: Nullable<string>
  created_at: Timestamp
  updated_at: Timestamp
}

/** A transporter's year for section 194C: locked by each payment; sums credited and not yet deducted on. */
export interface TransporterTdsYearsTable {
  transporter_id: number
  fy: string
  paid_minor: ColumnType<number, number | undefined, number>
  undeducted_minor: ColumnType<number, number | undefined, number>
  updated_at: Timestamp
}

/** A transporter bill's payment under section 194C (issue 52): the register, by month. */
export interface TransporterTdsTable {
  id: Id
  booking_id: number
  transporter_id: number
  fy: string
  month: string
  paid_on: string
  /** '194C', '206AA' (no PAN), '194C(6)' (small fleet declared), 'below' (under the thresholds). */
  section: string
  pan: string | null
  bill_minor: number
  base_minor: number
  rate_bp: number
  tds_minor: ColumnType<number, number | undefined, number>
  created_at: Timestamp
}

export interface TransportRequestsTable {
  id: Id
  code: string
  transport_type: TransportType
  status: TransportRequestStatus
  seller_order_id: number | null
  master_order_id: number | null
  sample_order_id: number | null
  order_code: string
  order_ref: string
  from_json: string
  to_json: string
  from_city: string
  to_city: string
  pickup_on: string
  weight_grams: number
  packages: number
  /** Each package's weight in grams, a JSON array as long as `packages` (issue 51); null when not entered. */
  package_weights_json: ColumnType<string | null, string | null | undefined, string | null>
  notes: string | null
  cancel_reason: ColumnType<string | null, string | null | undefined, string | null>
  created_by: number | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface TransportRequestCountsTable {
  transport_type: TransportType
  status: TransportRequestStatus
  n: ColumnType<number, number | undefined, number>
}

/** What happened to a booking's e-way bill after generation (issue 52): the JSON the portal takes for it. */
export type EwayEventKind = 'cancel' | 'part_b' | 'extend'
export interface TransportBookingEwayEventsTable {
  id: Id
  booking_id: number
  kind: EwayEventKind
  eway_bill_number: string
  payload_json: string
  /** The validity an extension gave (ISO); null for the other kinds. */
  valid_until: Nullable<string>
  at: string
  created_by: Nullable<number>
  created_at: Generated<string>
}

export interface TransportBookingsTable {
  id: Id
  code: string
  request_id: number
  transporter_id: number
  status: TransportBookingStatus
  vehicle_number: string | null
  driver_phone: string | null
  lr_number: string | null
  pickup_at: string
  pickup_on: string
  expected_delivery_at: string
  delivery_on: string
  picked_up_at: Nullable<string>
  delivered_at: Nullable<string>
  freight_minor: number
  cancel_reason: Nullable<string>
  bill_state: ColumnType<BillState, BillState | undefined, BillState>
  bill_number: Nullable<string>
  bill_date: Nullable<string>
  bill_amount_minor: Nullable<number>
  bill_gst_minor: Nullable<number>
  bill_due_on: Nullable<string>
  paid_on: Nullable<string>
  payment_reference: Nullable<string>
  paid_by: Nullable<number>
  paid_at: Nullable<string>
  /** The GTA option the bill was entered under (issue 52), and the forward-charge rate it was checked at. */
  bill_gta_option: Nullable<GtaOption>
  bill_gst_rate_bp: Nullable<number>
  /** TDS deducted under 194C / 206AA when the bill was paid; paid_amount_minor = bill + GST − TDS. */
  bill_tds_minor: ColumnType<number, number | undefined, number>
  paid_amount_minor: Nullable<number>
  /** Road distance in km (1..4000): the e-way bill's distance and validity. */
  distance_km: Nullable<number>
  /** The e-way bill (docs/domain.md (issue 38)): 12 digits, when generated, valid until (ISO). */
  eway_bill_number: Nullable<string>
  eway_bill_at: Nullable<string>
  eway_valid_until: Nullable<string>
  /** A first mile's document (issue 52): the mill's invoice to the platform, entered when its bill is not recorded. */
  supplier_invoice_number: Nullable<string>
  /** YYYY-MM-DD */
  supplier_invoice_on: Nullable<string>
  created_by: number | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface BuyerAccountsTable {
  buyer_id: number
  invoiced_minor: ColumnType<number, number | undefined, number>
  received_minor: ColumnType<number, number | undefined, number>
  credited_minor: ColumnType<number, number | undefined, number>
  debited_minor: ColumnType<number, number | undefined, number>
  unallocated_minor: ColumnType<number, number | undefined, number>
  entries: ColumnType<number, number | undefined, number>
  updated_at: Timestamp
}

export type InvoiceStatus = 'open' | 'settled'

export interface BuyerInvoicesTable {
  id: Id
  number: string
  buyer_id: number
  /** The seller order (and its master order) delivered; null on a sample order's invoice. */
  seller_order_id: ColumnType<number | null, number | null | undefined, number | null>
  master_order_id: ColumnType<number | null, number | null | undefined, number | null>
  /** The sample order dispatched with a charge; null on an order's invoice. One invoice per sample order. */
  sample_order_id: ColumnType<number | null, number | null | undefined, number | null>
  invoice_on: string
  due_on: string
  supply: 'intra' | 'inter'
  place_of_supply: string
  seller_json: string
  buyer_json: string
  /** The ship-to address (JSON) the invoice was raised for: its master order's when it was raised. */
  ship_to_json: ColumnType<string | null, string | null | undefined, string | null>
  taxable_minor: number
  cgst_minor: number
  sgst_minor: number
  igst_minor: number
  total_minor: number
  paid_minor: ColumnType<number, number | undefined, number>
  credited_minor: ColumnType<number, number | undefined, number>
  /** What debit notes added: the invoice owes total + debited - paid - credited. */
  debited_minor: ColumnType<number, number | undefined, number>
  status: InvoiceStatus
  created_at: Timestamp
  updated_at: Timestamp
}

export interface BuyerInvoiceLinesTable {
  id: Id
  invoice_id: number
  line_no: number
  /** The order line invoiced; null on a sample invoice's line, which names its sample order item. */
  sub_order_id: ColumnType<number | null, number | null | undefined, number | null>
  sample_order_item_id: ColumnType<number | null, number | null | undefined, number | null>
  description: string
  hsn_code: string
  unit: string
  quantity_milli: number
  price_minor: number
  taxable_minor: number
  gst_rate_bp: number
  cgst_minor: number
  sgst_minor: number
  igst_minor: number
  total_minor: number
}

export type PaymentMode = 'neft' | 'rtgs' | 'imps' | 'upi' | 'cheque' | 'cash'

export interface BuyerPaymentsTable {
  id: Id
  number: string
  buyer_id: number
  received_on: string
  amount_minor: number
  mode: PaymentMode
  reference: string
  unallocated_minor: number
  /** TDS the buyer deducted: the receipt settles amount + TDS; a receivable until its certificate is entered. */
  tds_minor: ColumnType<number, number | undefined, number>
  tds_section: string | null
  /** The buyer's TDS certificate (Form 16A): its number and date, entered by finance. */
  tds_certificate: string | null
  tds_certificate_on: string | null
  tds_certified_by: number | null
  created_by: number | null
  created_at: Timestamp
}

export interface PaymentAllocationsTable {
  id: Id
  payment_id: number
  invoice_id: number
  amount_minor: number
  created_at: Timestamp
}

/** Why a note adjusts an invoice (docs/domain.md "Credit and debit notes"). */
export type NoteReasonCode = 'short_delivery' | 'qc_rejection' | 'rate_difference' | 'return' | 'other'

interface NoteColumns {
  id: Id
  number: string
  buyer_id: number
  invoice_id: number
  issued_on: string
  /** The note's total: taxable value plus its taxes, the sum of its lines. */
  amount_minor: number
  reason_code: ColumnType<NoteReasonCode, NoteReasonCode | undefined, NoteReasonCode>
  reason: string
  /** As on the invoice it adjusts: CGST + SGST (intra) or IGST (inter). */
  supply: ColumnType<'intra' | 'inter', 'intra' | 'inter' | undefined, 'intra' | 'inter'>
  taxable_minor: ColumnType<number, number | undefined, number>
  cgst_minor: ColumnType<number, number | undefined, number>
  sgst_minor: ColumnType<number, number | undefined, number>
  igst_minor: ColumnType<number, number | undefined, number>
  created_by: number | null
  created_at: Timestamp
}

/** Credit notes (CN/26-27/…): lower what an invoice owes. */
export type CreditNotesTable = NoteColumns

/** Debit notes (DN/26-27/…): add to what an invoice owes. Reason and supply are always given. */
export interface DebitNotesTable extends Omit<NoteColumns, 'reason_code' | 'supply'> {
  reason_code: NoteReasonCode
  supply: 'intra' | 'inter'
}

/** A note's line: what it adjusts on one invoice line (no quantity for a rate difference alone). */
export interface NoteLinesTable {
  id: Id
  note_id: number
  line_no: number
  invoice_line_id: number
  description: string
  hsn_code: string
  unit: string
  quantity_milli: number | null
  taxable_minor: number
  gst_rate_bp: number
  cgst_minor: ColumnType<number, number | undefined, number>
  sgst_minor: ColumnType<number, number | undefined, number>
  igst_minor: ColumnType<number, number | undefined, number>
  total_minor: number
}

/** An e-invoice document's type in the INV-01 schema: tax invoice, credit note, debit note. */
export type EinvoiceDocType = 'INV' | 'CRN' | 'DBN'

/** What the invoice registration portal returned for one document (one per document, one per IRN). */
export interface EinvoiceRegistrationsTable {
  id: Id
  doc_type: EinvoiceDocType
  /** buyer_invoices.id, credit_notes.id or debit_notes.id by doc_type. */
  doc_id: number
  doc_number: string
  buyer_id: number
  irn: string
  ack_no: string
  /** The acknowledgement's date and time as the portal gave it, in IST: 2026-11-27 14:05:00. */
  ack_at: string
  signed_qr: string
  signed_invoice: string | null
  source: 'form' | 'file'
  created_by: number | null
  created_at: Timestamp
  /** Issue 52: the portal's CancelDate when the IRN was cancelled (IST, 2026-11-28 10:05:00); null while it stands. */
  cancelled_at: ColumnType<string | null, string | null | undefined, string | null>
  /** NIC's cancel reason code: 1 duplicate, 2 data entry mistake, 3 order cancelled, 4 others. */
  cancel_reason: ColumnType<
    '1' | '2' | '3' | '4' | null,
    '1' | '2' | '3' | '4' | null | undefined,
    '1' | '2' | '3' | '4' | null
  >
  cancel_remark: ColumnType<string | null, string | null | undefined, string | null>
  cancelled_by: ColumnType<number | null, number | null | undefined, number | null>
  /** When the cancellation was recorded here (UTC ISO). */
  cancel_recorded_at: ColumnType<string | null, string | null | undefined, string | null>
}

export type LedgerKind = 'invoice' | 'payment' | 'credit_note' | 'debit_note'

export interface BuyerLedgerTable {
  id: Id
  buyer_id: number
  seq: number
  entry_on: string
  kind: LedgerKind
  ref_id: number
  ref_number: string
  debit_minor: number
  credit_minor: number
  balance_minor: number
  created_at: Timestamp
}

/** Bookings not cancelled per day, side (pickup or expected delivery) and transporter: the calendar's counts. */
export interface TransportBookingDaysTable {
  day: string
  side: 'pickup' | 'delivery'
  transporter_id: number
  n: ColumnType<number, number | undefined, number>
}

export type SellerBillStatus = 'review' | 'approved' | 'rejected'

/** A seller's invoice to the platform against one seller order (docs/domain.md (issue 38)). */
export interface SellerBillsTable {
  id: Id
  seller_id: number
  seller_order_id: number
  /** The seller's own invoice number: unique per seller. */
  number: string
  bill_on: string
  due_on: string
  supply: 'intra' | 'inter'
  taxable_minor: number
  cgst_minor: ColumnType<number, number | undefined, number>
  sgst_minor: ColumnType<number, number | undefined, number>
  igst_minor: ColumnType<number, number | undefined, number>
  total_minor: number
  status: SellerBillStatus
  /** Why the three-way match held it for a person (one sentence per line, joined). */
  mismatch: string | null
  /** The bill owes total - paid - debited - tds. */
  paid_minor: ColumnType<number, number | undefined, number>
  debited_minor: ColumnType<number, number | undefined, number>
  tds_minor: ColumnType<number, number | undefined, number>
  approved_on: Nullable<string>
  decided_by: Nullable<number>
  decided_at: Nullable<string>
  decision_note: Nullable<string>
  /** The platform's registration that received the bill (issue 52): where the goods were delivered; rows from before read as the home one. */
  recipient_gstin: Nullable<string>
  created_by: number | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface SellerBillLinesTable {
  id: Id
  bill_id: number
  line_no: number
  sub_order_id: number
  quantity_milli: number
  rate_minor: number
  taxable_minor: number
  gst_rate_bp: number
  cgst_minor: ColumnType<number, number | undefined, number>
  sgst_minor: ColumnType<number, number | undefined, number>
  igst_minor: ColumnType<number, number | undefined, number>
  total_minor: number
  ordered_milli: number
  accepted_milli: number
  cost_minor: number
  /** The quantity debit notes have taken back from this line. */
  debited_milli: ColumnType<number, number | undefined, number>
}

export interface SellerAccountsTable {
  seller_id: number
  billed_minor: ColumnType<number, number | undefined, number>
  paid_minor: ColumnType<number, number | undefined, number>
  debited_minor: ColumnType<number, number | undefined, number>
  tds_minor: ColumnType<number, number | undefined, number>
  entries: ColumnType<number, number | undefined, number>
  /** The financial year (2026-27) of opening_purchases_minor. */
  opening_fy: Nullable<string>
  /** Purchases from the seller in that year before its bills were recorded here: they count towards section 194Q's ₹50 lakh. */
  opening_purchases_minor: ColumnType<number, number | undefined, number>
  updated_at: Timestamp
}

export type SellerLedgerKind = 'bill' | 'payout' | 'debit_note' | 'tds'

/** The seller's ledger: a bill is a credit (the platform owes), payouts, debit notes and TDS are debits. */
export interface SellerLedgerTable {
  id: Id
  seller_id: number
  seq: number
  entry_on: string
  kind: SellerLedgerKind
  ref_id: number
  ref_number: string
  debit_minor: number
  credit_minor: number
  balance_minor: number
  created_at: Timestamp
}

/** Debit notes to a seller (PDN/2026-27/…) for quantities rejected or billed above what was accepted. */
export interface SellerDebitNotesTable {
  id: Id
  number: string
  seller_id: number
  bill_id: number
  issued_on: string
  reason: string
  supply: 'intra' | 'inter'
  taxable_minor: number
  cgst_minor: ColumnType<number, number | undefined, number>
  sgst_minor: ColumnType<number, number | undefined, number>
  igst_minor: ColumnType<number, number | undefined, number>
  amount_minor: number
  created_by: number | null
  created_at: Timestamp
}

export interface SellerDebitNoteLinesTable {
  id: Id
  note_id: number
  line_no: number
  bill_line_id: number
  quantity_milli: number
  taxable_minor: number
  gst_rate_bp: number
  cgst_minor: ColumnType<number, number | undefined, number>
  sgst_minor: ColumnType<number, number | undefined, number>
  igst_minor: ColumnType<number, number | undefined, number>
  total_minor: number
}

/** Money paid to a seller (PAY/2026-27/…) with its UTR; its lines say which bills it paid. */
export interface SellerPayoutsTable {
  id: Id
  number: string
  seller_id: number
  paid_on: string
  utr: string
  amount_minor: number
  created_by: number | null
  created_at: Timestamp
}

export interface SellerPayoutLinesTable {
  id: Id
  payout_id: number
  bill_id: number
  amount_minor: number
}

/** Whose a webhook subscription is: a buyer's, a seller's, or the platform's (staff). Its lens reads the events. */
export type WebhookOwnerKind = 'buyer' | 'seller' | 'platform'
export type WebhookSubscriptionStatus = 'active' | 'disabled'
/** skipped: not sent, its owner company not active when it fell due (replayable, as a failed one). */
export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'skipped'

/** A subscription to events (docs/domain.md "Webhooks (issue 40)"). */
export interface WebhookSubscriptionsTable {
  id: Id
  owner_kind: WebhookOwnerKind
  buyer_id: number | null
  seller_id: number | null
  url: string
  description: ColumnType<string, string | undefined, string>
  /** A JSON array of event types. */
  event_types: string
  /** whsec_<base64>: the Standard Webhooks signing secret. */
  secret: string
  /** The secret before the last rotation: it signs too until a day after `rotated_at`. */
  previous_secret: Nullable<string>
  rotated_at: Nullable<string>
  status: ColumnType<WebhookSubscriptionStatus, WebhookSubscriptionStatus | undefined, WebhookSubscriptionStatus>
  created_by: number | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface WebhookEventsTable {
  id: Id
  /** The Standard Webhooks message id (`msg_…`), the same on every retry and replay. */
  msg_id: string
  type: string
  buyer_id: number | null
  seller_id: number | null
  created_at: Timestamp
}

/** One event sent to one subscription: its payload already read through the subscription owner's lens. */
export interface WebhookDeliveriesTable {
  id: Id
  event_id: number
  subscription_id: number
  payload: string
  status: ColumnType<WebhookDeliveryStatus, WebhookDeliveryStatus | undefined, WebhookDeliveryStatus>
  /** Every attempt made; `tries`: those since it was queued or last replayed (the backoff counts these). */
  attempts: ColumnType<number, number | undefined, number>
  tries: ColumnType<number, number | undefined, number>
  next_attempt_at: Nullable<string>
  /** The worker that holds the row, until when (a lease, as the outbox's). */
  claimed_by: Nullable<string>
  claimed_until: Nullable<string>
  last_attempt_at: Nullable<string>
  last_status_code: Nullable<number>
  last_response_ms: Nullable<number>
  last_error: Nullable<string>
  succeeded_at: Nullable<string>
  created_at: Timestamp
}

export interface WebhookAttemptsTable {
  id: Id
  delivery_id: number
  at: string
  /** null: no answer (refused, timed out, an address not allowed). */
  status_code: number | null
  response_ms: number | null
  error: string | null
}

// ---------- Bulk imports (issue 40) ----------

export type ImportKindKey = 'buyer_skus' | 'product_skus' | 'seller_skus' | 'seller_costs'
export type ImportJobStatus = 'previewed' | 'applying' | 'applied' | 'failed' | 'cancelled'
export type ImportOutcome = 'create' | 'change' | 'unchanged' | 'refused'
export type ImportResult = 'created' | 'changed' | 'unchanged' | 'refused' | 'requested'

export interface ImportJobsTable {
  id: Id
  kind: ImportKindKey
  /** Product SKUs are imported per product. */
  product_id: number | null
  file_name: string
  uploaded_by: number | null
  status: ColumnType<ImportJobStatus, ImportJobStatus | undefined, ImportJobStatus>
  rows_total: ColumnType<number, number | undefined, number>
  create_count: ColumnType<number, number | undefined, number>
  change_count: ColumnType<number, number | undefined, number>
  unchanged_count: ColumnType<number, number | undefined, number>
  refused_count: ColumnType<number, number | undefined, number>
  /** Rows applied so far, of create_count + change_count. */
  rows_done: ColumnType<number, number | undefined, number>
  created_count: ColumnType<number, number | undefined, number>
  changed_count: ColumnType<number, number | undefined, number>
  /** Rows previewed as a create or change that were already so when applied. */
  kept_count: ColumnType<number, number | undefined, number>
  refused_at_apply_count: ColumnType<number, number | undefined, number>
  /** Rows that needed an approval and became a price-change request when applied (issue 51). */
  requested_count: ColumnType<number, number | undefined, number>
  error: string | null
  idempotency_key: string | null
  apply_requested_by: number | null
  claimed_by: string | null
  claimed_until: string | null
  created_at: Timestamp
  started_at: string | null
  finished_at: string | null
  updated_at: Timestamp
}

export interface ImportRowsTable {
  id: Id
  job_id: number
  /** The line of the file (the header is line 1). */
  row_number: number
  outcome: ImportOutcome
  record_key: string
  /** JSON: column -> the cell as read. */
  values_json: string
  /** JSON: column -> the value before, for each changed cell. */
  before_json: string | null
  /** JSON: column -> why ("" for the row itself). */
  messages_json: string | null
  result: ImportResult | null
  result_message: string | null
  entity_id: number | null
  applied_at: string | null
}

/** The platform's GST registrations, one per state where it has a place of business (issue 52). */
export interface GstRegistrationsTable {
  id: Id
  /** Two-digit GST state code ('27'): the GSTIN's first two characters. */
  state_code: string
  gstin: string
  legal_name: string
  trade_name: string
  line1: string
  line2: string | null
  city: string
  state: string
  pin: string
  /** 1 for the principal place of business (one row): its series is the plain INV/26-27/000123. */
  is_home: Generated<number>
  /** Two capital letters naming the registration's document series (INVTN/26-27/0001). */
  series_code: string
  created_at: Generated<string>
}
