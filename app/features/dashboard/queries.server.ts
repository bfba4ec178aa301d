import { sampleHome } from '../sample-orders/home.server'
import type { Database } from '#db/database'
import { mayOpen, type PortalKey } from '~/auth/portals'
import type { Viewer } from '~/auth/session.server'
import { actionWords, NOT_ACTIVITY, recordKind } from '../audit/describe'
import { recordRefs } from '../audit/records.server'
import { orderHome, type OrderQueue } from '../orders/home.server'
import { qcFigures } from '../qc/home.server'
import { homeExtras } from './operations.server'
import { financeFigures, logisticsFigures } from './team-homes.server'

export interface Figure {
  label: string
  value: number | string
  tone?: 'warning' | 'success'
  /** The list behind the figure, filtered to what it counts (kept only where the viewer may open it). */
  to?: string
}

async function countBy(db: Database, table: 'buyers' | 'sellers' | 'users') {
  const rows = await db
    .selectFrom(table)
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute()
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) as Record<string, number>
}

const activeCompanies = async (db: Database, table: 'buyers' | 'sellers'): Promise<Figure> => ({
  label: table === 'buyers' ? 'Active buyers' : 'Active sellers',
  value: (await countBy(db, table)).active ?? 0,
  to: `/${table}/manage?status=active`,
})

/** Figures every staff portal shares: companies waiting for approval, trading companies, products. */
export async function staffFigures(db: Database): Promise<Figure[]> {
  const [buyers, sellers, products] = await Promise.all([
    countBy(db, 'buyers'),
    countBy(db, 'sellers'),
    db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).where('active', '=', 1).executeTakeFirstOrThrow(),
  ])
  const waiting = (n: number | undefined): Figure['tone'] => (n ? 'warning' : undefined)
  return [
    { label: 'Buyers waiting for approval', value: buyers.pending ?? 0, tone: waiting(buyers.pending), to: '/buyers/manage?status=pending' },
    { label: 'Sellers waiting for approval', value: sellers.pending ?? 0, tone: waiting(sellers.pending), to: '/sellers/manage?status=pending' },
    { label: 'Active buyers', value: buyers.active ?? 0, to: '/buyers/manage?status=active' },
    { label: 'Active sellers', value: sellers.active ?? 0, to: '/sellers/manage?status=active' },
    { label: 'Products traded', value: Number(products.n) },
  ]
}

export function pendingCompanies(db: Database, limit = 10) {
  const buyers = db
    .selectFrom('buyers')
    .select(['id', 'name', 'contact_email', 'created_at'])
    .select((eb) => eb.val('buyer').as('kind'))
    .where('status', '=', 'pending')
  const sellers = db
    .selectFrom('sellers')
    .select(['id', 'name', 'contact_email', 'created_at'])
    .select((eb) => eb.val('seller').as('kind'))
    .where('status', '=', 'pending')
  return buyers.unionAll(sellers).orderBy('created_at', 'desc').limit(limit).execute()
}

/**
 * What people did lately, as sentences: "Buyer Tiruppur Knit Works activated by Isha Internal".
 * Sign-ins, the demo data's own entries and security noise are not business activity.
 */
export async function recentActivity(db: Database, viewer: Viewer, limit = 10) {
  let query = db
    .selectFrom('audit_events')
    .leftJoin('users', 'users.id', 'audit_events.actor_user_id')
    .select(['audit_events.id', 'audit_events.at', 'audit_events.action', 'audit_events.entity_type', 'audit_events.entity_id', 'users.name as actor_name'])
  for (const pattern of NOT_ACTIVITY) query = query.where('audit_events.action', 'not like', pattern)
  const rows = await query.orderBy('audit_events.id', 'desc').limit(limit).execute()
  const names = await recordRefs(db, viewer.roles, rows)
  return rows.map((r) => {
    const record = names.get(`${r.entity_type}:${r.entity_id}`)
    return {
      id: r.id,
      at: r.at,
      kind: recordKind(r.entity_type),
      record: record?.name ?? `#${r.entity_id}`,
      to: record?.to ?? null,
      what: actionWords(r.action),
      who: r.actor_name ?? 'the system',
    }
  })
}

async function companyFigures(db: Database, viewer: Viewer): Promise<Figure[]> {
  const company = viewer.company
  if (!company) return []
  const column = company.kind === 'buyer' ? 'buyer_id' : 'seller_id'
  const [users, addresses] = await Promise.all([
    db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where(column, '=', company.id).where('status', '=', 'active').executeTakeFirstOrThrow(),
    db.selectFrom('addresses').select((eb) => eb.fn.countAll<number>().as('n')).where(column, '=', company.id).executeTakeFirstOrThrow(),
  ])
  return [
    { label: 'Company', value: company.name },
    { label: 'Status', value: company.status, tone: company.status === 'active' ? 'success' : 'warning' },
    { label: 'Active users', value: Number(users.n), to: `/${company.kind}/${company.id}/company#users-heading` },
    { label: 'Addresses', value: Number(addresses.n), to: `/${company.kind}/${company.id}/company#addresses-heading` },
  ]
}

