import type { Insertable } from 'kysely'
import { hashPassword } from '../app/auth/password.server'
import { audit } from '~/platform/audit.server'
import { reindexAll, syncSearch } from '~/platform/search.server'
import { withGstinCheck } from '../app/utils/gstin'
import type { Database } from '#db/database'
import { isUniqueViolation } from '#db/errors'
import { DEMO_PASSWORD, DEMO_ROLES, demoEmail, PENDING_DEMO_EMAIL } from './demo-users'
import { seedCatalogue } from './catalogue'
import { seedMoreCompanies } from './companies'
import { seedDemoOrders } from './orders'
import { seedDemoQc } from './qc'
import { seedBookQc } from './qc-book'
import { seedDemoSampleOrders } from './sample-orders'
import { seedDemoLogistics, seedDemoSampleCourier } from './logistics'
import { seedDemoEinvoices } from './einvoices'
import { seedDemoTamilNadu } from './tamil-nadu'
import { seedDemoPayables } from './payables'
import { seedDemoImports } from './imports'
import { seedClock } from './clock'
import { rebuildOrderFacts } from '../app/features/reports/facts.server'
import { rebuildQcFacts } from '../app/features/reports/qc-facts.server'
import type { AddressesTable, AttributeDefinition, RoleKey } from '#db/types'

const NAMES: Record<RoleKey, string> = {
  buyer: 'Priya Buyer',
  seller: 'Suresh Seller',
  admin: 'Anita Admin',
  dev_admin: 'Dev Kumar',
  catalog_manager: 'Kavya Catalog',
  demand_kam: 'Rahul Kam',
  biz_ops: 'Bhavna Ops',
  biz_fin: 'Farhan Finance',
  logistics: 'Lakshmi Logistics',
  field_operator: 'Faisal Field',
  supplier_admin: 'Sunita Supplier',
  supplier_agent: 'Arjun Agent',
  internal: 'Isha Internal',
}

const PRODUCTS: { slug: string; name: string; unit: string; schema: AttributeDefinition[] }[] = [
  {
    slug: 'fabric',
    name: 'Fabric',
    unit: 'm',
    schema: [
      { key: 'composition', label: 'Composition', type: 'text', required: true },
      {
        key: 'weave',
        label: 'Weave',
        type: 'enum',
        required: true,
        values: ['plain', 'twill', 'satin', 'dobby', 'knit'],
      },
      { key: 'gsm', label: 'Weight', type: 'number', unit: 'g/m²', required: true },
      { key: 'width', label: 'Width', type: 'number', unit: 'in', required: true },
      { key: 'colour', label: 'Colour', type: 'text', required: false },
    ],
  },
  {
    slug: 'yarn',
    name: 'Yarn',
    unit: 'kg',
    schema: [
      { key: 'count', label: 'Count', type: 'number', unit: 'Ne', required: true },
      { key: 'composition', label: 'Composition', type: 'text', required: true },
      { key: 'ply', label: 'Ply', type: 'number', required: true },
      {
        key: 'spinning',
        label: 'Spinning',
        type: 'enum',
        required: true,
        values: ['ring', 'open-end', 'compact', 'vortex'],
      },
    ],
  },
  {
    slug: 'garments',
    name: 'Garments',
    unit: 'pcs',
    schema: [
      {
        key: 'style',
        label: 'Style',
        type: 'enum',
        required: true,
        values: ['shirt', 't-shirt', 'trouser', 'dress', 'jacket'],
      },
      { key: 'fabric', label: 'Fabric', type: 'text', required: true },
      { key: 'size_range', label: 'Size range', type: 'text', required: true },
      { key: 'gsm', label: 'Fabric weight', type: 'number', unit: 'g/m²', required: false },
    ],
  },
]

const BUYERS = [
  {
    name: 'Indigo Threads Retail',
    legal: 'Indigo Threads Retail Pvt Ltd',
    gstin: withGstinCheck('27AAECI1234F1Z'),
    city: 'Mumbai',
    state: 'Maharashtra',
    pin: '400013',
  },
  {
    name: 'Saffron Apparel Co',
    legal: 'Saffron Apparel Company LLP',
    gstin: withGstinCheck('29AAKFS5678K1Z'),
    city: 'Bengaluru',
    state: 'Karnataka',
    pin: '560034',
  },
  {
    name: 'Blue Lotus Fashions',
    legal: 'Blue Lotus Fashions Pvt Ltd',
    gstin: withGstinCheck('07AABCB9012L1Z'),
    city: 'New Delhi',
    state: 'Delhi',
    pin: '110020',
  },
  {
    name: 'Urban Loom Brands',
    legal: 'Urban Loom Brands Ltd',
    gstin: withGstinCheck('24AACCU3456M1Z'),
    city: 'Ahmedabad',
    state: 'Gujarat',
    pin: '380015',
  },
  {
    name: 'Coastal Weaves Trading',
    legal: 'Coastal Weaves Trading Co',
    gstin: withGstinCheck('33AAFFC7890N1Z'),
    city: 'Chennai',
    state: 'Tamil Nadu',
    pin: '600017',
  },
]

