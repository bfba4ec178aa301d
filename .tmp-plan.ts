import { getDb } from '~/db.server'
import { sql } from 'kysely'
import { productOfSkusSegment } from '~/features/product-skus/queries.server'
import { readSkuFilters } from '~/features/product-skus/schema'
import * as list from '~/features/product-skus/list.server'
const db = getDb()
;(async () => {
  const fabric = (await productOfSkusSegment(db, 'fabric_skus'))!
  const captured: any[] = []
  const spy = db.withPlugin({ transformQuery: (a: any) => a.node, transformResult: async (a: any) => a.result } as any)
  const origExecute = (db as any).getExecutor().executeQuery
  for (const q of process.argv.slice(2)) {
    const f = readSkuFilters(new URL('http://x/?' + q), fabric.schema)
    console.log('=== ' + q)
    const exec = (db as any).getExecutor()
    const orig = exec.executeQuery.bind(exec)
    const seen: any[] = []
    exec.constructor.prototype.__orig ??= exec.constructor.prototype.executeQuery
    exec.constructor.prototype.executeQuery = async function (compiled: any, ...rest: any[]) { seen.push(compiled); return exec.constructor.prototype.__orig.call(this, compiled, ...rest) }
    await list.listProductSkus(db, fabric, f)
    exec.constructor.prototype.executeQuery = exec.constructor.prototype.__orig
    for (const c of seen.slice(0, 2)) {
      const plan = await sql.raw('explain query plan ' + c.sql.replace(/\?/g, () => { const v = c.parameters.shift(); return typeof v === 'string' ? `'${v}'` : String(v) })).execute(db)
      console.log(c.sql.slice(0, 200)); for (const r of plan.rows as any[]) console.log('   ', r.detail)
    }
  }
  process.exit(0)
})()
