import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { getDb } from '~/db.server'
import { sweepFiles } from '~/features/housekeeping/sweep.server'
import { startFakeS3, type FakeS3 } from '../../tests/support/fake-s3'
import { copyFiles, databaseFiles, folderFiles, type FileStore, type StoredFile } from './files.server'
import { s3Files, signRequest } from './s3-files.server'

// The one contract of the file stores (app/platform/files.server.ts), held by all three: the folder,
// the database (on SQLite and, in the PostgreSQL pass, on PostgreSQL) and an S3-compatible store (a
// fake that checks every request's signature with code of its own: tests/support/fake-s3.ts).

let s3: FakeS3
let root: string
beforeAll(async () => {
  s3 = await startFakeS3({ pageSize: 2 })
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'file-store-'))
})
afterAll(async () => {
  await s3.close()
  fs.rmSync(root, { recursive: true, force: true })
})

const s3Store = (secretAccessKey = s3.secretAccessKey) =>
  s3Files({
    endpoint: s3.url,
    bucket: s3.bucket,
    region: s3.region,
    accessKeyId: s3.accessKeyId,
    secretAccessKey,
    pathStyle: true,
  })
const stores: [string, () => FileStore][] = [
  ['fs', () => folderFiles(root)],
  ['database', () => databaseFiles()],
  ['s3', () => s3Store()],
]
const db = () => getDb()
const bytesOf = (n: number) => crypto.randomBytes(n)
const newKey = (prefix = '') => `${prefix}${crypto.randomUUID()}.png`

async function bodyBytes(body: StoredFile['body']): Promise<Buffer> {
  return Buffer.from(await new Response(body).arrayBuffer())
}

describe.each(stores)('the %s file store', (_name, make) => {
  it('keeps bytes under a key and gives them back, streamed or whole, with their size', async () => {
    const store = make()
    const key = newKey()
    const inArea = newKey('assets/')
    const big = bytesOf(3 * 1024 * 1024 + 17)
    await store.put(db(), key, big, 'image/png')
    await store.put(db(), inArea, Buffer.from('small'), 'application/pdf')
    const opened = await store.open(db(), key)
    expect(opened?.size).toBe(big.byteLength)
    expect((await bodyBytes(opened!.body)).equals(big)).toBe(true)
    expect((await store.read(db(), inArea))?.toString()).toBe('small')
    expect(await store.exists(db(), key)).toBe(true)
    expect(await store.exists(db(), inArea)).toBe(true)
    const listed = await store.list(db())
    expect(listed).toEqual(expect.arrayContaining([key, inArea]))
    expect(listed).toEqual([...listed].sort())
    // Nothing was stored before a minute ago.
    const before = await store.list(db(), { before: new Date(Date.now() - 60_000) })
    expect(before).not.toContain(key)
    const missing = newKey()
    expect(await store.open(db(), missing)).toBeNull()
    expect(await store.read(db(), missing)).toBeNull()
    expect(await store.exists(db(), missing)).toBe(false)
  })

  it('refuses keys that are paths', async () => {
    const store = make()
    for (const key of ['../escape.png', '/etc/passwd', 'a/b/c.png', '.hidden', '', 'assets/../../x.png'])
      await expect(store.put(db(), key, Buffer.from('x'), 'image/png'), key).rejects.toThrow(/not a file key/)
    // Read with such a key, there is nothing (the folder's own name, a path out of it).
    for (const key of ['..', '../app.db', '/etc/passwd']) {
      expect(await store.open(db(), key), key).toBeNull()
      expect(await store.exists(db(), key), key).toBe(false)
    }
  })

  it('deletes: at once when asked outside a transaction; with the rows of a transaction only once it has committed', async () => {
    const store = make()
    const [a, b] = [newKey(), newKey()]
    await store.put(db(), a, Buffer.from('a'), 'image/png')
    await store.put(db(), b, Buffer.from('b'), 'image/png')
    // A transaction that removed a file and then rolled back keeps it, on every store.
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await store.remove(trx, [a])
          throw new Error('rolled back')
        }),
    ).rejects.toThrow('rolled back')
    expect(await store.exists(db(), a)).toBe(true)
    // Committed: the database deletes in the transaction; the others when told it committed.
    const after = await db()
      .transaction()
      .execute((trx) => store.remove(trx, [a]))
    expect(await store.exists(db(), a)).toBe(store.backend !== 'database')
    await after()
    expect(await store.exists(db(), a)).toBe(false)
    await store.discard(db(), [b, newKey()])
    expect(await store.exists(db(), b)).toBe(false)
  })

  it('abandons what a failed transaction put: no file is left on any store', async () => {
    const store = make()
    const key = newKey()
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await store.put(trx, key, Buffer.from('a'), 'image/png')
          throw new Error('rolled back')
        }),
    ).rejects.toThrow('rolled back')
    await store.abandon(db(), [key])
    expect(await store.exists(db(), key)).toBe(false)
  })

  it('is swept: a file no row names goes once it is an hour old; a file a row names stays', async () => {
    const store = make()
    const named = `assets/${crypto.randomBytes(16).toString('base64url')}.png`
    const orphan = `assets/${crypto.randomBytes(16).toString('base64url')}.png`
    const foreign = `assets/notes-${crypto.randomUUID()}.txt`
    for (const key of [named, orphan, foreign]) await store.put(db(), key, Buffer.from(key), 'image/png')
    const user = await db().selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow()
    await db()
      .insertInto('assets')
      .values({
        storage_key: named.slice('assets/'.length),
        name: 'named.png',
        name_key: 'named.png',
        content_type: 'image/png',
        kind: 'image',
        byte_size: 1,
        width: 1,
        height: 1,
        uploaded_by: user.id,
        created_at: new Date().toISOString(),
      })
      .execute()
    // Young: nothing goes.
    expect((await sweepFiles(db(), { files: store, backupsDir: null })).assets).toBe(0)
    expect(await store.exists(db(), orphan)).toBe(true)
    const later = new Date(Date.now() + 2 * 60 * 60_000)
    const swept = await sweepFiles(db(), { files: store, backupsDir: null, now: later })
    expect(swept.assets).toBeGreaterThanOrEqual(1)
    expect(await store.exists(db(), orphan)).toBe(false)
    expect(await store.exists(db(), named)).toBe(true)
    expect(await store.exists(db(), foreign)).toBe(true)
  })
})