const SELLERS = [
  {
    name: 'Tiruppur Knit Works',
    legal: 'Tiruppur Knit Works Pvt Ltd',
    gstin: withGstinCheck('33AADCT1111P1Z'),
    city: 'Tiruppur',
    state: 'Tamil Nadu',
    pin: '641604',
  },
  {
    name: 'Surat Silk Mills',
    legal: 'Surat Silk Mills Ltd',
    gstin: withGstinCheck('24AAACS2222Q1Z'),
    city: 'Surat',
    state: 'Gujarat',
    pin: '395003',
  },
  {
    name: 'Ludhiana Yarn Spinners',
    legal: 'Ludhiana Yarn Spinners LLP',
    gstin: withGstinCheck('03AAGFL3333R1Z'),
    city: 'Ludhiana',
    state: 'Punjab',
    pin: '141003',
  },
  {
    name: 'Erode Cotton Processors',
    legal: 'Erode Cotton Processors',
    gstin: withGstinCheck('33AAFFE4444S1Z'),
    city: 'Erode',
    state: 'Tamil Nadu',
    pin: '638001',
  },
  {
    name: 'Bhiwandi Weaving House',
    legal: 'Bhiwandi Weaving House Pvt Ltd',
    gstin: withGstinCheck('27AADCB5555T1Z'),
    city: 'Bhiwandi',
    state: 'Maharashtra',
    pin: '421302',
  },
]

const WAREHOUSES = [
  { city: 'Bhiwandi', state: 'Maharashtra', pin: '421302', line1: 'Gala 14, Rajlaxmi Logistics Park' },
  { city: 'Tiruppur', state: 'Tamil Nadu', pin: '641607', line1: 'Plot 6, SIDCO Industrial Estate' },
]

/** The registrations of the warehouses' other states (Tamil Nadu for Tiruppur): 33AABCS1429B1Z1 (check digit 1). */
export const DEMO_REGISTRATIONS = [
  {
    gstin: withGstinCheck('33AABCS1429B1Z'),
    series: 'TN',
    line1: 'Plot 6, SIDCO Industrial Estate',
    city: 'Tiruppur',
    state: 'Tamil Nadu',
    pin: '641607',
  },
]

export async function databaseIsEmpty(db: Database): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n) === 0
}

