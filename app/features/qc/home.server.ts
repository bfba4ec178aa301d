import type { Database } from '#db/database'
import type { PortalKey } from '~/auth/portals'
import type { Viewer } from '~/auth/session.server'
import { kolkataDay } from '~/utils/format'
import type { Figure } from '~/platform/figures'
import { calendarPath, qcApprovalsPath } from './forms'

/** QC figures of a portal's home: the approvers' queue and today's inspections; the operator's own day. */
export async function qcFigures(db: Database, viewer: Viewer, portal: PortalKey): Promise<Figure[]> {
  const today = kolkataDay()
  const count = async (query: { executeTakeFirstOrThrow: () => Promise<{ n: number | string | bigint }> }) =>
    Number((await query.executeTakeFirstOrThrow()).n)
  const inspections = db.selectFrom('qc_inspections').select((eb) => eb.fn.countAll<number>().as('n'))
  if (portal === 'admin' || portal === 'biz_ops') {
    const [waiting, todays] = await Promise.all([
      count(inspections.where('status', '=', 'submitted')),
      count(inspections.where('scheduled_on', '=', today).where('status', '<>', 'cancelled')),
    ])
    return [
      {
        label: 'QC inspections waiting for a decision',
        value: waiting,
        tone: waiting > 0 ? 'warning' : undefined,
        to: qcApprovalsPath[portal],
      },
      { label: 'QC inspections today', value: todays, to: `${calendarPath[portal]}?day=${today}` },
    ]
  }
  if (portal === 'field_operator') {
    const mine = inspections.where('operator_id', '=', viewer.userId).where('status', '=', 'scheduled')
    const [todays, overdue] = await Promise.all([
      count(mine.where('scheduled_on', '=', today)),
      count(mine.where('scheduled_on', '<', today)),
    ])
    return [
      { label: 'Your inspections today', value: todays, to: '/field_operator/orders' },
      {
        label: 'Overdue, not sent',
        value: overdue,
        tone: overdue > 0 ? 'warning' : undefined,
        to: '/field_operator/orders',
      },
    ]
  }
  return []
}
