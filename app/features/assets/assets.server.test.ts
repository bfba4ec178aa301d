import type { LoaderFunctionArgs } from '@remix-run/node'
import { getDb } from '~/db.server'
import { fileStore } from '~/platform/files.server'
import * as fileRoute from '~/routes/_public+/files.$key.$name'
import { TOO_LARGE } from '~/ui/read-form.server'
import { userIdOf } from '../../../tests/support/db'
import {
  fileOf,
  GIF_HTML_POLYGLOT,
  HTML,
  PDF,
  PNG_MAGIC_HTML,
  pngBytes,
  pngClaiming,
  SVG_WITH_SCRIPT,
} from '../../../tests/support/files'
import { listAssets, readAssetFilters } from './assets.server'
import { ASSET_RULES, ASSET_TYPES, checkFile, fileKeyOf, safeFileName } from './files.server'
import { assetsAction } from './pages.server'
import { ASSET_MAX_BYTES } from './schema'

const db = () => getDb()
let staff: { userId: number }
beforeAll(async () => {
  staff = { userId: await userIdOf('internal@example.com') }
})

const check = (value: FormDataEntryValue | null) =>
  checkFile(value, ASSET_TYPES, { maxBytes: ASSET_MAX_BYTES, accepted: ASSET_RULES })
function upload(files: File[], key = crypto.randomUUID()) {
  const form = new FormData()
  form.set('intent', 'upload')
  form.set('idempotencyKey', key)
  for (const file of files) form.append('files', file)
  return assetsAction(db(), staff as never, form)
}
const serve = (key: string) =>
  fileRoute.loader({
    request: new Request(`http://localhost/files/${key}/x`),
    params: { key, name: 'x' },
    context: {},
  } as unknown as LoaderFunctionArgs)
const status = (run: () => Promise<unknown>) =>
  run().then(
    () => 200,
    (error: Response) => error.status,
  )
const rowNamed = (name: string) =>
  db()
    .selectFrom('assets')
    .select(['id', 'storage_key', 'name', 'content_type', 'kind'])
    .where('name', '=', name)
    .executeTakeFirst()

describe('what the asset uploader takes', () => {
  it('refuses HTML, SVG with script, a PNG that is HTML, oversize files and decompression bombs, each with a reason', async () => {
    expect(await check(fileOf(HTML, 'page.html', 'text/html'))).toEqual({
      error: expect.stringMatching(/^page\.html is not a file we take/),
    })
    expect(await check(fileOf(SVG_WITH_SCRIPT, 'logo.svg', 'image/svg+xml'))).toEqual({
      error: expect.stringMatching(/^logo\.svg is not a file we take/),
    })
    expect(await check(fileOf(HTML, 'photo.png', 'image/png'))).toEqual({
      error: expect.stringMatching(/not a file we take/),
    })
    expect(await check(fileOf(PNG_MAGIC_HTML, 'fake.png', 'image/png'))).toEqual({
      error: expect.stringMatching(/could not be read|not a file we take/),
    })
    expect(await check(TOO_LARGE)).toEqual({ error: 'That file is larger than 20 MB' })
    expect(await check(fileOf(await pngClaiming(60_000, 60_000), 'bomb.png', 'image/png'))).toEqual({
      error: expect.stringMatching(/^bomb\.png: .*(more than the 50 million|could not be read)/),
    })
    expect(await check(fileOf(Buffer.alloc(0), ''))).toBeNull()
  })

  it('takes a file by its bytes, whatever its name says, and keeps only a safe name', async () => {
    const png = await check(fileOf(await pngBytes(), '../../etc/passwd.pdf', 'application/pdf'))
    expect(png).toMatchObject({ contentType: 'image/png', ext: 'png', name: 'passwd.pdf', width: 8, height: 6 })
    expect(safeFileName('..\\..\\windows\\evil"<x>.png')).toBe('evilx.png')
    expect(safeFileName('...')).toBe('file')
    expect(safeFileName('report\u202e.pdf')).toBe('report.pdf')
  })
})

