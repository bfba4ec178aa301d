import { refreshAfterBulkLoad } from '#db/dialect.js'
import { type Insertable } from 'kysely'
import { reindexAll } from '~/platform/search.server'
import { withGstinCheck } from '../app/utils/gstin'
import type { Database } from '#db/database'
import type { AddressesTable, BuyersTable, RoleKey, UsersTable } from '#db/types'

// The scale data set the benchmarks measure against (npm run bench, npm run db:seed:scale):
// on top of the demo data, N buyers with a billing address each and M users spread over buyer,
// seller and staff roles. Plain batched Kysely inserts, so it loads into PostgreSQL as well.

const CITIES = [
  ['Mumbai', 'Maharashtra', '400001'],
  ['Pune', 'Maharashtra', '411001'],
  ['Bengaluru', 'Karnataka', '560001'],
  ['New Delhi', 'Delhi', '110001'],
  ['Ahmedabad', 'Gujarat', '380001'],
  ['Surat', 'Gujarat', '395001'],
  ['Chennai', 'Tamil Nadu', '600001'],
  ['Kolkata', 'West Bengal', '700001'],
  ['Jaipur', 'Rajasthan', '302001'],
  ['Hyderabad', 'Telangana', '500001'],
  ['Ludhiana', 'Punjab', '141001'],
  ['Coimbatore', 'Tamil Nadu', '641001'],
] as const
const WORDS = [
  'Alpha',
  'Bright',
  'Crest',
  'Delta',
  'Eagle',
  'Fern',
  'Globe',
  'Heritage',
  'Icon',
  'Jewel',
  'Kite',
  'Lark',
  'Metro',
  'Nova',
  'Orbit',
  'Prime',
  'Quest',
  'Royal',
  'Star',
  'Trend',
]
const KINDS = ['Retail', 'Fashions', 'Apparel', 'Traders', 'Brands', 'Stores']
const FIRST = [
  'Aarav',
  'Aditi',
  'Akash',
  'Amit',
  'Ananya',
  'Anil',
  'Anjali',
  'Arjun',
  'Deepa',
  'Divya',
  'Gaurav',
  'Harish',
  'Isha',
  'Kavita',
  'Kiran',
  'Lakshmi',
  'Manoj',
  'Meena',
  'Mohan',
  'Nandini',
  'Neha',
  'Nikhil',
  'Pooja',
  'Prakash',
  'Priya',
  'Rahul',
  'Rajesh',
  'Ramesh',
  'Ritu',
  'Rohit',
  'Sanjay',
  'Sarita',
  'Shreya',
  'Sunil',
  'Suresh',
  'Swati',
  'Tarun',
  'Usha',
  'Varun',
  'Vidya',
]
const LAST = [
  'Agarwal',
  'Bansal',
  'Bhatt',
  'Chauhan',
  'Chopra',
  'Das',
  'Desai',
  'Dubey',
  'Ghosh',
  'Gupta',
  'Iyer',
  'Jain',
  'Joshi',
  'Kapoor',
  'Khan',
  'Kulkarni',
  'Kumar',
  'Malhotra',
  'Mehta',
  'Menon',
  'Mishra',
  'Nair',
  'Pandey',
  'Patel',
  'Pillai',
  'Rao',
  'Reddy',
  'Saxena',
  'Sen',
  'Shah',
  'Sharma',
  'Shetty',
  'Singh',
  'Sinha',
  'Srinivasan',
  'Thakur',
  'Trivedi',
  'Varma',
  'Verma',
  'Yadav',
  'Bose',
  'Chatterjee',
  'Dutta',
  'Goel',
  'Hegde',
  'Kaur',
  'Mathur',
  'Naidu',
  'Prasad',
  'Tiwari',
]
const STAFF_ROLES: RoleKey[] = ['internal', 'demand_kam', 'biz_ops', 'logistics', 'supplier_agent', 'field_operator']

async function inBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size))
}

