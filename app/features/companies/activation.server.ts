import type { Executor } from '~/platform/executor'
import { isValidGstin } from '~/utils/gstin'
import { companyKinds, type CompanyKind } from './kinds'

// A buyer or seller is activated only when it can trade (docs/domain.md "Companies"): a legal name,
// a valid GSTIN or an explicit "not registered for GST" with a reason, a billing address, and a KAM
// (buyers) or an agent (sellers). Each gap is named by the form field that fills it.

/** The fields an activation still needs, each with what to do; empty when the company can be activated. */
export async function activationGaps(db: Executor, kind: CompanyKind, id: number): Promise<Record<string, string>> {
  const info = companyKinds[kind]
  const [company, billing] = await Promise.all([
    db
      .selectFrom(info.table)
      .select(['legal_name', 'gstin', 'gst_unregistered', 'gst_unregistered_reason'])
      .select((eb) => eb.ref(info.assigneeColumn).as('assignee_id'))
      .where('id', '=', id)
      .executeTakeFirst(),
    db
      .selectFrom('addresses')
      .select('id')
      .where(info.ownerColumn, '=', id)
      .where('kind', '=', 'billing')
      .limit(1)
      .executeTakeFirst(),
  ])
  if (!company) return {}
  const gaps: Record<string, string> = {}
  if (!company.legal_name?.trim()) gaps.legalName = 'Enter the legal name (as registered)'
  const registered = company.gstin !== null && isValidGstin(company.gstin)
  const unregistered = company.gst_unregistered === 1 && Boolean(company.gst_unregistered_reason?.trim())
  if (!registered && !unregistered)
    gaps.gstin = company.gstin
      ? 'The GSTIN is not valid: correct it, or mark the company not registered for GST with a reason'
      : 'Enter a valid GSTIN, or mark the company not registered for GST with a reason'
  if (!billing) gaps.address = 'Add a billing address'
  if (company.assignee_id === null) gaps.assigneeId = kind === 'buyer' ? 'Assign a KAM' : 'Assign a supplier-team agent'
  return gaps
}
