// The demo catalogue: product lines, categories with workflows and QC conditions, about 2,000
// product SKUs, seller offers (live, draft, archived), buyer SKUs with several versions, sample
// SKUs and a few price-change requests waiting for admin. Deterministic: the same every time.
import type { Transaction } from 'kysely'
import type { ConditionOperator, ConditionSeverity, ConditionTolerance, DB, QcMethod } from '#db/types'
import { labKey } from '../app/features/categories/conditions'

type Trx = Transaction<DB>

/** A small deterministic random source, so demo data is the same on every machine. */
export function randomSource(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
  }
}
export type Random = ReturnType<typeof randomSource>

interface CategorySeed {
  name: string
  code: string
  hsn: string
  /** The GST rate in force since 22 September 2025 (Notification 9/2025-Central Tax (Rate), docs/domain.md). */
  gstBp: number
  /** A value slab: above this sale value per piece (paise) the rate above applies (garments: ₹2,500, 18 %). */
  slab?: { aboveMinor: number; rateAboveBp: number }
  line: string
  stages: [string, number, boolean?][]
  conditions: {
    name: string
    key: string
    op: ConditionOperator
    min?: string
    max?: string
    values?: string[]
    unit?: string
    severity: ConditionSeverity
    /** Relative to the SKU's own value (issue 39): min and max are the tolerance below and above. */
    tolerance?: ConditionTolerance
  }[]
}

/**
 * Lab parameters (docs/domain.md "Lab parameters"): measured by the lab in their own unit, judged by
 * fixed bounds, not attributes of the SKU. Shrinkage after washing (ISO 6330 / ISO 5077) at most 3 %,
 * colour fastness to washing (ISO 105-C06, grey scale) at least grade 4, single yarn strength (RKM)
 * of combed cotton at least 14 gf/tex.
 */
const SHRINKAGE = {
  name: 'Shrinkage after wash',
  key: labKey('Shrinkage after wash'),
  op: 'max',
  max: '3',
  unit: '%',
  severity: 'major',
} as const
const COLOUR_FASTNESS = {
  name: 'Colour fastness to washing (grade)',
  key: labKey('Colour fastness to washing (grade)'),
  op: 'min',
  min: '4',
  severity: 'major',
} as const
const YARN_STRENGTH = {
  name: 'Single yarn strength (RKM)',
  key: labKey('Single yarn strength (RKM)'),
  op: 'min',
  min: '14',
  unit: 'gf/tex',
  severity: 'major',
} as const

const FABRIC_STAGES: [string, number, boolean?][] = [
  ['Yarn sourcing', 5],
  ['Weaving', 12],
  ['Greige inspection', 2, true],
  ['Dyeing and finishing', 7],
  ['Final inspection', 2, true],
  ['Packing', 1],
]
const YARN_STAGES: [string, number, boolean?][] = [
  ['Fibre blending', 3],
  ['Spinning', 8],
  ['Lab test', 2, true],
  ['Coning and packing', 2],
]
const GARMENT_STAGES: [string, number, boolean?][] = [
  ['Fabric in-house', 7],
  ['Cutting', 3],
  ['Stitching', 10],
  ['Inline inspection', 1, true],
  ['Finishing and ironing', 3],
  ['Final audit (AQL 2.5)', 1, true],
  ['Packing', 2],
]

/** Apparel (chapters 61, 62): 5 % up to ₹2,500 a piece, 18 % above (Notification 9/2025-Central Tax (Rate)). */
const GARMENT_SLAB = { aboveMinor: 2_500_00, rateAboveBp: 1800 }

/** How a product's categories are inspected (issue 39): the sampling plan or the 4-point system, and the defects counted. */
interface QcSeed {
  method: QcMethod
  level: string
  aql: [critical: string, major: string, minor: string]
  pointsLimit: number
  defects: [name: string, severity: ConditionSeverity, hole?: boolean][]
}

