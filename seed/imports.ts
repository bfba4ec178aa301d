import type { Database } from '#db/database'
import { previewImport } from '~/features/imports/preview.server'
import { rupeesInput } from '~/utils/money'
import { quantityInput } from '~/utils/quantity'
import { demoEmail } from './demo-users'

// One bulk import waiting to be applied (docs/domain.md "Bulk imports (issue 40)"): a price file of
// the first buyer, read and previewed through the real import as the internal user uploaded it, with
// a price change, a new buyer SKU, an unchanged row and a refused one. Nothing of it is applied.
export async function seedDemoImports(db: Database): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', demoEmail('internal'))
    .executeTakeFirstOrThrow()
  const skus = await db
    .selectFrom('buyer_skus')
    .innerJoin('buyers', 'buyers.id', 'buyer_skus.buyer_id')
    .innerJoin('product_skus', 'product_skus.id', 'buyer_skus.product_sku_id')
    .innerJoin('buyer_sku_versions as v', (join) =>
      join.onRef('v.buyer_sku_id', '=', 'buyer_skus.id').onRef('v.number', '=', 'buyer_skus.current_version'),
    )
    .select(['buyers.name as buyer', 'product_skus.code', 'buyer_skus.buyer_code', 'v.price_minor', 'v.moq_milli'])
    .where('buyer_skus.status', '=', 'active')
    .where('buyers.name', '=', 'Indigo Threads Retail')
    .orderBy('buyer_skus.id')
    .limit(3)
    .execute()
  if (skus.length < 3) return
  const [a, b, c] = skus as [(typeof skus)[number], (typeof skus)[number], (typeof skus)[number]]
  const row = (s: typeof a, price: string, note = '') => [
    s.buyer,
    s.code,
    s.buyer_code,
    price,
    quantityInput(s.moq_milli),
    note,
  ]
  const lines = [
    ['buyer', 'product_sku', 'buyer_code', 'price', 'moq', 'note'],
    row(a, rupeesInput(Math.round((a.price_minor * 1.04) / 100) * 100), 'Yarn prices up 4 %'),
    row(b, rupeesInput(b.price_minor)),
    [a.buyer, a.code, 'IT-900', rupeesInput(a.price_minor), quantityInput(a.moq_milli), 'New colourway'],
    row(c, '0'),
  ]
  const text = lines
    .map((cells) => cells.map((cell) => (/[",]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(','))
    .join('\n')
  await previewImport(
    db,
    { userId: user.id },
    {
      kind: 'buyer_skus',
      fileName: 'indigo-threads-prices.csv',
      bytes: new TextEncoder().encode(`${text}\n`),
    },
  )
}
