import { z } from 'zod'
import type { PortalKey } from '~/auth/portals'
import type { Viewer } from '~/auth/session.server'
import { inspectionsAfter, type InspectionScope } from '~/features/qc/inspection-list.server'
import { pageOf, pageQuery, pageSchema } from '~/platform/api/cursor'
import { Refused } from '~/utils/refusal.server'
import { endpoint } from '../endpoint'
import { afterOf, day, id, idParam, idQuery, instant } from './shared'

// QC inspections (docs/api.md "Inspections"), told as the order pages tell them: a buyer reads of its
// orders' inspections whether each passed and when (never the inspection's code, operator, notes or
// measurements, nor the seller); a seller its own seller orders' with the conditions not met and the
// notes (never the operator); staff everything, the operator too.

const READERS = ['admin', 'main', 'seller', 'buyer'] as const satisfies readonly PortalKey[]

const OUTCOME: Record<string, string> = {
  approved: 'passed',
  partly_approved: 'partly_accepted',
  rejected: 'failed',
  submitted: 'being_decided',
  scheduled: 'scheduled',
}

const inspection = z.object({
  id,
  master_order: z.object({ id, code: z.string() }),
  outcome: z
    .enum(['scheduled', 'being_decided', 'passed', 'partly_accepted', 'failed'])
    .describe('Passed whole, partly accepted, failed, waiting for the decision, or not inspected yet.'),
  scheduled_on: day,
  decided_at: instant.nullable(),
  lines: z
    .array(z.string())
    .describe('The lines inspected: the buyer’s codes for the buyer, the item codes for others.'),
  code: z.string().optional().describe('Seller and staff: the inspection’s code (QC-…).'),
  slot: z.string().optional().describe('Seller and staff: the slot it was scheduled in.'),
  received_at: instant.nullable().optional().describe('Seller and staff: when the findings were submitted.'),
  notes: z.string().nullable().optional().describe('Seller and staff: the inspector’s notes.'),
  decision_note: z.string().nullable().optional().describe('Seller and staff: the decision’s note.'),
  failing: z
    .array(
      z.object({
        name: z.string(),
        rule: z.string().describe('The condition, in words.'),
        value: z.string().describe('What was found.'),
        unit: z.string().nullable(),
        severity: z.string(),
      }),
    )
    .optional()
    .describe('Seller and staff: the conditions not met.'),
  operator: z.string().optional().describe('Staff: the inspector.'),
})

type Found = Awaited<ReturnType<typeof inspectionsAfter>>[number]
const body = (i: Found): z.input<typeof inspection> => ({
  id: i.id,
  master_order: { id: i.masterOrderId, code: i.masterCode },
  outcome: (OUTCOME[i.status] ?? 'scheduled') as 'scheduled',
  scheduled_on: i.scheduledOn,
  decided_at: i.decidedAt,
  lines: i.lines,
  ...(i.code !== undefined && i.slot !== undefined
    ? {
        code: i.code,
        slot: i.slot,
        received_at: i.receivedAt ?? null,
        notes: i.notes ?? null,
        decision_note: i.decisionNote ?? null,
        failing: i.failing ?? [],
      }
    : {}),
  ...(i.operator !== undefined ? { operator: i.operator } : {}),
})

function scopeOf(viewer: Viewer, portal: PortalKey): InspectionScope {
  if (portal === 'buyer') return { kind: 'buyer', buyerId: viewer.company?.kind === 'buyer' ? viewer.company.id : -1 }
  if (portal === 'seller')
    return { kind: 'seller', sellerId: viewer.company?.kind === 'seller' ? viewer.company.id : -1 }
  return { kind: 'all' }
}

/** The buyer's view holds no code, slot, notes or operator: qcOutcomes does not read them for it. */
const forBuyer = (found: Found, portal: PortalKey): Found =>
  portal === 'buyer'
    ? {
        id: found.id,
        code: '',
        status: found.status,
        scheduledOn: found.scheduledOn,
        decidedAt: found.decidedAt,
        masterOrderId: found.masterOrderId,
        masterCode: found.masterCode,
        lines: found.lines,
      }
    : found

export const inspectionEndpoints = [
  endpoint({
    id: 'listInspections',
    method: 'GET',
    path: '/inspections',
    tag: 'Inspections',
    summary: 'List QC inspections',
    description:
      'The quality inspections of the caller’s orders (or one order’s: `master_order_id`), newest first, with their outcome as the order page tells it to the caller.',
    scope: 'quality:read',
    portals: READERS,
    query: z.object({ master_order_id: idQuery('Only this order’s inspections.'), ...pageQuery }),
    response: pageSchema(inspection),
    examples: [{ name: 'buyer', summary: 'The buyer’s orders’ inspections', as: 'buyer@example.com', status: 200 }],
    handle: async ({ db, viewer, portal, query }) => {
      const rows = await inspectionsAfter(
        db,
        scopeOf(viewer, portal),
        { masterOrderId: query.master_order_id },
        afterOf(query.cursor)?.id ?? null,
        query.limit + 1,
      )
      const page = pageOf(rows, query.limit, (r) => ({ id: r.id }))
      return { data: page.data.map((r) => body(forBuyer(r, portal))), next_cursor: page.next_cursor }
    },
  }),
  endpoint({
    id: 'getInspection',
    method: 'GET',
    path: '/inspections/{inspectionId}',
    tag: 'Inspections',
    summary: 'Read a QC inspection’s result',
    description: 'One inspection’s outcome through the caller’s lens. Another buyer’s or seller’s is 404.',
    scope: 'quality:read',
    portals: READERS,
    params: z.object({ inspectionId: idParam }),
    response: inspection,
    examples: [
      {
        name: 'missing',
        summary: 'An inspection that is not the buyer’s',
        as: 'buyer@example.com',
        params: { inspectionId: 999999999 },
        status: 404,
      },
    ],
    handle: async ({ db, viewer, portal, params }) => {
      const [found] = await inspectionsAfter(db, scopeOf(viewer, portal), { id: params.inspectionId }, null, 1)
      if (!found) throw Refused.notFound('There is no such inspection, or it is not yours to read.')
      return body(forBuyer(found, portal))
    },
  }),
]
