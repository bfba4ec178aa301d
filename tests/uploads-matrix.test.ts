/// <reference types="vite/client" />
/**
 * Every upload of the app against hostile files (issue 17). The upload forms are found in the
 * pages themselves (every route with an action, read as a role that may use it, plus the field
 * operator's inspection), so a new upload is covered as soon as it exists. Each form gets HTML
 * under an image's name, SVG with script, a GIF that is also a page, PNG magic before HTML, a file
 * over the upload limit, a ZIP bomb, a pixel bomb and a real PNG named with path segments. Each is
 * refused, or stored inert: nothing is written outside the uploads folder or under a name with a
 * path in it, and a stored file that holds markup is either only ever served redrawn (the image
 * playground) or served as a sandboxed, never-sniffed file that a browser will not run (assets).
 */
import fs from 'node:fs'
import path from 'node:path'
import type { ServerBuild } from '@remix-run/node'
import { zipSync } from 'fflate'
import { mayEnter } from '~/auth/portals'
import { config } from '~/config.server'
import { getDb } from '~/db.server'
import { fileStore } from '~/platform/files.server'
import { DEMO_ROLES } from '../seed/demo-users'
import type { RoleKey } from '#db/types'
import { allRoutes } from './access/all'
import { loadBuiltApp } from './access/http'
import { attribute } from './access/html'
import { cookieFor } from './support/db'
import {
  fileOf,
  GIF_HTML_POLYGLOT,
  HTML,
  PNG_MAGIC_HTML,
  pngBytes,
  pngClaiming,
  SVG_WITH_SCRIPT,
} from './support/files'

let handle: (request: Request) => Promise<Response>
let build: ServerBuild

beforeAll(async () => {
  ;({ build, handle } = await loadBuiltApp())
})

interface UploadForm {
  page: string
  role: RoleKey
  fileFields: string[]
  /** The form's other fields as the page fills them (hidden values, first options, submit button). */
  fields: [string, string][]
}

