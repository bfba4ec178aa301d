// npm run db:migrate | db:rollback | db:seed — on the database named by DATABASE_URL.
import { config } from '../app/config.server'
import { createDatabase } from './database'
import { migrateDown, migrateToLatest } from './migrate'
import { databaseIsEmpty, seedDemo } from './seed'

async function main(command: string | undefined) {
  const { db } = createDatabase(config().databaseUrl)
  try {
    switch (command) {
      case 'migrate': {
        const applied = await migrateToLatest(db)
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
      default:
        throw new Error(`unknown command "${command}" (use migrate, rollback or seed)`)
    }
  } finally {
    await db.destroy()
  }
}

main(process.argv[2]).catch((error) => {
  console.error(`db: ${error instanceof Error ? error.message : error}`)
  process.exit(1)
})
