import { parseWithZod } from '@conform-to/zod/v4'
import type { Database } from '#db/database'
import type { Result } from '~/utils/refusal.server'
import type { Viewer } from '~/auth/session.server'
import { refusalReply, type FormOutcome } from '~/ui/outcome.server'
import type { Executor } from '~/platform/executor'
import { quantityInput } from '~/utils/quantity'
import { describeCondition } from '../categories/conditions'
import type { PickOption } from '~/platform/pick'
import { resolveCompany } from '../users/company.server'
import { qcApprovalsPath, qcDecisionSchema, type QcDecisionReply, type QcPortal } from './forms'
import type { DecisionInput } from './decide.server'
import { slotLabel } from './rules'

// The QC approvals (admin and biz ops): inspections submitted by the operators, oldest received
// first, each with its results (failing conditions first in the reader's eye, with their
// severity), the quantities per line and the photos; and the three decisions.

const PAGE_SIZE = 10

export interface QcApprovalFilters {
  q: string
  seller: string
  failing: boolean
  page: number
}

export function readQcApprovalFilters(url: URL): QcApprovalFilters {
  const p = url.searchParams
  const page = Number(p.get('page') ?? '1')
  return {
    q: (p.get('q') ?? '').trim().toUpperCase().slice(0, 40),
    seller: (p.get('seller') ?? '').trim().slice(0, 200),
    failing: p.get('failing') === '1',
    page: Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1,
  }
}

export async function qcApprovalsPage(db: Database, portal: QcPortal, url: URL) {
  const filters = readQcApprovalFilters(url)
  let sellerId: number | null = null
  let sellerError: string | null = null
  let sellerChoices: PickOption[] | undefined
  if (filters.seller) {
    const match = await resolveCompany(db, 'seller', filters.seller)
    if (match.ok) sellerId = match.id
    else [sellerError, sellerChoices] = [match.message, match.choices]
  }
  const base = { portal, path: qcApprovalsPath[portal], filters, sellerError, sellerChoices, pageSize: PAGE_SIZE }
  if (sellerError) return { ...base, total: 0, cards: [] }
  let q = db.selectFrom('qc_inspections as i').where('i.status', '=', 'submitted')
  if (sellerId) q = q.where('i.seller_id', '=', sellerId)
  if (filters.failing) q = q.where('i.failed_count', '>', 0)
  if (filters.q) {
    const upper = `${filters.q}\uffff`
    q = filters.q.startsWith('SO')
      ? q.where(
          'i.seller_order_id',
          'in',
          db.selectFrom('seller_orders').select('id').where('code', '>=', filters.q).where('code', '<', upper),
        )
      : q.where('i.code', '>=', filters.q).where('i.code', '<', upper)
  }
  const [counted, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    q
      .innerJoin('seller_orders as s', 's.id', 'i.seller_order_id')
      .innerJoin('sellers', 'sellers.id', 'i.seller_id')
      .innerJoin('users', 'users.id', 'i.operator_id')
      .select([
        'i.id',
        'i.code',
        'i.scheduled_on',
        'i.slot',
        'i.received_at',
        'i.notes',
        'i.failed_count',
        's.code as order_code',
        's.master_order_id',
        'sellers.name as seller',
        'users.name as operator',
      ])
      .orderBy('i.received_at')
      .orderBy('i.id')
      .limit(PAGE_SIZE)
      .offset((filters.page - 1) * PAGE_SIZE)
      .execute(),
  ])
  const total = Number(counted.n)
  const details = await inspectionDetails(
    db,
    rows.map((r) => r.id),
  )
  const cards = rows.map((r) => ({ ...r, slot: slotLabel(r.slot), ...details.get(r.id)! }))
  return { ...base, total, cards }
}