function uploadFormsOf(html: string, page: string, role: RoleKey): UploadForm[] {
  const forms: UploadForm[] = []
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    if (!/type="file"/.test(match[2])) continue
    const action = attribute(match[1], 'action')
    const fileFields: string[] = []
    const fields: [string, string][] = []
    let button: [string, string] | null = null
    for (const tag of match[2].matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>|<(input|textarea|button)\b[^>]*>/g)) {
      const open = tag[3] ? tag[0] : `<select${tag[1]}>`
      const element = tag[3] ?? 'select'
      const name = attribute(open, 'name')
      if (!name) continue
      const type = attribute(open, 'type') ?? (element === 'button' ? 'submit' : 'text')
      if (type === 'file') fileFields.push(name)
      else if (element === 'button' || type === 'submit') button ??= [name, attribute(open, 'value') ?? '']
      else if (element === 'select')
        fields.push([name, attribute(tag[2].match(/<option\b[^>]*value="[^"]+"[^>]*>/)?.[0] ?? '', 'value') ?? ''])
      else if (type === 'checkbox' || type === 'radio') {
        if (!fields.some(([n]) => n === name)) fields.push([name, attribute(open, 'value') ?? 'on'])
      } else
        fields.push([
          name,
          attribute(open, 'value') ?? (name.toLowerCase().includes('confirm') ? 'RESTORE' : 'Hostile upload'),
        ])
    }
    if (button) fields.push(button)
    forms.push({ page: action ? action.split('?')[0] : page, role, fileFields, fields })
  }
  return forms
}

/**
 * Every file under a folder (`deep`) or directly in it, with its path. The database's folder is
 * read one level only: in tests it is the system's temporary folder, where other processes come
 * and go (a folder gone while read is no file of ours).
 */
function filesUnder(folder: string, deep = true): string[] {
  try {
    return fs
      .readdirSync(folder, { recursive: deep, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
  } catch {
    return []
  }
}

const MARKUP = /<\s*(script|html|svg|body|iframe)\b|onload=/i

it('refuses hostile files at every upload, or keeps them inert', async () => {
  const db = getDb()
  // The pages with upload forms, found in the app: every route with an action, and the field operator's own inspection.
  const operator = (
    await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'field_operator@example.com')
      .executeTakeFirstOrThrow()
  ).id
  const inspection = (
    await db
      .selectFrom('qc_inspections')
      .select('id')
      .where('operator_id', '=', operator)
      .where('status', '=', 'scheduled')
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id
  const pages: [string, RoleKey][] = [[`/field_operator/orders/${inspection}`, 'field_operator']]
  for (const [id, rule] of Object.entries(allRoutes())) {
    if (!build.routes[id]?.module.action || !('portal' in rule || 'section' in rule)) continue
    const role = 'section' in rule ? 'internal' : DEMO_ROLES.find((r) => mayEnter([r], rule.portal))
    if (role) pages.push([rule.path, role])
  }
  const cookies = new Map<RoleKey, string>()
  /** The page's upload forms as it shows them now (a fresh version and idempotency key each time). */
  const uploadFormsNow = async (page: string, role: RoleKey) => {
    if (!cookies.has(role)) cookies.set(role, await cookieFor(role))
    const response = await handle(new Request(`http://localhost${page}`, { headers: { Cookie: cookies.get(role)! } }))
    return response.ok && response.headers.get('Content-Type')?.startsWith('text/html')
      ? uploadFormsOf(await response.text(), page, role)
      : []
  }
  const uploadPages: [string, RoleKey][] = []
  let formCount = 0
  for (const [page, role] of pages) {
    const found = await uploadFormsNow(page, role)
    if (found.length) uploadPages.push([page, role])
    formCount += found.length
  }
  // Product SKU images (create and edit), sample SKU images, QC photos, the asset uploader, the image playground, the database restore, order imports.
  expect(uploadPages.length).toBeGreaterThanOrEqual(7)

  const png = await pngBytes(800, 600)
  const hostile: [string, Buffer, string, string][] = [
    ['HTML named as a PNG', HTML, 'photo.png', 'image/png'],
    ['HTML', HTML, 'page.html', 'text/html'],
    ['SVG with script', SVG_WITH_SCRIPT, 'logo.svg', 'image/svg+xml'],
    ['a GIF that is also a page', GIF_HTML_POLYGLOT, 'pixel.gif', 'image/gif'],
    ['PNG magic before HTML', PNG_MAGIC_HTML, 'photo.png', 'image/png'],
    [
      'a file over the upload limit',
      Buffer.concat([png, Buffer.alloc(config().maxUploadBytes + 1024)]),
      'huge.png',
      'image/png',
    ],
    [
      'a ZIP bomb',
      Buffer.from(zipSync({ 'zeros.txt': new Uint8Array(64 * 1024 * 1024) }, { level: 9 })),
      'archive.zip',
      'application/zip',
    ],
    ['a pixel bomb', await pngClaiming(60_000, 60_000), 'bomb.png', 'image/png'],
    ['a PNG named with path segments', png, '../../../../tmp/escaped-upload.png', 'image/png'],
    ['a PNG named with a Windows path', png, '..\\..\\escaped-upload-win.png', 'image/png'],
  ]

  const uploads = config().uploadsDir
  const dataDir = path.dirname(
    path.resolve(process.env.DATABASE_URL!.startsWith('postgres') ? uploads : process.env.DATABASE_URL!),
  )
  // Beside the database file: what an upload might write there, less the databases other test files
  // make in the same folder while this one runs (tests/support/fresh-database.ts).
  const besideDatabase = () => filesUnder(dataDir, false).filter((file) => !/^platform-test-/.test(path.basename(file)))
  // Uploads are kept through the file store (the folder on SQLite, the database on PostgreSQL):
  // what it holds is read through it; files on disk are watched for anything written beside it.
  const store = fileStore()
  const storedKeys = async () => new Set(await store.list(db))
  const failures: string[] = []
  let sent = 0
  // Where the real PNG (under a hostile name) was kept: proof the forms were filled in well enough to be taken.
  const keptPng = new Set<string>()
  for (const [page, role] of uploadPages) {
    for (const [what, bytes, name, type] of hostile) {
      for (const form of await uploadFormsNow(page, role)) {
        const before = new Set([...filesUnder(uploads), ...besideDatabase()])
        const keysBefore = await storedKeys()
        const body = new FormData()
        for (const [field, value] of form.fields) body.append(field, value)
        for (const field of form.fileFields) body.append(field, fileOf(bytes, name, type))
        const response = await handle(
          new Request(`http://localhost${form.page}`, {
            method: 'POST',
            headers: { Cookie: cookies.get(form.role)! },
            body,
          }),
        )
        await response.arrayBuffer()
        sent++
        if (response.status >= 500) failures.push(`${form.page}: ${what} answered ${response.status}`)
        const added = [...filesUnder(uploads), ...besideDatabase()].filter((file) => !before.has(file))
        const addedKeys = [...(await storedKeys())].filter((key) => !keysBefore.has(key))
        if (bytes === png && addedKeys.length) keptPng.add(form.page)
        for (const file of added) {
          if (file.includes('..') || !path.resolve(file).startsWith(path.resolve(dataDir)))
            failures.push(`${form.page}: ${what} wrote ${file}`)
          if (/escaped-upload/.test(path.basename(file)))
            failures.push(`${form.page}: ${what} kept the sent name with its path: ${file}`)
          if (store.backend === 'fs' && !addedKeys.includes(path.relative(uploads, file).split(path.sep).join('/')))
            failures.push(`${form.page}: ${what} wrote ${file} beside the file store`)
        }
        for (const key of addedKeys) {
          if (/escaped-upload/.test(key))
            failures.push(`${form.page}: ${what} kept the sent name with its path: ${key}`)
          const head = (await store.read(db, key))!.subarray(0, 4096).toString('latin1')
          if (!MARKUP.test(head)) continue
          // Markup kept as sent. The image playground keeps originals but only ever serves them redrawn:
          const image = await db
            .selectFrom('playground_images')
            .select('id')
            .where('storage_key', '=', path.basename(key))
            .executeTakeFirst()
          if (image) {
            const drawn = await handle(
              new Request(`http://localhost/toolkit/images/${image.id}/render`, {
                headers: { Cookie: cookies.get(form.role)! },
              }),
            )
            const out = Buffer.from(await drawn.arrayBuffer()).toString('latin1')
            if (!drawn.headers.get('Content-Type')?.startsWith('image/') || MARKUP.test(out))
              failures.push(`${form.page}: ${what} is served with its markup`)
            continue
          }
          // the asset uploader keeps files as they are and serves them inert.
          const asset = await db
            .selectFrom('assets')
            .select(['storage_key', 'name_key'])
            .where('storage_key', '=', path.basename(key))
            .executeTakeFirst()
          if (!asset) {
            failures.push(`${form.page}: ${what} was stored with its markup (${key})`)
            continue
          }
          const served = await handle(new Request(`http://localhost/files/${asset.storage_key}/${asset.name_key}`))
          const contentType = served.headers.get('Content-Type') ?? ''
          if (
            /html|svg|xml|javascript/i.test(contentType) ||
            served.headers.get('X-Content-Type-Options') !== 'nosniff' ||
            !/sandbox/.test(served.headers.get('Content-Security-Policy') ?? '')
          ) {
            failures.push(`${form.page}: ${what} is served as ${contentType} without nosniff and a sandbox`)
          }
        }
      }
    }
  }
  expect(fs.existsSync('/tmp/escaped-upload.png')).toBe(false)
  expect(failures).toEqual([])
  expect(sent).toBe(formCount * hostile.length)
  expect(keptPng.size, [...keptPng].join(', ')).toBeGreaterThanOrEqual(4)
}, 300_000)
