// npx tsx cli/files.ts copy --from fs --to database: copies the uploaded files of one file store
// into another (fs, database, s3; app/platform/files.server.ts), on the database named by
// DATABASE_URL, the folder UPLOADS_DIR and the bucket of the S3_* settings. Files the target holds
// already are left alone, so it may be run again; the source is not changed. Then set FILE_STORAGE
// to the target (or leave it out where the target is the default) and restart. docs/operations.md "Files".
import { config, s3ConfigOf, type FileStorage } from '../app/config.server'
import { createDatabase } from '#db/database'
import { copyFiles, fileStoreOf } from '../app/platform/files.server'

const BACKENDS: FileStorage[] = ['fs', 'database', 's3']

function option(args: string[], name: string): FileStorage {
  const value = args[args.indexOf(name) + 1]
  if (!args.includes(name) || !BACKENDS.includes(value as FileStorage))
    throw new Error(`${name} must be one of ${BACKENDS.join(', ')}`)
  return value as FileStorage
}

async function main(args: string[]): Promise<number> {
  if (args[0] !== 'copy') {
    console.log('Usage: npx tsx cli/files.ts copy --from fs|database|s3 --to fs|database|s3')
    return 2
  }
  const from = option(args, '--from')
  const to = option(args, '--to')
  if (from === to) throw new Error('--from and --to name the same store')
  const cfg = config()
  const s3 = from === 's3' || to === 's3' ? s3ConfigOf(process.env) : null
  const store = (fileStorage: FileStorage) => fileStoreOf({ fileStorage, uploadsDir: cfg.uploadsDir, s3 })
  const { db } = createDatabase(cfg.databaseUrl)
  try {
    const where = (b: FileStorage) => (b === 'fs' ? `${b} (${cfg.uploadsDir})` : b === 's3' ? `s3 (${s3!.bucket})` : b)
    console.log(`Copying files from ${where(from)} to ${where(to)}…`)
    const { copied, present } = await copyFiles(db, store(from), store(to), console.log)
    console.log(`Copied ${copied} files; ${present} were there already.`)
    return 0
  } finally {
    await db.destroy()
  }
}

try {
  process.exitCode = await main(process.argv.slice(2))
} catch (error) {
  console.error(`files: ${(error as Error).message}`)
  process.exitCode = 1
}
