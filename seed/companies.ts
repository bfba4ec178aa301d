import type { Insertable, Transaction } from 'kysely'
import { audit } from '~/platform/audit.server'
import { withGstinCheck } from '../app/utils/gstin'
import type { AddressesTable, CompanyStatus, DB } from '#db/types'

// More demo companies beyond the five of each kind that tests and the README name: enough to
// make the lists, filters and pagination real (about 40 buyers and 60 sellers in all).

const PLACES = [
  { city: 'Mumbai', state: 'Maharashtra', code: '27', pin: '400001' },
  { city: 'Pune', state: 'Maharashtra', code: '27', pin: '411001' },
  { city: 'Bengaluru', state: 'Karnataka', code: '29', pin: '560001' },
  { city: 'New Delhi', state: 'Delhi', code: '07', pin: '110001' },
  { city: 'Ahmedabad', state: 'Gujarat', code: '24', pin: '380001' },
  { city: 'Surat', state: 'Gujarat', code: '24', pin: '395001' },
  { city: 'Chennai', state: 'Tamil Nadu', code: '33', pin: '600001' },
  { city: 'Coimbatore', state: 'Tamil Nadu', code: '33', pin: '641001' },
  { city: 'Kolkata', state: 'West Bengal', code: '19', pin: '700001' },
  { city: 'Jaipur', state: 'Rajasthan', code: '08', pin: '302001' },
  { city: 'Ludhiana', state: 'Punjab', code: '03', pin: '141001' },
  { city: 'Hyderabad', state: 'Telangana', code: '36', pin: '500001' },
]

const BUYER_WORDS = [
  'Aurora',
  'Banyan',
  'Cedar',
  'Dhara',
  'Ember',
  'Fable',
  'Ganga',
  'Harbor',
  'Ivory',
  'Jasmine',
  'Kesar',
  'Lumen',
  'Monsoon',
  'Neel',
  'Opal',
  'Peacock',
  'Quill',
  'Riva',
  'Sable',
  'Tulsi',
  'Umber',
  'Vastra',
  'Willow',
  'Yamuna',
  'Zari',
  'Amber',
  'Basil',
  'Coral',
  'Deccan',
  'Everest',
  'Firefly',
  'Garnet',
  'Henna',
  'Indus',
  'Juniper',
]
const BUYER_KINDS = ['Retail', 'Fashions', 'Apparel', 'Lifestyle', 'Brands', 'Trading Co', 'Clothing']
const SELLER_WORDS = [
  'Sri Ganesh',
  'Kaveri',
  'Narmada',
  'Vindhya',
  'Shakti',
  'Om Sai',
  'Annapurna',
  'Bhavani',
  'Chamunda',
  'Durga',
  'Gomti',
  'Hari Om',
  'Jyoti',
  'Kamadhenu',
  'Laxmi',
  'Mahalaxmi',
  'Nandi',
  'Padmavati',
  'Rajhans',
  'Sarita',
  'Tapti',
  'Uma',
  'Vaishnavi',
  'Yash',
  'Arihant',
  'Balaji',
  'Chetak',
  'Dhanlaxmi',
  'Ekta',
  'Gokul',
  'Hemkunt',
  'Indra',
  'Janak',
  'Kohinoor',
  'Lotus',
  'Mangalam',
  'Navrang',
  'Pashupati',
  'Ratna',
  'Sagar',
  'Trishul',
  'Utkarsh',
  'Vardhman',
  'Welspun',
  'Yogi',
  'Akash',
  'Bharat',
  'Chandan',
  'Deepak',
  'Girnar',
  'Himalaya',
  'Jai Hind',
  'Krishna',
  'Madhuban',
  'Nilgiri',
]
const SELLER_KINDS = [
  'Textiles',
  'Spinning Mills',
  'Knit Fab',
  'Weaving Works',
  'Garment Exports',
  'Processors',
  'Fabrics',
]
const FIRST = [
  'Aarav',
  'Diya',
  'Kabir',
  'Ananya',
  'Rohan',
  'Ishita',
  'Vivaan',
  'Sneha',
  'Arjun',
  'Pooja',
  'Karan',
  'Nisha',
  'Aditya',
  'Riya',
  'Manish',
]
const LAST = ['Sharma', 'Patel', 'Iyer', 'Reddy', 'Gupta', 'Nair', 'Singh', 'Mehta', 'Das', 'Joshi', 'Kulkarni', 'Bose']

const slug = (name: string) => name.toLowerCase().replace(/[^a-z]+/g, '')
const letters = (n: number) =>
  Array.from({ length: 5 }, (_, i) => String.fromCharCode(65 + ((n * 7 + i * 3) % 26))).join('')

/** A GSTIN with the right state code and check character, unique per (kind, index). */
function gstinFor(stateCode: string, kind: 'B' | 'S', index: number): string {
  const pan = `${letters(index + (kind === 'S' ? 100 : 0))}${String(1000 + index).slice(-4)}${kind}`
  return withGstinCheck(`${stateCode}${pan}1Z`)
}

function statusAt(index: number): CompanyStatus {
  if (index % 17 === 5) return 'pending'
  if (index % 23 === 11) return 'suspended'
  return 'active'
}