export const QC_BY_PRODUCT: Record<string, QcSeed> = {
  // Fabric rolls by the 4-point system, 40 points per 100 square yards.
  fabric: {
    method: 'four_point',
    level: 'II',
    aql: ['0', '2.5', '4.0'],
    pointsLimit: 40,
    defects: [
      ['Hole', 'critical', true],
      ['Slub', 'minor'],
      ['Broken end', 'major'],
      ['Float', 'major'],
      ['Crease mark', 'minor'],
      ['Oil stain', 'major'],
      ['Shade variation', 'major'],
      ['Selvedge damage', 'minor'],
    ],
  },
  // Cones sampled at special level S-3 (a lab test per cone drawn).
  yarn: {
    method: 'aql',
    level: 'S-3',
    aql: ['0', '1.5', '4.0'],
    pointsLimit: 40,
    defects: [
      ['Wrong count on the label', 'critical'],
      ['Mixed lot in one carton', 'critical'],
      ['Thick and thin places', 'major'],
      ['Cone damaged', 'major'],
      ['Soiled cone', 'minor'],
      ['Loose winding', 'minor'],
    ],
  },
  // Garments at general level II: critical 0, major 2.5, minor 4.0 (the trade's final audit).
  garments: {
    method: 'aql',
    level: 'II',
    aql: ['0', '2.5', '4.0'],
    pointsLimit: 40,
    defects: [
      ['Needle or sharp object', 'critical'],
      ['Open seam', 'major'],
      ['Broken stitch', 'major'],
      ['Shade variation between panels', 'major'],
      ['Measurement out of tolerance', 'major'],
      ['Stain', 'minor'],
      ['Uncut thread', 'minor'],
      ['Label misplaced', 'minor'],
    ],
  },
}