export async function seedScale(db: Database, options: { buyers: number; users: number }): Promise<void> {
  const hash = (
    await db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'buyer@example.com')
      .executeTakeFirstOrThrow()
  ).password_hash
  const kams = await db.selectFrom('user_roles').select('user_id').where('role', '=', 'demand_kam').execute()
  const sellers = await db.selectFrom('sellers').select('id').execute()
  const now = Date.UTC(2026, 10, 1)

  await db.transaction().execute(async (trx) => {
    const firstBuyer =
      ((
        await trx
          .selectFrom('buyers')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0) + 1
    const buyers: Insertable<BuyersTable>[] = []
    const addresses: Insertable<AddressesTable>[] = []
    for (let i = 0; i < options.buyers; i++) {
      const id = firstBuyer + i
      const city = CITIES[i % CITIES.length]
      const at = new Date(now - i * 60_000).toISOString()
      const status = i % 50 === 0 ? 'pending' : i % 37 === 0 ? 'suspended' : 'active'
      buyers.push({
        id,
        name: `${WORDS[i % WORDS.length]} ${KINDS[(i >> 3) % KINDS.length]} ${i}`,
        legal_name: `${WORDS[i % WORDS.length]} ${KINDS[(i >> 3) % KINDS.length]} ${i} Pvt Ltd`,
        gstin: withGstinCheck(
          `27AAB${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + ((i >> 5) % 26))}${String(i % 10000).padStart(4, '0')}${String.fromCharCode(65 + ((i >> 10) % 26))}1Z`,
        ),
        contact_email: `accounts${i}@scale-buyer.example`,
        contact_phone: `9${String(100000000 + i).slice(-9)}`,
        status,
        kam_user_id: status === 'pending' ? null : kams[i % kams.length].user_id,
        credit_limit_minor: (i % 40) * 1_00_000_00,
        payment_terms_days: [15, 30, 45, 60][i % 4],
        created_at: at,
        updated_at: at,
      })
      addresses.push({
        buyer_id: id,
        kind: 'billing',
        label: 'Head office',
        line1: `${i} Market Road`,
        city: city[0],
        state: city[1],
        pin: city[2],
        is_default: 1,
        created_at: at,
        updated_at: at,
      })
    }
    await inBatches(buyers, 400, (batch) => trx.insertInto('buyers').values(batch).execute())
    await inBatches(addresses, 500, (batch) => trx.insertInto('addresses').values(batch).execute())

    const firstUser =
      ((
        await trx
          .selectFrom('users')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0) + 1
    const users: Insertable<UsersTable>[] = []
    const roles: { user_id: number; role: RoleKey }[] = []
    for (let i = 0; i < options.users; i++) {
      const id = firstUser + i
      const at = new Date(now - i * 45_000).toISOString()
      // About 85% buyer users, 14.5% seller users and 500 staff (some 80 of them KAMs).
      const kind = i % 200 === 199 ? 'staff' : i % 20 < 17 ? 'buyer' : 'seller'
      // About 2,000 distinct names, each shared by ~50 people, as in a real address book.
      const first = FIRST[i % FIRST.length]
      const last = LAST[Math.floor(i / FIRST.length) % LAST.length]
      users.push({
        id,
        email: `${first}.${last}.${i}@scale-${kind}.example`.toLowerCase(),
        name: `${first} ${last}`,
        phone: null,
        password_hash: hash,
        status: i % 29 === 0 ? 'disabled' : 'active',
        buyer_id: kind === 'buyer' ? firstBuyer + (i % options.buyers) : null,
        seller_id: kind === 'seller' ? sellers[i % sellers.length].id : null,
        is_company_admin: kind !== 'staff' && i % 5 === 0 ? 1 : 0,
        created_at: at,
        updated_at: at,
      })
      roles.push({ user_id: id, role: kind === 'staff' ? STAFF_ROLES[i % STAFF_ROLES.length] : kind })
    }
    await inBatches(users, 400, (batch) => trx.insertInto('users').values(batch).execute())
    await inBatches(roles, 1000, (batch) => trx.insertInto('user_roles').values(batch).execute())
    for (const entity of ['buyer', 'user'] as const) await reindexAll(trx, entity)
  })
  await refreshAfterBulkLoad(db)
}
