// Audit entries in words: what was done (a past-tense phrase) and what kind of record it was done to.
// The action keys are the ones written by the features (`buyer.activated`, `seller_sku.published`).

/** What kind of record an entry is about, as a person says it. */
const RECORD_KINDS: Record<string, string> = {
  buyer: 'Buyer',
  seller: 'Seller',
  user: 'User',
  product: 'Product',
  product_sku: 'Product SKU',
  buyer_sku: 'Buyer SKU',
  seller_sku: 'Seller SKU',
  sample_sku: 'Sample SKU',
  category: 'Category',
  price_request: 'Price change',
  flag: 'Flag',
  master_order: 'Order',
  seller_order: 'Seller order',
  sample_order: 'Sample order',
  qc_inspection: 'QC inspection',
  transport_request: 'Transport request',
  seller_bill: 'Seller bill',
  import_job: 'Import',
}

/** Whole actions whose words are not their last part's. */
export const ACTIONS: Record<string, string> = {
  'address.created': 'address added',
  'address.updated': 'address changed',
  'address.removed': 'address removed',
  'address.made_default': 'default address changed',
  'buyer_sku.version_added': 'new price version',
  'master_order.placed': 'placed',
  'master_order.lines_changed': 'lines changed',
  'master_order.change_agreed': 'proposed change agreed',
  'sample_order.closed': 'feedback given, closed',
  'master_order.status_changed': 'status changed',
  'seller_order.counter_offer_accepted': 'counter-offer accepted',
  'seller_order.counter_offer_recorded': 'counter-offer recorded',
  'seller_order.counter_offer_declined': 'counter-offer declined',
  'seller_order.stage_moved': 'line moved to the next stage',
  'seller_order.lines_moved': 'lines moved to another seller',
  'seller_order.qc_scheduled': 'QC inspection scheduled',
  'seller_order.qc_passed': 'QC passed',
  'seller_order.qc_failed': 'QC failed',
  'seller_order.ready_for_qc': 'ready for QC',
  'seller_order.reworked': 'reworked: ready for QC again',
  'transport_request.booked': 'transporter booked',
  'transport_booking.picked_up': 'pickup recorded',
  'transport_booking.delivered': 'delivery recorded',
  'transport_booking.cancelled': 'booking cancelled',
  'transport_booking.updated': 'booking changed',
  'transport_booking.bill_entered': 'transporter’s bill entered',
  'transport_booking.bill_corrected': 'transporter’s bill corrected',
  'transport_booking.eway_bill_recorded': 'e-way bill recorded',
  'transport_booking.eway_bill_corrected': 'e-way bill corrected',
  'transport_booking.supplier_invoice_recorded': 'mill’s invoice entered',
  'transport_booking.eway_bill_cancelled': 'e-way bill cancelled',
  'transport_booking.eway_part_b_updated': 'e-way bill’s vehicle updated (Part-B)',
  'transport_booking.eway_bill_extended': 'e-way bill extended',
  'transport_booking.bill_paid': 'transporter’s bill paid',
  'seller_order.transport_requested': 'transport requested',
  'buyer_invoice.raised': 'invoice raised',
  'buyer_payment.received': 'payment received',
  'credit_note.issued': 'credit note issued',
  'seller_bill.recorded': 'seller’s bill recorded',
  'seller_bill.approved': 'seller’s bill approved',
  'seller_bill.rejected': 'seller’s bill rejected',
  'seller_bill.tds_deducted': 'TDS deducted under section 194Q',
  'seller_debit_note.issued': 'debit note issued to the seller',
  'seller_payout.paid': 'payout made to the seller',
  'seller.payables_terms_changed': 'payment terms and purchases brought forward changed',
  'qc_inspection.moved': 'moved to another day, slot or operator',
  'qc_inspection.submitted': 'results received from the field',
  'qc_inspection.partly_approved': 'part of the lot accepted',
  'category.workflow_changed': 'fulfilment workflow changed',
  'company.contact_updated': 'contact details changed',
  'company.signed_up': 'signed up',
  'condition.created': 'QC condition added',
  'condition.updated': 'QC condition changed',
  'defect_type.created': 'defect type added',
  'defect_type.updated': 'defect type changed',
  'defect_type.deactivated': 'defect type deactivated',
  'defect_type.reactivated': 'defect type reactivated',
  'flag.changed': 'flag changed',
  'import_job.previewed': 'file read and previewed',
  'import_job.apply_requested': 'asked to be applied',
  'import_job.applied': 'applied',
  'import_job.failed': 'failed while being applied',
  'import_job.cancelled': 'discarded',
  'price_request.created': 'proposed',
  'price_request.rebased': 'looked at again against the new price',
  'product.attribute_added': 'attribute added',
  'product.attribute_changed': 'attribute changed',
  'product.attribute_moved': 'attribute moved',
  'product.attribute_removed': 'attribute removed',
  'product.line_added': 'product line added',
  'product.line_deleted': 'product line deleted',
  'product.line_moved': 'product line moved',
  'product.line_renamed': 'product line renamed',
  'product.line_reactivated': 'product line reactivated',
  'product.line_deactivated': 'product line deactivated',
  'user.bootstrap_admin': 'first admin created',
  'user.invited': 'invited',
  'user.invited_with_account': 'company invitation to an existing account',
  'user.other_sessions_ended': 'other sessions ended',
  'user.password_changed': 'password changed',
  'user.password_reset': 'password reset',
  'user.password_reset_requested': 'password reset asked for',
  'user.password_set_by_admin': 'password set for the user',
  'user.profile_updated': 'profile changed',
  'user.roles_changed': 'roles changed',
  'user.signup_attempted': 'sign-up tried with this e-mail',
  'session.started': 'signed in',
  'session.ended': 'signed out',
}

/** The last part of an action, when the whole is not listed above. */
const VERBS: Record<string, string> = {
  created: 'added',
  updated: 'changed',
  seeded: 'added with the demo data',
  activated: 'activated',
  suspended: 'suspended',
  reactivated: 'reactivated',
  archived: 'archived',
  restored: 'restored',
  published: 'published',
  unpublished: 'unpublished',
  approved: 'approved',
  rejected: 'rejected',
  withdrawn: 'withdrawn',
  disabled: 'disabled',
  enabled: 'enabled',
}

/** What was done, in words: `buyer.activated` → "activated", `buyer_sku.version_added` → "new price version". */
export function actionWords(action: string): string {
  const known = ACTIONS[action]
  if (known) return known
  const last = action.slice(action.lastIndexOf('.') + 1)
  return VERBS[last] ?? last.replace(/_/g, ' ')
}

/** Words starting a sentence: "new price version" → "New price version". */
export const capitalise = (words: string) => words.charAt(0).toUpperCase() + words.slice(1)

/** What was done, starting a sentence: "Activated", "New price version". */
export const actionSentence = (action: string) => capitalise(actionWords(action))

/** The kind of record, as a person says it: `buyer_sku` → "Buyer SKU". */
export function recordKind(entityType: string): string {
  return RECORD_KINDS[entityType] ?? capitalise(entityType.replace(/_/g, ' '))
}

/** Entries that are not business activity: sign-ins (kept for security) and the demo data's own. */
export const NOT_ACTIVITY = ['session.%', '%.seeded', 'user.signup_attempted', 'user.password_reset_requested'] as const
