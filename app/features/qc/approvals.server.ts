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
import type { QcMethod } from '#db/types'
import { acceptableMilli, aqlWords, defaultDecision, overLimitMilli, pointsText, readLinePlan } from './findings'
import { DEFECT_CLASSES } from './sampling/iso2859'
import { shadeGroupsOf } from './sampling/four-point'
import { verdictHasFindings, verdictSentence, type LineVerdictFacts } from './verdict'

/** A line's kept rolls by shade, with each group's figure; none when all the rolls are of one shade. */
function shadesOf(rolls: { shade: string | null; points: number; length_mm: number; width_mm: number }[]) {
  const groups = shadeGroupsOf(
    rolls.map((r) => ({
      shade: r.shade,
      points: Number(r.points),
      lengthMm: Number(r.length_mm),
      widthMm: Number(r.width_mm),
    })),
  )
  return groups.length < 2
    ? []
    : groups.map((g) => ({
        shade: g.shade,
        rolls: g.rolls,
        points: g.points,
        pointsPer100: g.pointsPer100SquareYards.toFixed(2),
      }))
}

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
  // Something to look at: a condition not met, a lot its plan rejects, or a roll over the points limit.
  if (filters.failing)
    q = q.where((eb) =>
      eb.or([
        eb('i.failed_count', '>', 0),
        eb.exists(
          eb
            .selectFrom('qc_inspection_lines as rl')
            .select('rl.id')
            .whereRef('rl.inspection_id', '=', 'i.id')
            .where('rl.verdict', '=', 'reject'),
        ),
        eb.exists(
          eb
            .selectFrom('qc_rolls as fr')
            .select('fr.id')
            .whereRef('fr.inspection_id', '=', 'i.id')
            .where('fr.accepted', '=', 0),
        ),
      ]),
    )
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
  const cards = rows.map((r) => {
    const detail = details.get(r.id)!
    const whole = { failedConditions: Number(r.failed_count), lines: detail.lines.map(lineVerdictFacts) }
    return {
      ...r,
      slot: slotLabel(r.slot),
      ...detail,
      /** The whole verdict in one sentence (verdict.ts), and whether it finds anything against the lot. */
      sentence: verdictSentence(whole),
      findings: verdictHasFindings(whole),
      /** What the big button does: exactly what the inspector found. */
      decision: defaultDecision(detail.lines),
      /** Something the inspector did not accept: accepting it is the override. */
      overridable: detail.lines.some((l) => l.acceptableMilli < l.quantityMilli),
    }
  })
  return { ...base, total, cards }
}

/** What a line as read here gives the one verdict sentence (verdict.ts). */
export function lineVerdictFacts(line: {
  lineNo: number
  verdict: 'accept' | 'reject' | null
  plan: { classes: { defectClass: string; found: number; acceptance: number; verdict: 'accept' | 'reject' }[] }
  fabric: { pointsPer100: string | null; limit: number; rollsOver: string[] } | null
}): LineVerdictFacts {
  return {
    lineNo: line.lineNo,
    verdict: line.verdict,
    classesRejected: line.plan.classes
      .filter((c) => c.verdict === 'reject')
      .map((c) => ({ defectClass: c.defectClass, found: c.found, acceptance: c.acceptance })),
    points:
      line.fabric && line.fabric.pointsPer100 !== null
        ? { per100: line.fabric.pointsPer100, limit: line.fabric.limit }
        : null,
    rollsOver: line.fabric?.rollsOver ?? [],
  }
}

/** A line's plan, class by class: the AQL, Ac/Re and sample of its plan, the defects found in that class, its verdict. */
function classRows(planJson: string | null, defects: { severity: string; count: number }[]) {
  const plan = readLinePlan(planJson)
  if (!plan) return []
  return DEFECT_CLASSES.filter((c) => plan[c]).map((c) => {
    const p = plan[c]!
    const found = defects.filter((d) => d.severity === c).reduce((sum, d) => sum + d.count, 0)
    return {
      defectClass: c,
      aql: aqlWords(p.aql),
      sampleSize: p.sampleSize,
      acceptance: p.acceptance,
      rejection: p.rejection,
      found,
      verdict: found <= p.acceptance ? ('accept' as const) : ('reject' as const),
    }
  })
}