describe('the database file store', () => {
  it('keeps nothing of a rolled-back transaction: the file goes with the row that names it', async () => {
    const store = databaseFiles()
    const key = newKey()
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await store.put(trx, key, bytesOf(1000), 'image/png')
          expect(await store.exists(trx, key)).toBe(true)
          throw new Error('rolled back')
        }),
    ).rejects.toThrow('rolled back')
    expect(await store.exists(db(), key)).toBe(false)
    expect(await db().selectFrom('stored_files').select('key').where('key', '=', key).execute()).toEqual([])
  })

  it('records the type and size beside the bytes', async () => {
    const key = newKey()
    await databaseFiles().put(db(), key, bytesOf(321), 'image/webp')
    expect(
      await db().selectFrom('stored_files').select(['content_type', 'size']).where('key', '=', key).executeTakeFirst(),
    ).toEqual({ content_type: 'image/webp', size: 321 })
  })
})

describe('the S3 store', () => {
  it('signs as AWS documents it (the GET Object example of Signature Version 4)', () => {
    // https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html, "GET Object".
    const headers = signRequest({
      method: 'GET',
      path: '/test.txt',
      query: {},
      headers: { range: 'bytes=0-9' },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      host: 'examplebucket.s3.amazonaws.com',
      now: new Date('2013-05-24T00:00:00Z'),
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    })
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    )
  })

  it('is refused by the store with a wrong secret: the fake checks every signature', async () => {
    const refusedBefore = s3.refused
    await expect(s3Store('not-the-secret').put(db(), newKey(), Buffer.from('x'), 'image/png')).rejects.toThrow(
      /403 SignatureDoesNotMatch/,
    )
    expect(s3.refused).toBe(refusedBefore + 1)
    await expect(s3Store('not-the-secret').list(db())).rejects.toThrow(/403/)
  })

  it('lists every key across pages, and stores the content type it was given', async () => {
    const store = s3Store()
    const keys = [newKey('playground/'), newKey('playground/'), newKey('playground/'), newKey('playground/')]
    for (const key of keys) await store.put(db(), key, Buffer.from(key), 'image/avif')
    expect(await store.list(db())).toEqual(expect.arrayContaining(keys))
    expect(s3.objects.get(keys[0]!)?.contentType).toBe('image/avif')
  })
})

describe('moving files between stores (cli/files.ts copy)', () => {
  it('copies what the target lacks, from the folder to the database to S3, and again copies nothing', async () => {
    const folder = folderFiles(fs.mkdtempSync(path.join(os.tmpdir(), 'file-copy-')))
    const keys = [
      newKey(),
      `qc-${crypto.randomUUID()}-thumb.jpg`,
      `assets/${crypto.randomBytes(16).toString('base64url')}.pdf`,
    ]
    for (const key of keys) await folder.put(db(), key, Buffer.from(`bytes of ${key}`), 'ignored')
    const database = databaseFiles()
    // One of them is in the database already (a copy that stopped half way).
    await database.put(db(), keys[0]!, Buffer.from(`bytes of ${keys[0]}`), 'image/png')
    expect(await copyFiles(db(), folder, database)).toMatchObject({ copied: 2 })
    for (const key of keys) expect((await database.read(db(), key))?.toString()).toBe(`bytes of ${key}`)
    expect(
      await db()
        .selectFrom('stored_files')
        .select(['key', 'content_type'])
        .where('key', 'in', keys.slice(1))
        .orderBy('key')
        .execute(),
    ).toEqual(
      [
        { key: keys[2], content_type: 'application/pdf' },
        { key: keys[1], content_type: 'image/jpeg' },
      ].sort((a, b) => (a.key! < b.key! ? -1 : 1)),
    )
    expect(await copyFiles(db(), folder, database)).toEqual({ copied: 0, present: 3 })
    const bucket = s3Store()
    await copyFiles(db(), database, bucket)
    for (const key of keys) expect((await bucket.read(db(), key))?.toString()).toBe(`bytes of ${key}`)
    expect(s3.objects.get(keys[2]!)?.contentType).toBe('application/pdf')
  })
})