export async function seedMoreCompanies(
  trx: Transaction<DB>,
  options: { kams: number[]; agents: number[]; passwordHash: string; buyers: number; sellers: number },
): Promise<void> {
  const addresses: Insertable<AddressesTable>[] = []
  let person = 0
  const makeUsers = async (
    count: number,
    company: { buyer_id?: number; seller_id?: number },
    domain: string,
    role: 'buyer' | 'seller',
    active: boolean,
  ) => {
    for (let u = 0; u < count; u++) {
      const first = FIRST[person % FIRST.length]
      const last = LAST[(person * 5) % LAST.length]
      person++
      const user = await trx
        .insertInto('users')
        .values({
          email: `${first.toLowerCase()}.${last.toLowerCase()}.${person}@${domain}`,
          name: `${first} ${last}`,
          phone: `9${String(800000000 + person * 7919).slice(-9)}`,
          password_hash: options.passwordHash,
          status: active || u === 0 ? 'active' : 'disabled',
          is_company_admin: u === 0 ? 1 : 0,
          ...company,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx.insertInto('user_roles').values({ user_id: user.id, role }).execute()
    }
  }

  for (let i = 0; i < options.buyers; i++) {
    const place = PLACES[i % PLACES.length]
    const name = `${BUYER_WORDS[i % BUYER_WORDS.length]} ${BUYER_KINDS[i % BUYER_KINDS.length]}`
    const status = statusAt(i)
    const created = new Date(Date.UTC(2026, 0, 5) + i * 6 * 86_400_000).toISOString()
    const buyer = await trx
      .insertInto('buyers')
      .values({
        name,
        legal_name: `${name} Pvt Ltd`,
        gstin: status === 'pending' && i % 2 === 0 ? null : gstinFor(place.code, 'B', i),
        contact_email: `accounts@${slug(name)}.example`,
        contact_phone: `98${String(20000000 + i * 131).slice(-8)}`,
        status,
        kam_user_id: status === 'pending' ? null : options.kams[i % options.kams.length],
        credit_limit_minor: status === 'pending' ? 0 : (2 + (i % 9)) * 2_50_000_00,
        payment_terms_days: [15, 30, 45, 60, 30][i % 5],
        created_at: created,
        updated_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    addresses.push({
      buyer_id: buyer.id,
      kind: 'billing',
      label: 'Head office',
      line1: `${12 + i}, Trade Centre`,
      city: place.city,
      state: place.state,
      pin: place.pin,
      is_default: 1,
    })
    if (status !== 'pending') {
      addresses.push({
        buyer_id: buyer.id,
        kind: 'shipping',
        label: 'Warehouse',
        line1: `Shed ${i + 3}, Logistics Park`,
        city: place.city,
        state: place.state,
        pin: place.pin,
        is_default: 1,
      })
    }
    await makeUsers(
      status === 'pending' ? 1 : 1 + (i % 3),
      { buyer_id: buyer.id },
      `${slug(name)}.example`,
      'buyer',
      i % 4 !== 3,
    )
    await audit(trx, {
      actorUserId: null,
      action: 'buyer.seeded',
      entityType: 'buyer',
      entityId: buyer.id,
      after: { name, status },
      note: 'demo data',
    })
  }

  for (let i = 0; i < options.sellers; i++) {
    const place = PLACES[(i * 5) % PLACES.length]
    const name = `${SELLER_WORDS[i % SELLER_WORDS.length]} ${SELLER_KINDS[i % SELLER_KINDS.length]}`
    const status = statusAt(i + 3)
    const created = new Date(Date.UTC(2025, 11, 1) + i * 5 * 86_400_000).toISOString()
    const seller = await trx
      .insertInto('sellers')
      .values({
        name,
        legal_name: `${name} ${i % 3 === 0 ? 'LLP' : 'Pvt Ltd'}`,
        gstin: gstinFor(place.code, 'S', i),
        contact_email: `sales@${slug(name)}.example`,
        contact_phone: `97${String(30000000 + i * 173).slice(-8)}`,
        status,
        agent_user_id: status === 'pending' ? null : options.agents[i % options.agents.length],
        created_at: created,
        updated_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    addresses.push(
      {
        seller_id: seller.id,
        kind: 'billing',
        label: 'Registered office',
        line1: `${40 + i}, Industrial Estate`,
        city: place.city,
        state: place.state,
        pin: place.pin,
        is_default: 1,
      },
      {
        seller_id: seller.id,
        kind: 'pickup',
        label: 'Factory',
        line1: `Plot ${i + 8}, MIDC`,
        city: place.city,
        state: place.state,
        pin: place.pin,
        is_default: 1,
      },
    )
    await makeUsers(1 + (i % 2), { seller_id: seller.id }, `${slug(name)}.example`, 'seller', true)
    await audit(trx, {
      actorUserId: null,
      action: 'seller.seeded',
      entityType: 'seller',
      entityId: seller.id,
      after: { name, status },
      note: 'demo data',
    })
  }
  await trx.insertInto('addresses').values(addresses).execute()
}