/** The lines (with quantities, results and what the inspector found by the plan) and photos of inspections. */
export async function inspectionDetails(db: Executor, ids: number[]) {
  type Line = {
    subOrderId: number
    lineNo: number
    sku: string
    name: string
    category: string
    unit: string
    quantity: string
    accepted: string
    rejected: string
    quantityMilli: number
    acceptedMilli: number
    /** What the inspector found acceptable (findings.ts): accepting more is an override. */
    acceptable: string
    acceptableMilli: number
    overLimit: string
    overLimitMilli: number
    method: QcMethod
    verdict: 'accept' | 'reject' | null
    plan: {
      lotUnits: number | null
      codeLetter: string | null
      sampleSize: number | null
      severity: string | null
      classes: ReturnType<typeof classRows>
    }
    defects: { name: string; severity: string; count: number }[]
    fabric: {
      pointsPer100: string | null
      limit: number
      rolls: {
        /** The roll's tag as the mill prints it. */
        tag: string
        shade: string | null
        length: string
        width: string
        points: number
        pointsPer100: string
        accepted: boolean
      }[]
      rollsOver: string[]
      /** The rolls by shade or dye lot, each group's points per 100 sq yd (only when there is more than one group). */
      shades: { shade: string | null; rolls: number; points: number; pointsPer100: string }[]
    } | null
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
  const [lines, results, photos, counts, rolls] = await Promise.all([
    db
      .selectFrom('qc_inspection_lines as l')
      .innerJoin('sub_orders as so', 'so.id', 'l.sub_order_id')
      .innerJoin('categories as c', 'c.id', 'so.category_id')
      .innerJoin('product_skus as p', 'p.id', 'so.product_sku_id')
      .innerJoin('products', 'products.id', 'p.product_id')
      .select([
        'l.inspection_id',
        'l.sub_order_id',
        'l.line_no',
        'l.quantity_milli',
        'l.accepted_milli',
        'l.rejected_milli',
        'l.lot_units',
        'l.code_letter',
        'l.sample_size',
        'l.inspection_severity',
        'l.plan_json',
        'l.verdict',
        'l.points_per_100',
        'c.name as category',
        'c.qc_method',
        'c.points_limit',
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
    db
      .selectFrom('qc_defect_counts')
      .select(['inspection_id', 'sub_order_id', 'name', 'severity', 'count'])
      .where('inspection_id', 'in', ids)
      .where('count', '>', 0)
      .orderBy('count', 'desc')
      .orderBy('name')
      .execute(),
    db
      .selectFrom('qc_rolls')
      .select([
        'inspection_id',
        'sub_order_id',
        'roll_no',
        'roll_tag',
        'shade',
        'length_mm',
        'width_mm',
        'points',
        'points_per_100',
        'accepted',
      ])
      .where('inspection_id', 'in', ids)
      .orderBy('roll_no')
      .execute(),
  ])
  const severityOrder = { critical: 0, major: 1, minor: 2 } as Record<string, number>
  for (const l of lines) {
    const of = <T extends { inspection_id: number; sub_order_id: number }>(rows: T[]) =>
      rows.filter((r) => r.inspection_id === l.inspection_id && r.sub_order_id === l.sub_order_id)
    const defects = of(counts)
      .map((d) => ({ name: d.name, severity: d.severity as string, count: Number(d.count) }))
      .sort((a, b) => (severityOrder[a.severity] ?? 3) - (severityOrder[b.severity] ?? 3) || b.count - a.count)
    const lineRolls = of(rolls).map((r) => ({
      tag: r.roll_tag ?? String(r.roll_no),
      shade: r.shade,
      length: quantityInput(Number(r.length_mm)),
      width: quantityInput(Number(r.width_mm) * 100),
      points: Number(r.points),
      pointsPer100: pointsText(Number(r.points_per_100)),
      accepted: Boolean(r.accepted),
    }))
    const quantityMilli = Number(l.quantity_milli)
    const acceptedMilli = Number(l.accepted_milli)
    // The rolls over the points limit are not acceptable whatever the inspector typed (issue 51).
    const overMilli = overLimitMilli(
      of(rolls).map((r) => ({ lengthMm: Number(r.length_mm), accepted: Boolean(r.accepted) })),
      l.unit,
      quantityMilli,
    )
    const acceptable = acceptableMilli({ quantityMilli, acceptedMilli, verdict: l.verdict, overLimitMilli: overMilli })
    found.get(l.inspection_id)!.lines.push({
      subOrderId: l.sub_order_id,
      lineNo: l.line_no,
      sku: l.code,
      name: l.name,
      category: l.category,
      unit: l.unit,
      quantity: quantityInput(quantityMilli),
      accepted: quantityInput(acceptedMilli),
      rejected: quantityInput(Number(l.rejected_milli)),
      quantityMilli,
      acceptedMilli,
      acceptable: quantityInput(acceptable),
      acceptableMilli: acceptable,
      /** The length of the rolls over the points limit, in the line's unit (0 when none). */
      overLimit: quantityInput(overMilli),
      overLimitMilli: overMilli,
      method: l.qc_method,
      verdict: l.verdict,
      plan: {
        lotUnits: l.lot_units === null ? null : Number(l.lot_units),
        codeLetter: l.code_letter,
        sampleSize: l.sample_size === null ? null : Number(l.sample_size),
        severity: l.inspection_severity,
        classes: classRows(l.plan_json, defects),
      },
      defects,
      fabric:
        l.qc_method === 'four_point' || lineRolls.length
          ? {
              pointsPer100: l.points_per_100 === null ? null : pointsText(Number(l.points_per_100)),
              limit: Number(l.points_limit),
              rolls: lineRolls,
              rollsOver: lineRolls.filter((r) => !r.accepted).map((r) => r.tag),
              shades: shadesOf(of(rolls)),
            }
          : null,
      results: of(results).map((r) => ({
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
  ): Promise<Result<{ code: string; orderCode: string; decided: string; split?: string; overridden: boolean }>>
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
    ...(input.intent === 'accept_part' || input.intent === 'override'
      ? { lines: input.line, disposition: input.disposition }
      : {}),
    ...(input.intent === 'override' ? { overrideReason: input.overrideReason } : {}),
  })
  if (!done.ok)
    return done.notFound
      ? { status: 'not-found' }
      : { status: 'invalid', reply: { ...refusalReply(submission, done), form: formId } }
  const { code, orderCode, decided, split, overridden } = done.value
  const against = overridden ? ' against the inspector’s verdict' : ''
  const message = split
    ? `${code} is partly accepted${against}: ${orderCode} passes QC with the accepted part; the rest is ${split}.`
    : `${code} is ${decided}${against}: ${orderCode} ${decided === 'rejected' ? 'goes back to the seller to rework' : 'passes QC'}.`
  return { status: 'done', toast: { kind: 'success', message }, redirectTo: `${qcApprovalsPath[portal]}${url.search}` }
}
