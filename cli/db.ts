// npm run db:migrate | db:rollback | db:seed | db:seed:scale | reports:rebuild — on the database named by DATABASE_URL.
import { config } from '../app/config.server'
import { createDatabase } from '#db/database'
import { aheadNotice, migrateDown, migrateToLatest } from '#db/migrate'
import { databaseIsEmpty, seedDemo } from '../seed/demo'
import { seedScale } from '../seed/scale-companies'
import { CATALOGUE_SCALE, seedCatalogueScale } from '../seed/scale-catalogue'
import { ORDERS_SCALE, seedOrdersScale } from '../seed/scale-orders'
import { QC_SCALE, seedQcScale } from '../seed/scale-qc'
import { SAMPLE_ORDERS_SCALE, seedSampleOrdersScale } from '../seed/scale-sample-orders'
import { LOGISTICS_SCALE, seedLogisticsScale } from '../seed/scale-logistics'
import { rebuildOrderFacts } from '../app/features/reports/facts.server'
import { rebuildQcFacts } from '../app/features/reports/qc-facts.server'

async function main(command: string | undefined) {
  const { db } = createDatabase(config().databaseUrl)
  try {
    switch (command) {
      case 'migrate': {
        const { applied, ahead } = await migrateToLatest(db)
        if (ahead.length) console.log(aheadNotice(ahead))
        console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date.')
        break
      }
      case 'rollback': {
        const undone = await migrateDown(db)
        console.log(undone.length ? `Rolled back: ${undone.join(', ')}` : 'Nothing to roll back.')
        break
      }
      case 'seed': {
        await migrateToLatest(db)
        if (!(await databaseIsEmpty(db))) {
          console.log(`${config().databaseUrl} already has data; nothing loaded. Delete the file to start again.`)
          break
        }
        await seedDemo(db)
        console.log('Demo data loaded.')
        break
      }
      case 'seed:scale': {
        // The benchmarks' data set: demo data plus 100,000 buyers and 100,000 users (SCALE_BUYERS / SCALE_USERS)
        // the catalogue at scale (200,000 product SKUs, 500,000 buyer SKU versions) and orders
        // (SCALE_ORDERS, 1,000,000 master orders with about 5,000,000 lines) and sample orders
        // (SCALE_SAMPLE_ORDERS, 200,000) and QC inspections (SCALE_QC_INSPECTIONS, 100,000), transport
        // bookings (SCALE_BOOKINGS, 1,000,000) and buyer ledger rows (SCALE_LEDGER_ROWS, 2,000,000).
        await migrateToLatest(db)
        if (await databaseIsEmpty(db)) await seedDemo(db)
        const buyers = Number(process.env.SCALE_BUYERS ?? 100_000)
        const users = Number(process.env.SCALE_USERS ?? 100_000)
        await seedScale(db, { buyers, users })
        console.log(`Loaded ${buyers} buyers and ${users} users.`)
        const catalogue = {
          ...CATALOGUE_SCALE,
          productSkus: Number(process.env.SCALE_PRODUCT_SKUS ?? CATALOGUE_SCALE.productSkus),
        }
        await seedCatalogueScale(db, catalogue)
        console.log(
          `Loaded ${catalogue.productSkus} product SKUs, ${catalogue.sellerSkus} seller SKUs and ${catalogue.buyerSkus * catalogue.versionsPerBuyerSku} buyer SKU versions.`,
        )
        const orders = Number(process.env.SCALE_ORDERS ?? ORDERS_SCALE.orders)
        await seedOrdersScale(db, { orders })
        console.log(`Loaded ${orders} master orders with their seller orders and about ${orders * 5} lines.`)
        const samples = Number(process.env.SCALE_SAMPLE_ORDERS ?? SAMPLE_ORDERS_SCALE.orders)
        await seedSampleOrdersScale(db, { orders: samples })
        console.log(`Loaded ${samples} sample orders.`)
        const inspections = Number(process.env.SCALE_QC_INSPECTIONS ?? QC_SCALE.inspections)
        await seedQcScale(db, { inspections })
        console.log(`Loaded ${inspections} QC inspections.`)
        const bookings = Number(process.env.SCALE_BOOKINGS ?? LOGISTICS_SCALE.bookings)
        const ledgerRows = Number(process.env.SCALE_LEDGER_ROWS ?? LOGISTICS_SCALE.ledgerRows)
        await seedLogisticsScale(db, { bookings, ledgerRows })
        console.log(`Loaded ${bookings} transport bookings and ${ledgerRows} buyer ledger rows.`)
        break
      }
      case 'reports:rebuild': {
        // The reports' summary rows worked out again from the orders themselves (after a bulk load or a restore).
        const { orders, rows } = await rebuildOrderFacts(db)
        const { inspections } = await rebuildQcFacts(db)
        console.log(
          `Rebuilt the report rows of ${orders} orders (${rows} day rows) and ${inspections} decided QC inspections.`,
        )
        break
      }
      default:
        throw new Error(`unknown command "${command}" (use migrate, rollback, seed, seed:scale or reports:rebuild)`)
    }
  } finally {
    await db.destroy()
  }
}

main(process.argv[2]).catch((error) => {
  console.error(`db: ${error instanceof Error ? error.message : error}`)
  process.exit(1)
})