export const CATALOGUE: Record<string, { lines: string[]; categories: CategorySeed[] }> = {
  fabric: {
    lines: ['Shirting', 'Suiting', 'Denim', 'Knits', 'Home textiles'],
    categories: [
      {
        name: 'Cotton shirting',
        code: 'SHT',
        hsn: '520832',
        gstBp: 500,
        line: 'Shirting',
        stages: FABRIC_STAGES,
        conditions: [
          {
            name: 'Weight within 5 %',
            key: 'gsm',
            op: 'between',
            min: '5',
            max: '5',
            tolerance: 'percent',
            unit: 'g/m²',
            severity: 'major',
          },
          { name: 'Usable width', key: 'width', op: 'min', min: '57', unit: 'in', severity: 'critical' },
          {
            name: 'Weave as ordered',
            key: 'weave',
            op: 'in',
            values: ['plain', 'twill', 'dobby'],
            severity: 'critical',
          },
          SHRINKAGE,
          COLOUR_FASTNESS,
        ],
      },
      {
        name: 'Linen',
        code: 'LIN',
        hsn: '530919',
        gstBp: 500,
        line: 'Shirting',
        stages: FABRIC_STAGES,
        conditions: [
          {
            name: 'Weight within range',
            key: 'gsm',
            op: 'between',
            min: '140',
            max: '190',
            unit: 'g/m²',
            severity: 'major',
          },
          { name: 'Usable width', key: 'width', op: 'min', min: '55', unit: 'in', severity: 'critical' },
        ],
      },
      {
        name: 'Denim',
        code: 'DNM',
        hsn: '520942',
        gstBp: 500,
        line: 'Denim',
        stages: FABRIC_STAGES,
        conditions: [
          { name: 'Heavy enough', key: 'gsm', op: 'min', min: '300', unit: 'g/m²', severity: 'major' },
          { name: 'Twill weave', key: 'weave', op: 'eq', values: ['twill'], severity: 'critical' },
        ],
      },
      {
        name: 'Suiting blends',
        code: 'SUI',
        hsn: '551511',
        gstBp: 500,
        line: 'Suiting',
        stages: FABRIC_STAGES,
        conditions: [
          {
            name: 'Weight within range',
            key: 'gsm',
            op: 'between',
            min: '220',
            max: '300',
            unit: 'g/m²',
            severity: 'major',
          },
        ],
      },
      {
        name: 'Knitted fabric',
        code: 'KNT',
        hsn: '600622',
        gstBp: 500,
        line: 'Knits',
        stages: [
          ['Yarn sourcing', 4],
          ['Knitting', 6],
          ['Compacting', 2],
          ['Final inspection', 1, true],
        ],
        conditions: [
          { name: 'Knit construction', key: 'weave', op: 'eq', values: ['knit'], severity: 'critical' },
          { name: 'Weight at most', key: 'gsm', op: 'max', max: '240', unit: 'g/m²', severity: 'minor' },
        ],
      },
      {
        name: 'Bed linen',
        code: 'BED',
        hsn: '630231',
        gstBp: 500,
        line: 'Home textiles',
        stages: FABRIC_STAGES,
        conditions: [{ name: 'Wide width', key: 'width', op: 'min', min: '90', unit: 'in', severity: 'critical' }],
      },
    ],
  },
  yarn: {
    lines: ['Weaving yarn', 'Knitting yarn', 'Sewing thread'],
    categories: [
      {
        name: 'Combed cotton yarn',
        code: 'CCY',
        hsn: '520524',
        gstBp: 500,
        line: 'Weaving yarn',
        stages: YARN_STAGES,
        conditions: [
          {
            name: 'Count within 2 %',
            key: 'count',
            op: 'between',
            min: '2',
            max: '2',
            tolerance: 'percent',
            unit: 'Ne',
            severity: 'critical',
          },
          { name: 'Ring or compact spun', key: 'spinning', op: 'in', values: ['ring', 'compact'], severity: 'major' },
          YARN_STRENGTH,
        ],
      },
      {
        name: 'Open-end yarn',
        code: 'OEY',
        hsn: '520512',
        gstBp: 500,
        line: 'Knitting yarn',
        stages: YARN_STAGES,
        conditions: [{ name: 'Coarse count', key: 'count', op: 'max', max: '30', unit: 'Ne', severity: 'major' }],
      },
      {
        name: 'Polyester blends',
        code: 'PBY',
        hsn: '550953',
        gstBp: 500,
        line: 'Knitting yarn',
        stages: YARN_STAGES,
        conditions: [
          {
            name: 'Ply as ordered',
            key: 'ply',
            op: 'between',
            min: '0',
            max: '0',
            tolerance: 'units',
            severity: 'minor',
          },
        ],
      },
      {
        name: 'Sewing thread',
        code: 'THR',
        hsn: '520411',
        gstBp: 500,
        line: 'Sewing thread',
        stages: YARN_STAGES,
        conditions: [{ name: 'Ply', key: 'ply', op: 'between', min: '2', max: '3', severity: 'major' }],
      },
    ],
  },
  garments: {
    lines: ['Menswear', 'Womenswear', 'Kidswear'],
    categories: [
      {
        name: 'Shirts',
        code: 'SHR',
        hsn: '620520',
        gstBp: 500,
        slab: GARMENT_SLAB,
        line: 'Menswear',
        stages: GARMENT_STAGES,
        conditions: [
          { name: 'Style as ordered', key: 'style', op: 'eq', values: ['shirt'], severity: 'critical' },
          { name: 'Fabric weight', key: 'gsm', op: 'between', min: '110', max: '150', unit: 'g/m²', severity: 'minor' },
          SHRINKAGE,
        ],
      },
      {
        name: 'T-shirts',
        code: 'TSH',
        hsn: '610910',
        gstBp: 500,
        slab: GARMENT_SLAB,
        line: 'Menswear',
        stages: GARMENT_STAGES,
        conditions: [
          { name: 'Jersey weight', key: 'gsm', op: 'between', min: '160', max: '220', unit: 'g/m²', severity: 'major' },
          SHRINKAGE,
        ],
      },
      {
        name: 'Trousers',
        code: 'TRS',
        hsn: '620342',
        gstBp: 500,
        slab: GARMENT_SLAB,
        line: 'Menswear',
        stages: GARMENT_STAGES,
        conditions: [{ name: 'Style as ordered', key: 'style', op: 'eq', values: ['trouser'], severity: 'critical' }],
      },
      {
        name: 'Dresses',
        code: 'DRS',
        hsn: '620442',
        gstBp: 500,
        slab: GARMENT_SLAB,
        line: 'Womenswear',
        stages: GARMENT_STAGES,
        conditions: [
          { name: 'Sizes offered', key: 'size_range', op: 'in', values: ['XS-XL', 'S-XXL'], severity: 'minor' },
        ],
      },
      {
        name: 'Kids wear',
        code: 'KID',
        hsn: '611120',
        gstBp: 500,
        slab: GARMENT_SLAB,
        line: 'Kidswear',
        stages: GARMENT_STAGES,
        conditions: [
          { name: 'Sizes offered', key: 'size_range', op: 'in', values: ['2-8Y', '8-14Y'], severity: 'minor' },
        ],
      },
    ],
  },
}

