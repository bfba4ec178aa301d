import type { Database } from '#db/database'
import { mayEnter } from '~/auth/portals'
import type { Viewer } from '~/auth/session.server'

/**
 * A QC photo the viewer may see: the QC approvers (admin, biz ops) see every one; a field
 * operator the photos of its own inspections. Anyone else finds nothing (404), so ids cannot be probed.
 */
export async function qcPhotoFor(db: Database, viewer: Viewer, photoId: number) {
  let query = db
    .selectFrom('qc_photos')
    .innerJoin('qc_inspections', 'qc_inspections.id', 'qc_photos.inspection_id')
    .select(['qc_photos.id', 'qc_photos.storage_key', 'qc_photos.thumb_key'])
    .where('qc_photos.id', '=', photoId)
  const approver = mayEnter(viewer.roles, 'admin') || mayEnter(viewer.roles, 'biz_ops')
  if (!approver) query = query.where('qc_inspections.operator_id', '=', viewer.userId)
  return query.executeTakeFirst()
}
