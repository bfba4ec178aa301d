// The JavaScript a page makes the browser download: entry, root, every route of its branch and
// their shared chunks, each file once, measured as brotli bytes (what a server sends).
import { atMost } from './budgets'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

interface ManifestRoute {
  id: string
  parentId?: string
  module: string
  imports?: string[]
}
interface Manifest {
  entry: { module: string; imports: string[] }
  routes: Record<string, ManifestRoute>
}

const BUDGET_KB = 130

function readManifest(buildDir: string): Manifest {
  const file = fs.readdirSync(buildDir).find((f) => /^manifest-.*\.js$/.test(f))
  if (!file) throw new Error(`no manifest in ${buildDir}: run npm run build`)
  const text = fs.readFileSync(path.join(buildDir, file), 'utf8')
  return JSON.parse(text.slice(text.indexOf('=') + 1).replace(/;\s*$/, ''))
}

/** Brotli bytes of every route's JavaScript, heaviest first. */
export function routeBundles(publicDir = 'public'): { id: string; bytes: number }[] {
  const manifest = readManifest(path.join(publicDir, 'build'))
  const sizes = new Map<string, number>()
  const sizeOf = (url: string) => {
    if (!sizes.has(url)) {
      const body = fs.readFileSync(path.join(publicDir, url))
      sizes.set(url, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length)
    }
    return sizes.get(url)!
  }
  return Object.values(manifest.routes)
    .map((route) => {
      const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports])
      for (let r: ManifestRoute | undefined = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) {
        files.add(r.module)
        for (const i of r.imports ?? []) files.add(i)
      }
      return { id: route.id, bytes: [...files].reduce((n, f) => n + sizeOf(f), 0) }
    })
    .sort((a, b) => b.bytes - a.bytes)
}

export async function benchBundle(): Promise<string[]> {
  const routes = routeBundles()
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
  const login = routes.find((r) => r.id === 'routes/_public+/login')!
  const over = routes.filter((r) => r.bytes > BUDGET_KB * 1024)
  atMost(`JavaScript of the heaviest route (${routes[0].id}), brotli`, routes[0].bytes / 1024, BUDGET_KB, 'KB')
  // What reaching a form adds (useZodForm loads zod and conform's parser then, not with the page).
  const shared = path.join('public', 'build', '_shared')
  const lazy = fs
    .readdirSync(shared)
    .map((file) => fs.readFileSync(path.join(shared, file)))
    .filter((body) => body.includes('BIGINT_FORMAT_RANGES') || body.includes('parseWithZod'))
    .reduce(
      (n, body) => n + zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      0,
    )
  return [
    `heaviest route: ${routes[0].id} ${kb(routes[0].bytes)} brotli (budget ${BUDGET_KB} KB)`,
    `a form's checks, loaded when the form is first reached: ${kb(lazy)} brotli (zod and conform's zod parser)`,
    `login page: ${kb(login.bytes)} brotli`,
    ...routes.slice(1, 6).map((r) => `  next: ${r.id} ${kb(r.bytes)}`),
    over.length
      ? `${over.length} of ${routes.length} routes over ${BUDGET_KB} KB`
      : `every route within ${BUDGET_KB} KB`,
  ]
}