const COMPOSITIONS = [
  '100% cotton',
  '98% cotton 2% elastane',
  '60% cotton 40% polyester',
  '100% linen',
  '55% linen 45% cotton',
  '65% polyester 35% viscose',
  '100% organic cotton',
]
const COLOURS = ['White', 'Indigo', 'Sky blue', 'Navy', 'Olive', 'Charcoal', 'Ecru', 'Black', 'Maroon', 'Sand']
const WEAVES_BY_CATEGORY: Record<string, string[]> = {
  SHT: ['plain', 'twill', 'dobby'],
  LIN: ['plain', 'twill'],
  DNM: ['twill'],
  SUI: ['twill', 'satin', 'plain'],
  KNT: ['knit'],
  BED: ['satin', 'plain'],
}
const GSM_BY_CATEGORY: Record<string, [number, number]> = {
  SHT: [100, 140],
  LIN: [140, 200],
  DNM: [280, 420],
  SUI: [220, 320],
  KNT: [140, 260],
  BED: [110, 160],
}

/** One product SKU's name and attribute values, generated for a category (demo and scale seeds). */
export function generateSku(product: string, category: { code: string; name: string }, n: number, random: Random) {
  const code = `${product.slice(0, 3).toUpperCase()}-${category.code}-${String(n).padStart(5, '0')}`
  if (product === 'fabric') {
    const [lo, hi] = GSM_BY_CATEGORY[category.code] ?? [120, 200]
    const gsm = random.int(lo, hi)
    const weave = random.pick(WEAVES_BY_CATEGORY[category.code] ?? ['plain'])
    const composition =
      category.code === 'LIN'
        ? random.pick(['100% linen', '55% linen 45% cotton'])
        : random.pick(
            category.code === 'SHT' || category.code === 'DNM'
              ? COMPOSITIONS.filter((c) => !c.includes('linen'))
              : COMPOSITIONS,
          )
    const colour = random.pick(COLOURS)
    const width = category.code === 'BED' ? random.pick([90, 108, 120]) : random.pick([44, 54, 58, 60, 63])
    return {
      code,
      name: `${colour} ${weave} ${category.name.toLowerCase()} ${gsm} gsm`,
      attributes: { composition, weave, gsm: String(gsm), width: String(width), colour },
      moqMilli: random.pick([300, 500, 1000, 2000]) * 1000,
    }
  }
  if (product === 'yarn') {
    const count = category.code === 'OEY' ? random.pick([10, 16, 20, 24, 30]) : random.pick([30, 40, 50, 60, 80])
    const ply = category.code === 'THR' ? random.pick([2, 3]) : random.pick([1, 2])
    const spinning = category.code === 'OEY' ? 'open-end' : random.pick(['ring', 'compact', 'vortex'])
    const composition =
      category.code === 'PBY'
        ? random.pick(['52% polyester 48% cotton', '65% polyester 35% viscose'])
        : random.pick(['100% cotton', '100% organic cotton', '100% combed cotton'])
    return {
      code,
      name: `${count}s/${ply} ${spinning} ${composition.replace(/^100% /, '')}`,
      attributes: { count: String(count), composition, ply: String(ply), spinning },
      moqMilli: random.pick([200, 500, 1000]) * 1000,
    }
  }
  const style =
    ({ SHR: 'shirt', TSH: 't-shirt', TRS: 'trouser', DRS: 'dress' } as Record<string, string>)[category.code] ??
    random.pick(['shirt', 't-shirt', 'dress'])
  const fabric = random.pick([
    'Cotton poplin',
    'Oxford',
    'Single jersey',
    'Twill',
    'Linen blend',
    'Denim',
    'Rayon crepe',
  ])
  const sizeRange = category.code === 'KID' ? random.pick(['2-8Y', '8-14Y']) : random.pick(['XS-XL', 'S-XXL', '28-40'])
  const gsm = random.int(110, 220)
  return {
    code,
    name: `${random.pick(COLOURS)} ${fabric.toLowerCase()} ${style}`,
    attributes: { style, fabric, size_range: sizeRange, gsm: String(gsm) },
    moqMilli: random.pick([200, 300, 500, 1000]) * 1000,
  }
}

export const DEMO_SKUS_PER_PRODUCT: Record<string, number> = { fabric: 1000, yarn: 500, garments: 500 }

