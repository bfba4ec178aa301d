import { getDb } from '~/db.server'
import { listProductSkus, exportProductSkus } from '~/features/product-skus/list.server'
import { productOfSkusSegment } from '~/features/product-skus/queries.server'
import { readSkuFilters } from '~/features/product-skus/schema'
import { compareSkus } from '~/features/product-skus/compare.server'
const db = getDb()
const queries = process.argv.slice(2)
;(async () => {
  const fabric = (await productOfSkusSegment(db, 'fabric_skus'))!
  for (const q of queries) {
    const f = readSkuFilters(new URL('http://x/?' + q), fabric.schema)
    await listProductSkus(db, fabric, f)
    const times: number[] = []
    for (let i = 0; i < 20; i++) { const t = performance.now(); await listProductSkus(db, fabric, f); times.push(performance.now() - t) }
    times.sort((a, b) => a - b)
    const r = await listProductSkus(db, fabric, f)
    console.log(`${q.padEnd(60)} p50 ${times[10].toFixed(1)} p95 ${times[18].toFixed(1)} ms  total ${r.total}${r.capped ? '+' : ''}`)
  }
  const t = performance.now(); await compareSkus(db, 1, { q: 'blue', ids: [1, 2], codes: '' }); console.log('compare', (performance.now() - t).toFixed(1))
  process.exit(0)
})()