/** The demo data of the README: one user per role, a few companies, addresses, three products, and orders in their states. */
export async function seedDemo(db: Database): Promise<void> {
  const roleHashes = await Promise.all([...DEMO_ROLES, 'pending'].map(() => hashPassword(DEMO_PASSWORD)))
  const now = new Date().toISOString()
  await db.transaction().execute(async (trx) => {
    const userIds = {} as Record<RoleKey, number>
    for (const [i, role] of DEMO_ROLES.entries()) {
      const user = await trx
        .insertInto('users')
        .values({
          email: demoEmail(role),
          name: NAMES[role],
          phone: `98${String(76543210 + i).padStart(8, '0')}`,
          password_hash: roleHashes[i],
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      userIds[role] = user.id
      await trx.insertInto('user_roles').values({ user_id: user.id, role }).execute()
    }

    const addresses: Insertable<AddressesTable>[] = []
    const buyerIds: number[] = []
    for (const [i, b] of BUYERS.entries()) {
      const row = await trx
        .insertInto('buyers')
        .values({
          name: b.name,
          legal_name: b.legal,
          gstin: b.gstin,
          contact_email: `accounts@${b.name.toLowerCase().replace(/[^a-z]+/g, '')}.example`,
          contact_phone: `91${String(23456780 + i).padStart(8, '0')}`,
          status: 'active',
          kam_user_id: i < 3 ? userIds.demand_kam : null,
          credit_limit_minor: (i + 1) * 5_00_000_00,
          payment_terms_days: [30, 45, 60, 30, 15][i],
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      buyerIds.push(row.id)
      addresses.push(
        {
          buyer_id: row.id,
          kind: 'billing',
          label: 'Head office',
          line1: `${10 + i}, Commerce House`,
          city: b.city,
          state: b.state,
          pin: b.pin,
          is_default: 1,
        },
        {
          buyer_id: row.id,
          kind: 'shipping',
          label: 'Distribution centre',
          line1: `Warehouse ${i + 1}, Ring Road`,
          city: b.city,
          state: b.state,
          pin: b.pin,
          is_default: 1,
        },
      )
    }
    const sellerIds: number[] = []
    for (const [i, s] of SELLERS.entries()) {
      const row = await trx
        .insertInto('sellers')
        .values({
          name: s.name,
          legal_name: s.legal,
          gstin: s.gstin,
          contact_email: `sales@${s.name.toLowerCase().replace(/[^a-z]+/g, '')}.example`,
          contact_phone: `93${String(45678900 + i).padStart(8, '0')}`,
          status: 'active',
          agent_user_id: i < 3 ? userIds.supplier_agent : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      sellerIds.push(row.id)
      addresses.push(
        {
          seller_id: row.id,
          kind: 'billing',
          label: 'Registered office',
          line1: `${20 + i}, Mill Road`,
          city: s.city,
          state: s.state,
          pin: s.pin,
          is_default: 1,
        },
        {
          seller_id: row.id,
          kind: 'pickup',
          label: 'Factory gate',
          line1: `Unit ${i + 1}, Industrial Area`,
          city: s.city,
          state: s.state,
          pin: s.pin,
          is_default: 1,
        },
      )
    }
    // The demo buyer and seller users administer their companies.
    await trx
      .updateTable('users')
      .set({ buyer_id: buyerIds[0], is_company_admin: 1 })
      .where('id', '=', userIds.buyer)
      .execute()
    await trx
      .updateTable('users')
      .set({ seller_id: sellerIds[0], is_company_admin: 1 })
      .where('id', '=', userIds.seller)
      .execute()

    // A sign-up waiting for staff: its user sees only the waiting page.
    const pending = await trx
      .insertInto('buyers')
      .values({ name: 'Lotus Home Textiles', contact_email: PENDING_DEMO_EMAIL, status: 'pending', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    const pendingUser = await trx
      .insertInto('users')
      .values({
        email: PENDING_DEMO_EMAIL,
        name: 'Meera Lotus',
        password_hash: roleHashes[DEMO_ROLES.length],
        buyer_id: pending.id,
        is_company_admin: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx.insertInto('user_roles').values({ user_id: pendingUser.id, role: 'buyer' }).execute()

    for (const p of PRODUCTS) {
      const product = await trx
        .insertInto('products')
        .values({ slug: p.slug, name: p.name, unit: p.unit, attribute_schema: JSON.stringify(p.schema) })
        .returning('id')
        .executeTakeFirstOrThrow()
      for (const [i, w] of WAREHOUSES.entries()) {
        addresses.push({
          product_id: product.id,
          kind: 'warehouse',
          label: `${p.name} warehouse, ${w.city}`,
          line1: w.line1,
          city: w.city,
          state: w.state,
          pin: w.pin,
          is_default: i === 0 ? 1 : 0,
        })
      }
    }
    await trx.insertInto('addresses').values(addresses).execute()
    // The platform's GST registration in each other state where a demo warehouse is (issue 52; the
    // home one, Maharashtra, comes with the migration): the same PAN, the state's code, a valid check digit.
    await trx
      .insertInto('gst_registrations')
      .values(
        DEMO_REGISTRATIONS.map((r) => ({
          state_code: r.gstin.slice(0, 2),
          gstin: r.gstin,
          legal_name: 'Sourcing Platform Private Limited',
          trade_name: 'Sourcing Platform',
          line1: r.line1,
          city: r.city,
          state: r.state,
          pin: r.pin,
          is_home: 0,
          series_code: r.series,
        })),
      )
      .onConflict((oc) => oc.column('state_code').doNothing())
      .execute()

    // More staff to share the accounts: two more KAMs and two more supplier-team agents.
    const kams = [userIds.demand_kam]
    const agents = [userIds.supplier_agent]
    for (const [name, email, role, list] of [
      ['Neha Kapoor', 'kam.neha@example.com', 'demand_kam', kams],
      ['Vikram Rao', 'kam.vikram@example.com', 'demand_kam', kams],
      ['Sana Qureshi', 'agent.sana@example.com', 'supplier_agent', agents],
      ['Gopal Menon', 'agent.gopal@example.com', 'supplier_agent', agents],
    ] as const) {
      const user = await trx
        .insertInto('users')
        .values({ email, name, password_hash: roleHashes[0] })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx.insertInto('user_roles').values({ user_id: user.id, role }).execute()
      list.push(user.id)
    }
    // Every active buyer has its KAM (a buyer is activated only with one, docs/domain.md "Companies"):
    // the named buyers past Rahul Kam's three go to Neha Kapoor.
    await trx
      .updateTable('buyers')
      .set({ kam_user_id: kams[1] })
      .where('id', 'in', buyerIds)
      .where('kam_user_id', 'is', null)
      .execute()
    // And every active seller its agent: the named sellers past Arjun Agent's three go to Sana Qureshi.
    await trx
      .updateTable('sellers')
      .set({ agent_user_id: agents[1] })
      .where('id', 'in', sellerIds)
      .where('agent_user_id', 'is', null)
      .execute()
    await seedMoreCompanies(trx, { kams, agents, passwordHash: roleHashes[0], buyers: 35, sellers: 55 })
    const active = (table: 'buyers' | 'sellers') =>
      trx.selectFrom(table).select('id').where('status', '=', 'active').orderBy('id').execute()
    await seedCatalogue(trx, {
      adminId: userIds.admin,
      kamId: userIds.demand_kam,
      catalogManagerId: userIds.catalog_manager,
      kamBuyerIds: (
        await trx
          .selectFrom('buyers')
          .select('id')
          .where('kam_user_id', '=', userIds.demand_kam)
          .where('status', '=', 'active')
          .orderBy('id')
          .execute()
      ).map((r) => r.id),
      buyerIds: (await active('buyers')).map((r) => r.id),
      sellerIds: (await active('sellers')).map((r) => r.id),
    })
    for (const entity of ['buyer', 'seller', 'user', 'product_sku', 'buyer_sku', 'seller_sku', 'sample_sku'] as const)
      await reindexAll(trx, entity)
  })
  // Orders go through the order functions, each its own transaction, as when people place them; each
  // dated when the demo means it to have happened (./clock.ts).
  const clock = seedClock()
  await seedDemoOrders(db, clock)
  await seedDemoQc(db, clock)
  await seedBookQc(db, clock)
  // The year of logistics and money first, then the sample orders (a dispatch invoices today), then their courier.
  const logistics = await seedDemoLogistics(db, clock)
  await seedDemoSampleOrders(db)
  await seedDemoSampleCourier(db)
  await seedDemoPayables(db)
  await seedDemoImports(db)
  // Yarn through the Tiruppur warehouse, under the Tamil Nadu registration (issue 52): after the rest,
  // so that no other row's id moves.
  if (logistics) await seedDemoTamilNadu(db, clock, logistics)
  // The B2B documents of the past registered with the GST portal (Rule 48(5): the buyers' invoices are valid).
  await seedDemoEinvoices(db, clock)
  await clock.apply(db)
  // The reports' rows count each order on the day it was placed, each inspection on the day it was
  // decided: worked out again for the moved days.
  await rebuildOrderFacts(db)
  await rebuildQcFacts(db)
  await settleDemoInboxes(db)
}

/** Unread notifications a demo user is left with: the newest few, as for someone who keeps up. */
export const DEMO_UNREAD_KEPT = 5

/**
 * The demo's year of orders e-mails its KAMs, sellers and operators hundreds of times while it is
 * loaded in a few seconds, and every mail lands in its recipient's inbox (docs/domain.md "In-app
 * inbox"): each user's newest few stay unread, the rest are marked read as of when they came.
 */
async function settleDemoInboxes(db: Database): Promise<void> {
  await db
    .updateTable('notifications')
    .set((eb) => ({ read_at: eb.ref('created_at') }))
    .where('read_at', 'is', null)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('notifications as newer')
        .select('newer.id')
        .whereRef('newer.user_id', '=', 'notifications.user_id')
        .orderBy('newer.id', 'desc')
        .limit(DEMO_UNREAD_KEPT),
    )
    .execute()
}

/** Production start on an empty database: one administrator from ADMIN_EMAIL / ADMIN_PASSWORD. */
export async function createFirstAdmin(
  db: Database,
  email: string | undefined,
  password: string | undefined,
  log: (line: string) => void,
): Promise<void> {
  if (!email || !password) {
    log(
      'The database has no users. Set ADMIN_EMAIL and ADMIN_PASSWORD (at least 10 characters) to create the first administrator.',
    )
    return
  }
  if (password.length < 10) throw new Error('ADMIN_PASSWORD must be at least 10 characters long')
  const hash = await hashPassword(password)
  try {
    await db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({ email: email.trim().toLowerCase(), name: 'Administrator', password_hash: hash })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx.insertInto('user_roles').values({ user_id: user.id, role: 'admin' }).execute()
      await syncSearch(trx, 'user', user.id)
      await audit(trx, {
        actorUserId: null,
        action: 'user.bootstrap_admin',
        entityType: 'user',
        entityId: user.id,
        after: { email },
        note: 'created at first start',
      })
    })
  } catch (error) {
    // Several machines started at once on the empty database: another one made the administrator.
    if (!isUniqueViolation(error, 'users')) throw error
    log(`The first administrator, ${email}, was created by another process.`)
    return
  }
  log(`Created the first administrator, ${email}.`)
}