/** The lines (with quantities and results) and photos of inspections. */
export async function inspectionDetails(db: Executor, ids: number[]) {
  type Line = {
    subOrderId: number
    lineNo: number
    sku: string
    name: string
    unit: string
    quantity: string
    accepted: string
    rejected: string
    results: {
      name: string
      rule: string
      value: string
      unit: string | null
      verdict: 'pass' | 'fail'
      severity: string
    }[]
  }
  const found = new Map<number, { lines: Line[]; photos: { id: number; width: number; height: number }[] }>()
  for (const id of ids) found.set(id, { lines: [], photos: [] })
  if (!ids.length) return found
  const [lines, results, photos] = await Promise.all([
    db
      .selectFrom('qc_inspection_lines as l')
      .innerJoin('sub_orders as so', 'so.id', 'l.sub_order_id')
      .innerJoin('product_skus as p', 'p.id', 'so.product_sku_id')
      .innerJoin('products', 'products.id', 'p.product_id')
      .select([
        'l.inspection_id',
        'l.sub_order_id',
        'l.line_no',
        'l.quantity_milli',
        'l.accepted_milli',
        'l.rejected_milli',
        'p.code',
        'p.name',
        'products.unit',
      ])
      .where('l.inspection_id', 'in', ids)
      .orderBy('l.line_no')
      .execute(),
    db.selectFrom('qc_inspection_results').selectAll().where('inspection_id', 'in', ids).orderBy('id').execute(),
    db
      .selectFrom('qc_photos')
      .select(['id', 'inspection_id', 'width', 'height'])
      .where('inspection_id', 'in', ids)
      .orderBy('id')
      .execute(),
  ])
  for (const l of lines) {
    found.get(l.inspection_id)!.lines.push({
      subOrderId: l.sub_order_id,
      lineNo: l.line_no,
      sku: l.code,
      name: l.name,
      unit: l.unit,
      quantity: quantityInput(Number(l.quantity_milli)),
      accepted: quantityInput(Number(l.accepted_milli)),
      rejected: quantityInput(Number(l.rejected_milli)),
      results: results
        .filter((r) => r.inspection_id === l.inspection_id && r.sub_order_id === l.sub_order_id)
        .map((r) => ({
          name: r.name,
          rule: describeCondition(r),
          value: r.value,
          unit: r.unit,
          verdict: r.verdict,
          severity: r.severity,
        })),
    })
  }
  for (const p of photos) found.get(p.inspection_id)!.photos.push({ id: p.id, width: p.width, height: p.height })
  return found
}

/** The decision with its effects across features: the lifecycle's (app/lifecycle/inspections.server.ts `qcMoves`), handed in by the route. */
export interface QcMoves {
  decideInspection(
    db: Database,
    actor: { userId: number },
    inspectionId: number,
    input: DecisionInput,
  ): Promise<Result<{ code: string; orderCode: string; decided: string; split?: string }>>
}

/** A decision from the approvals page; the page again with the toast. */
export async function qcApprovalsAction(
  db: Database,
  viewer: Viewer,
  portal: QcPortal,
  url: URL,
  form: FormData,
  moves: QcMoves,
): Promise<FormOutcome<QcDecisionReply>> {
  const submission = parseWithZod(form, { schema: qcDecisionSchema })
  const formId = String(form.get('form') ?? '').slice(0, 60)
  if (submission.status !== 'success') return { status: 'invalid', reply: { ...submission.reply(), form: formId } }
  const input = submission.value
  const done = await moves.decideInspection(db, { userId: viewer.userId }, Number(input.inspection), {
    decision: input.intent,
    reason: input.reason,
    ...(input.intent === 'accept_part' ? { lines: input.line, disposition: input.disposition } : {}),
  })
  if (!done.ok)
    return done.notFound
      ? { status: 'not-found' }
      : { status: 'invalid', reply: { ...refusalReply(submission, done), form: formId } }
  const { code, orderCode, decided, split } = done.value
  const message = split
    ? `${code} is partly accepted: ${orderCode} passes QC with the accepted part; the rest is ${split}.`
    : `${code} is ${decided}: ${orderCode} ${decided === 'rejected' ? 'goes back to the seller to rework' : 'passes QC'}.`
  return { status: 'done', toast: { kind: 'success', message }, redirectTo: `${qcApprovalsPath[portal]}${url.search}` }
}
