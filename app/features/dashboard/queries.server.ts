import { creditHoldQueue } from '~/features/credit/credit.server'
import { sampleHome } from '../sample-orders/home.server'
import type { Database } from '#db/database'
import { sentenceCase } from '~/ui/badge'
import type { PortalKey } from '~/auth/portals'
import type { Viewer } from '~/auth/session.server'
import { actionWords, NOT_ACTIVITY, recordKind } from '../audit/describe'
import { recordRefs } from '../audit/records.server'
import { orderHome, type OrderQueue } from '../orders/home.server'
import { qcFigures } from '../qc/home.server'
import { linkedFigures, type Figure } from '~/platform/figures'
import { homeExtras } from './operations.server'
import { ewayBillQueue, financeFigures, logisticsFigures } from './team-homes.server'

async function countBy(db: Database, table: 'buyers' | 'sellers' | 'users') {
  const rows = await db
    .selectFrom(table)
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute()
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) as Record<string, number>
}

/** The companies and products the platform trades: the administrators' and the main portal's figures. */
export async function staffFigures(db: Database, viewer: Viewer): Promise<Figure[]> {
  const [buyers, sellers, products] = await Promise.all([
    countBy(db, 'buyers'),
    countBy(db, 'sellers'),
    db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('active', '=', 1)
      .executeTakeFirstOrThrow(),
  ])
  const waiting = (n: number | undefined): Figure['tone'] => (n ? 'warning' : undefined)
  return linkedFigures(viewer.roles, [
    {
      label: 'Buyers waiting for approval',
      value: buyers.pending ?? 0,
      tone: waiting(buyers.pending),
      to: '/buyers/manage?status=pending',
    },
    {
      label: 'Sellers waiting for approval',
      value: sellers.pending ?? 0,
      tone: waiting(sellers.pending),
      to: '/sellers/manage?status=pending',
    },
    { label: 'Active buyers', value: buyers.active ?? 0, to: '/buyers/manage?status=active' },
    { label: 'Active sellers', value: sellers.active ?? 0, to: '/sellers/manage?status=active' },
    { label: 'Products traded', value: Number(products.n), to: '/dev_admin/products' },
  ])
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
    .select([
      'audit_events.id',
      'audit_events.at',
      'audit_events.action',
      'audit_events.entity_type',
      'audit_events.entity_id',
      'users.name as actor_name',
    ])
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
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(column, '=', company.id)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('addresses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(column, '=', company.id)
      .executeTakeFirstOrThrow(),
  ])
  return [
    { label: 'Company', value: company.name, to: `/${company.kind}/${company.id}/company` },
    {
      label: 'Status',
      value: sentenceCase(company.status),
      tone: company.status === 'active' ? 'success' : 'warning',
      to: `/${company.kind}/${company.id}/company`,
    },
    { label: 'Active users', value: Number(users.n), to: `/${company.kind}/${company.id}/company#users-heading` },
    { label: 'Addresses', value: Number(addresses.n), to: `/${company.kind}/${company.id}/company#addresses-heading` },
  ]
}

const countOf = async (query: { executeTakeFirstOrThrow: () => Promise<{ n: number | string | bigint }> }) =>
  Number((await query.executeTakeFirstOrThrow()).n)

/** What waits for a decision or belongs to the viewer in the catalogue. */
async function catalogueFigures(db: Database, viewer: Viewer, portal: PortalKey): Promise<Figure[]> {
  const pendingRequests = db
    .selectFrom('price_change_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'pending')
  const activeSamples = db
    .selectFrom('sample_skus')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('active', '=', 1)
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
      return [
        { label: 'Active sample SKUs', value: await countOf(activeSamples), to: '/biz_ops_team/skus/sample_skus' },
      ]
    case 'dev_admin': {
      const [products, flags] = await Promise.all([
        countOf(db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n'))),
        countOf(
          db
            .selectFrom('flags')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('enabled', '=', 1),
        ),
      ])
      return [
        { label: 'Product families', value: products, to: '/dev_admin/products' },
        { label: 'Feature flags on', value: flags, to: '/dev_admin/flags' },
      ]
    }
    default:
      return []
  }
}

/** The figures a portal's home page shows, each read from the database for this viewer, each a link it may follow. */
export async function portalFigures(db: Database, viewer: Viewer, portal: PortalKey): Promise<Figure[]> {
  return linkedFigures(viewer.roles, await figuresOf(db, viewer, portal))
}

/** A portal's home: its order figures and queue (app/features/orders/home.server.ts) first, then its other figures. */
export async function portalHome(
  db: Database,
  viewer: Viewer,
  portal: PortalKey,
): Promise<{ figures: Figure[]; queues: OrderQueue[] }> {
  const [orders, samples, qc, figures, extras, holds, eway] = await Promise.all([
    orderHome(db, viewer, portal),
    sampleHome(db, viewer, portal),
    qcFigures(db, viewer, portal),
    portalFigures(db, viewer, portal),
    homeExtras(db, viewer, portal),
    // Business finance's own queue: the orders waiting on credit hold (docs/domain.md "Credit").
    portal === 'biz_fin' ? creditHoldQueue(db) : null,
    // The logistics team's own queue: e-way bills missing or expired on moving bookings.
    portal === 'logistics' ? ewayBillQueue(db) : null,
  ])
  return {
    figures: [...linkedFigures(viewer.roles, [...orders.figures, ...samples.figures, ...qc, ...extras]), ...figures],
    queues: [
      ...(holds ? [holds] : []),
      ...(eway ? [eway] : []),
      ...(orders.queue ? [orders.queue] : []),
      ...samples.queues,
    ],
  }
}

/**
 * Each home shows the figures of its people's work (issue 34): company counts only where companies
 * are handled (the administrators; the main portal's dashboard shows them on its own), the
 * catalogue's where the catalogue is kept. Orders, samples, QC and money come from their features.
 */
async function figuresOf(db: Database, viewer: Viewer, portal: PortalKey): Promise<Figure[]> {
  switch (portal) {
    case 'buyer':
    case 'seller':
      return companyFigures(db, viewer)
    case 'admin':
      return [...(await staffFigures(db, viewer)), ...(await catalogueFigures(db, viewer, portal))]
    case 'logistics':
      return logisticsFigures(db)
    case 'biz_fin':
      return financeFigures(db)
    default:
      return catalogueFigures(db, viewer, portal)
  }
}