describe('uploading, serving and deleting', () => {
  it('stores files under random keys, once per idempotency key, and lists them', async () => {
    const key = crypto.randomUUID()
    const files = [fileOf(await pngBytes(), '../../Summer banner.png'), fileOf(PDF, 'Price list.pdf')]
    expect(await upload(files, key)).toMatchObject({ status: 'done', toast: { message: '2 files uploaded.' } })
    expect(await upload(files, key)).toMatchObject({
      status: 'done',
      toast: { message: 'Those files were already uploaded.' },
    })
    const banner = await rowNamed('Summer banner.png')
    expect(banner).toMatchObject({ content_type: 'image/png', kind: 'image' })
    expect(banner!.storage_key).toMatch(/^[A-Za-z0-9_-]{22}\.png$/)
    expect(await fileStore().exists(db(), fileKeyOf('assets', banner!.storage_key))).toBe(true)
    expect((await db().selectFrom('assets').select('id').where('name', '=', 'Price list.pdf').execute()).length).toBe(1)
    const found = await listAssets(
      db(),
      staff.userId,
      readAssetFilters(new URL('http://x/assets_uploader?q=BANNER&kind=image&mine=1')),
    )
    expect(found.rows.map((r) => r.name)).toEqual(['Summer banner.png'])
    const none = await listAssets(
      db(),
      staff.userId,
      readAssetFilters(new URL('http://x/assets_uploader?q=%25&kind=nonsense')),
    )
    expect(none.rows.every((r) => r.name.includes('%'))).toBe(true)
  })

  it('refuses the whole upload when one file is refused, saying which and why', async () => {
    const outcome = await upload([fileOf(await pngBytes(), 'fine.png'), fileOf(SVG_WITH_SCRIPT, 'icon.svg')])
    expect(outcome.status).toBe('invalid')
    expect(JSON.stringify(outcome)).toContain('icon.svg is not a file we take')
    expect(await rowNamed('fine.png')).toBeUndefined()
    expect((await upload([])).status).toBe('invalid')
  })

  it('serves images inline and everything else as a download, never sniffed, always sandboxed', async () => {
    await upload([
      fileOf(await pngBytes(), 'served.png'),
      fileOf(PDF, 'served.pdf'),
      fileOf(GIF_HTML_POLYGLOT, 'poly.gif'),
    ])
    for (const [name, type, disposition] of [
      ['served.png', 'image/png', /^inline; filename="served\.png"/],
      ['served.pdf', 'application/pdf', /^attachment; filename="served\.pdf"/],
      ['poly.gif', 'image/gif', /^inline/],
    ] as const) {
      const row = (await rowNamed(name))!
      const response = await serve(row.storage_key)
      expect(response.headers.get('Content-Type'), name).toBe(type)
      expect(response.headers.get('Content-Disposition'), name).toMatch(disposition)
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
      expect(response.headers.get('Content-Security-Policy')).toMatch(/default-src 'none'.*sandbox/)
    }
    for (const key of ['nope', '../../app.db', 'AAAAAAAAAAAAAAAAAAAAAA.png', ''])
      expect(await status(() => serve(key)), key).toBe(404)
  })

  it('deletes the row and the file; a second delete is not found', async () => {
    await upload([fileOf(await pngBytes(), 'to-delete.png')])
    const row = (await rowNamed('to-delete.png'))!
    const form = (id: number) => new URLSearchParams({ intent: 'delete', assetId: String(id) }) as unknown as FormData
    expect(await assetsAction(db(), staff as never, form(row.id))).toMatchObject({ status: 'done' })
    expect(await fileStore().exists(db(), fileKeyOf('assets', row.storage_key))).toBe(false)
    expect(await status(() => serve(row.storage_key))).toBe(404)
    expect(await assetsAction(db(), staff as never, form(row.id))).toEqual({ status: 'not-found' })
    const audit = await db()
      .selectFrom('audit_events')
      .select('action')
      .where('entity_type', '=', 'asset')
      .where('entity_id', '=', String(row.id))
      .orderBy('id')
      .execute()
    expect(audit.map((a) => a.action)).toEqual(['asset.uploaded', 'asset.deleted'])
  })
})