async function assignedFigures(db: Database, viewer: Viewer, table: 'buyers' | 'sellers'): Promise<Figure[]> {
  const column = table === 'buyers' ? 'kam_user_id' : 'agent_user_id'
  const rows = await db
    .selectFrom(table)
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where(column, '=', viewer.userId)
    .groupBy('status')
    .execute()
  const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]))
  const noun = table === 'buyers' ? 'buyers' : 'sellers'
  return [
    { label: `${noun[0].toUpperCase()}${noun.slice(1)} assigned to you`, value: rows.reduce((sum, r) => sum + Number(r.n), 0) },
    { label: `Of them active`, value: by.active ?? 0 },
  ]
}

const countOf = async (query: { executeTakeFirstOrThrow: () => Promise<{ n: number | string | bigint }> }) => Number((await query.executeTakeFirstOrThrow()).n)

/** What waits for a decision or belongs to the viewer in the catalogue. */
async function catalogueFigures(db: Database, viewer: Viewer, portal: PortalKey): Promise<Figure[]> {
  const pendingRequests = db.selectFrom('price_change_requests').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending')
  const activeSamples = db.selectFrom('sample_skus').select((eb) => eb.fn.countAll<number>().as('n')).where('active', '=', 1)
  switch (portal) {
    case 'admin': {
      const waiting = await countOf(pendingRequests)
      return [
        {
          label: 'Price changes waiting for a decision',
          value: waiting,
          tone: waiting > 0 ? 'warning' : undefined,
          to: '/admin/approvals/buyer_skus/pricing_requests?status=pending',
        },
      ]
    }
    case 'demand_kam':
      return [
        {
          label: 'Your price changes waiting',
          value: await countOf(pendingRequests.where('requested_by', '=', viewer.userId)),
          to: '/demand_kam/approvals/buyer_skus/pricing_requests?status=pending',
        },
      ]
    case 'catalog_manager':
      return [{ label: 'Active sample SKUs', value: await countOf(activeSamples), to: '/catalog_manager/sample_skus' }]
    case 'biz_ops':
      return [{ label: 'Active sample SKUs', value: await countOf(activeSamples), to: '/biz_ops_team/skus/sample_skus' }]
    case 'dev_admin': {
      const products = await countOf(db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')))
      return [{ label: 'Product families', value: products }]
    }
    default:
      return []
  }
}

/** The figures a portal's home page shows, each read from the database for this viewer. */
export async function portalFigures(db: Database, viewer: Viewer, portal: PortalKey): Promise<Figure[]> {
  const figures = await figuresOf(db, viewer, portal)
  // A figure links to its list only where the viewer may open that list.
  return figures.map((f) => (f.to && !mayOpen(viewer.roles, f.to) ? { ...f, to: undefined } : f))
}

/** A portal's home: its order figures and queue (app/features/orders/home.server.ts) first, then its other figures. */
export async function portalHome(db: Database, viewer: Viewer, portal: PortalKey): Promise<{ figures: Figure[]; queues: OrderQueue[] }> {
  const [orders, samples, qc, figures, extras] = await Promise.all([orderHome(db, viewer, portal), sampleHome(db, viewer, portal), qcFigures(db, viewer, portal), portalFigures(db, viewer, portal), homeExtras(db, viewer, portal)])
  const linked = [...orders.figures, ...samples.figures, ...qc, ...extras].map((f): Figure => (f.to && mayOpen(viewer.roles, f.to) ? f : { ...f, to: undefined }))
  return { figures: [...linked, ...figures], queues: [...(orders.queue ? [orders.queue] : []), ...samples.queues] }
}

async function figuresOf(db: Database, viewer: Viewer, portal: PortalKey): Promise<Figure[]> {
  switch (portal) {
    case 'buyer':
    case 'seller':
      return companyFigures(db, viewer)
    case 'demand_kam':
      return [...(await assignedFigures(db, viewer, 'buyers')), await activeCompanies(db, 'buyers'), ...(await catalogueFigures(db, viewer, portal))]
    case 'supplier_agent':
      return [...(await assignedFigures(db, viewer, 'sellers')), await activeCompanies(db, 'sellers')]
    case 'toolkit':
    case 'field_operator':
      return []
    case 'logistics':
      return logisticsFigures(db)
    case 'biz_fin':
      return financeFigures(db)
    default:
      return [...(await staffFigures(db)), ...(await catalogueFigures(db, viewer, portal))]
  }
}