/** Inserts rows in batches small enough for SQLite's variable limit. */
export async function insertInBatches<T extends keyof DB>(
  trx: Trx,
  table: T,
  rows: Record<string, unknown>[],
  size = 400,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size)
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute()
}

export interface CatalogueSeedPeople {
  adminId: number
  kamId: number
  catalogManagerId: number
  /** Buyers whose KAM is the demo demand KAM (their SKUs get price requests). */
  kamBuyerIds: number[]
  buyerIds: number[]
  sellerIds: number[]
}

/** The demo catalogue; product ids by slug come from the products already seeded. */
export async function seedCatalogue(trx: Trx, people: CatalogueSeedPeople): Promise<void> {
  const random = randomSource(20261124)
  const stamp = '2026-10-01T09:00:00.000Z'
  const products = await trx.selectFrom('products').select(['id', 'slug']).execute()
  const skuIdsByProduct = new Map<string, number[]>()
  const categoryIds: number[] = []

  for (const product of products) {
    const plan = CATALOGUE[product.slug]
    if (!plan) continue
    await trx
      .updateTable('products')
      .set({ position: Object.keys(CATALOGUE).indexOf(product.slug) })
      .where('id', '=', product.id)
      .execute()
    const lineIds = new Map<string, number>()
    for (const [position, name] of plan.lines.entries()) {
      const row = await trx
        .insertInto('product_lines')
        .values({ product_id: product.id, name, position, created_at: stamp, updated_at: stamp })
        .returning('id')
        .executeTakeFirstOrThrow()
      lineIds.set(name, row.id)
    }
    const skuRows: {
      product_id: number
      category_id: number
      product_line_id: number | null
      code: string
      name: string
      attributes_json: string
      moq_milli: number
      status: 'active' | 'archived'
      created_at: string
      updated_at: string
    }[] = []
    const perCategory = Math.ceil(DEMO_SKUS_PER_PRODUCT[product.slug] / plan.categories.length)
    const qc = QC_BY_PRODUCT[product.slug]
    for (const category of plan.categories) {
      const row = await trx
        .insertInto('categories')
        .values({
          product_id: product.id,
          name: category.name,
          hsn_code: category.hsn,
          gst_rate_bp: category.gstBp,
          gst_slab_above_minor: category.slab?.aboveMinor ?? null,
          gst_rate_above_bp: category.slab?.rateAboveBp ?? null,
          ...(qc
            ? {
                qc_method: qc.method,
                qc_level: qc.level,
                aql_critical: qc.aql[0],
                aql_major: qc.aql[1],
                aql_minor: qc.aql[2],
                points_limit: qc.pointsLimit,
              }
            : {}),
          created_at: stamp,
          updated_at: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      categoryIds.push(row.id)
      if (qc)
        await trx
          .insertInto('defect_types')
          .values(
            qc.defects.map(([name, severity, hole], i) => ({
              category_id: row.id,
              name,
              severity,
              is_hole: hole ? 1 : 0,
              position: i + 1,
              created_at: stamp,
              updated_at: stamp,
            })),
          )
          .execute()
      await trx
        .insertInto('workflow_stages')
        .values(
          category.stages.map(([name, days, gate], i) => ({
            category_id: row.id,
            position: i + 1,
            name,
            expected_days: days,
            qc_gate: gate ? 1 : 0,
          })),
        )
        .execute()
      await trx
        .insertInto('conditions')
        .values(
          category.conditions.map((c) => ({
            category_id: row.id,
            name: c.name,
            attribute_key: c.key,
            operator: c.op,
            min_value: c.min ?? null,
            max_value: c.max ?? null,
            values_json: c.values ? JSON.stringify(c.values) : null,
            unit: c.unit ?? null,
            severity: c.severity,
            tolerance: c.tolerance ?? 'fixed',
            created_at: stamp,
            updated_at: stamp,
          })),
        )
        .execute()
      for (let n = 1; n <= perCategory && skuRows.length < DEMO_SKUS_PER_PRODUCT[product.slug]; n++) {
        const sku = generateSku(product.slug, category, n, random)
        const day = String(1 + (n % 28)).padStart(2, '0')
        skuRows.push({
          product_id: product.id,
          category_id: row.id,
          product_line_id: lineIds.get(category.line) ?? null,
          code: sku.code,
          name: sku.name,
          attributes_json: JSON.stringify(sku.attributes),
          moq_milli: sku.moqMilli,
          status: n % 25 === 0 ? 'archived' : 'active',
          created_at: `2026-0${1 + (n % 9)}-${day}T10:00:00.000Z`,
          updated_at: `2026-${String(1 + (n % 10)).padStart(2, '0')}-${day}T10:00:00.000Z`,
        })
      }
    }
    await insertInBatches(trx, 'product_skus', skuRows, 200)
    const ids = await trx
      .selectFrom('product_skus')
      .select(['id', 'attributes_json', 'status'])
      .where('product_id', '=', product.id)
      .orderBy('id')
      .execute()
    skuIdsByProduct.set(
      product.slug,
      ids.filter((r) => r.status === 'active').map((r) => r.id),
    )
    const attributeRows = ids.flatMap((r) =>
      Object.entries(JSON.parse(r.attributes_json) as Record<string, string>).map(([key, value]) => ({
        product_sku_id: r.id,
        key,
        value: value.toLowerCase(),
      })),
    )
    await insertInBatches(trx, 'product_sku_attributes', attributeRows, 300)
  }

  // Seller offers: each of the first sellers offers some SKUs; most live, some drafts (a few
  // incomplete, so they cannot be published yet), a few archived.
  const allSkus = [...skuIdsByProduct.values()].flat()
  const productOfSku = new Map(
    [...skuIdsByProduct].flatMap(([slug, ids]) =>
      ids.map((id) => [id, products.find((p) => p.slug === slug)!.id] as const),
    ),
  )
  const sellerRows: Record<string, unknown>[] = []
  for (const [s, sellerId] of people.sellerIds.slice(0, 20).entries()) {
    const offers = s === 0 ? 40 : random.int(8, 25)
    const start = random.int(0, allSkus.length - offers - 1)
    for (let i = 0; i < offers; i++) {
      const roll = random.next()
      const status = roll < 0.7 ? 'live' : roll < 0.95 ? 'draft' : 'archived'
      const incomplete = status === 'draft' && random.next() < 0.4
      sellerRows.push({
        seller_id: sellerId,
        product_sku_id: allSkus[start + i],
        seller_code: incomplete && random.next() < 0.5 ? null : `S${sellerId}-${1000 + i}`,
        cost_minor: random.int(60, 900) * 100,
        moq_milli: random.pick([200, 500, 1000]) * 1000,
        lead_time_days: incomplete ? null : random.pick([14, 21, 30, 45]),
        monthly_capacity_milli: incomplete ? null : random.pick([10_000, 25_000, 50_000, 100_000]) * 1000,
        status,
        published_at: status === 'draft' ? null : stamp,
        created_at: stamp,
        updated_at: `2026-10-${String(1 + (i % 28)).padStart(2, '0')}T08:00:00.000Z`,
      })
    }
  }
  await insertInBatches(trx, 'seller_skus', sellerRows, 200)

  // Buyer SKUs: the active demo buyers each buy a range of SKUs; each has 1–4 versions (price
  // revisions over the year), the latest in force.
  const versionRows: Record<string, unknown>[] = []
  const buyerSkuIdsByBuyer = new Map<number, number[]>()
  for (const [b, buyerId] of people.buyerIds.slice(0, 12).entries()) {
    const count = b < 3 ? 30 : random.int(8, 20)
    const start = random.int(0, allSkus.length - count - 1)
    for (let i = 0; i < count; i++) {
      const versions = random.int(1, 4)
      const code = `${['IT', 'SA', 'BL', 'UL', 'CW', 'PF', 'RT', 'MK', 'VS', 'NB', 'AK', 'HS'][b]}-${String(100 + i)}`
      const row = await trx
        .insertInto('buyer_skus')
        .values({
          buyer_id: buyerId,
          product_sku_id: allSkus[start + i],
          product_id: productOfSku.get(allSkus[start + i])!,
          buyer_code: code,
          current_version: versions,
          created_at: '2026-01-15T10:00:00.000Z',
          updated_at: `2026-${String(1 + versions * 2).padStart(2, '0')}-10T10:00:00.000Z`,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      ;(buyerSkuIdsByBuyer.get(buyerId) ?? buyerSkuIdsByBuyer.set(buyerId, []).get(buyerId)!).push(row.id)
      let price = random.int(90, 1200) * 100
      const moq = random.pick([300, 500, 1000]) * 1000
      for (let v = 1; v <= versions; v++) {
        const at = `2026-${String(1 + (v - 1) * 2).padStart(2, '0')}-10T10:00:00.000Z`
        versionRows.push({
          buyer_sku_id: row.id,
          number: v,
          buyer_code: code,
          price_minor: price,
          moq_milli: v === versions && versions > 2 ? moq / 2 : moq,
          note:
            v === 1
              ? 'Agreed at onboarding'
              : random.pick([
                  'Cotton price revision',
                  'Annual rate contract',
                  'Volume discount',
                  'Freight cost change',
                ]),
          effective_from: at,
          created_by: people.adminId,
          created_at: at,
        })
        price = Math.round((price * (1 + (random.next() - 0.4) * 0.12)) / 100) * 100
      }
    }
  }
  await insertInBatches(trx, 'buyer_sku_versions', versionRows, 300)

  // Price-change requests from the demo KAM on its buyers' SKUs: four waiting, one approved, one rejected.
  const kamSkus = people.kamBuyerIds.flatMap((id) => buyerSkuIdsByBuyer.get(id) ?? [])
  for (const [i, buyerSkuId] of kamSkus.slice(0, 6).entries()) {
    const current = await trx
      .selectFrom('buyer_sku_versions')
      .select(['price_minor'])
      .where('buyer_sku_id', '=', buyerSkuId)
      .orderBy('number', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow()
    const proposed = Math.round((current.price_minor * (i % 2 === 0 ? 0.95 : 1.06)) / 100) * 100
    const status = i < 4 ? 'pending' : i === 4 ? 'rejected' : 'approved'
    const created = `2026-11-${String(10 + i).padStart(2, '0')}T06:30:00.000Z`
    await trx
      .insertInto('price_change_requests')
      .values({
        buyer_sku_id: buyerSkuId,
        requested_by: people.kamId,
        current_price_minor: current.price_minor,
        proposed_price_minor: proposed,
        reason: [
          'Buyer committed to double volume for the season',
          'Cotton prices up 6 % since the last revision',
          'Matching a competing quote the buyer shared',
          'Freight costs from Tiruppur went up',
          'Buyer asked for a festive discount',
          'Dye cost increase passed through',
        ][i],
        status,
        decided_by: status === 'pending' ? null : people.adminId,
        decided_at: status === 'pending' ? null : created,
        decision_note:
          status === 'rejected'
            ? 'Margin would fall below target; revisit next quarter'
            : status === 'approved'
              ? 'Agreed with the buyer'
              : null,
        created_at: created,
        updated_at: created,
      })
      .execute()
  }

  // Sample SKUs: swatches and sample pieces across categories, a few with a charge.
  const sampleRows: Record<string, unknown>[] = []
  for (const [i, categoryId] of categoryIds.entries()) {
    const skus = await trx
      .selectFrom('product_skus')
      .select(['id', 'code', 'name'])
      .where('category_id', '=', categoryId)
      .orderBy('id')
      .limit(5)
      .execute()
    for (const [j, sku] of skus.entries()) {
      sampleRows.push({
        code: `SMP-${sku.code}`,
        name: `${j % 2 === 0 ? 'Swatch card' : 'Sample piece'}: ${sku.name}`,
        category_id: categoryId,
        product_sku_id: j === 4 ? null : sku.id,
        charge_minor: j % 3 === 0 ? 0 : random.pick([5000, 15000, 25000]),
        stock: random.int(0, 60),
        active: (i + j) % 11 === 0 ? 0 : 1,
        created_at: stamp,
        updated_at: `2026-11-${String(1 + ((i * 5 + j) % 20)).padStart(2, '0')}T09:00:00.000Z`,
      })
    }
  }
  await insertInBatches(trx, 'sample_skus', sampleRows, 200)

  await trx
    .insertInto('flags')
    .values([
      { key: 'sku_csv_export', enabled: 1, roles_json: null, updated_at: stamp, updated_by: people.adminId },
      {
        key: 'price_request_effective_date',
        enabled: 1,
        roles_json: null,
        updated_at: stamp,
        updated_by: people.adminId,
      },
    ])
    .execute()
}
