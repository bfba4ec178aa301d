import fs from 'node:fs'
import path from 'node:path'

// Remix leaves `*.server` modules out of the browser's bundle: a component module that imports a
// value from one gets `undefined` in the browser and the page breaks once hydrated (it still renders
// on the server, so only a JavaScript-on visit would show it). Shared code (app/ui, app/features,
// app/utils) that is not itself `.server` may import only types from `.server` modules.

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(full)
    return /\.(ts|tsx)$/.test(entry.name) && !/\.server\.|\.test\./.test(entry.name) ? [full] : []
  })
}

it('no browser module imports a value from a .server module', () => {
  const offenders: string[] = []
  for (const file of ['app/ui', 'app/features', 'app/utils'].flatMap((dir) => sources(dir))) {
    const text = fs.readFileSync(file, 'utf8')
    for (const match of text.matchAll(/^import\s+(?!type\b)([^']*?)\s+from\s+'([^']+\.server)'/gms)) {
      const names = match[1]!
        .replace(/[{}\s]/g, '')
        .split(',')
        .filter(Boolean)
      if (names.some((name) => !name.startsWith('type'))) offenders.push(`${file}: ${match[2]}`)
    }
  }
  expect(offenders).toEqual([])
})

// zod is a fifth of a page's JavaScript budget: it comes to the browser in a chunk of its own when a
// form is first reached (useZodForm loads the schema), never with a page. A view or a route module
// that imports a schema module (or conform's zod parser) statically would bring it back: views take
// paths, ids and labels from the feature's `shared.ts`, route modules their schemas from
// `schema.server.ts`. Reads the build `npm test` makes before the unit tests.
it('no page loads zod with its JavaScript, and the forms still can', () => {
  const dir = 'public/build'
  const manifestFile = fs.readdirSync(dir).find((file) => /^manifest-.*\.js$/.test(file))
  expect(manifestFile, 'run npm run build first').toBeDefined()
  const text = fs.readFileSync(path.join(dir, manifestFile!), 'utf8')
  const manifest = JSON.parse(text.slice(text.indexOf('=') + 1).replace(/;\s*$/, '')) as {
    entry: { module: string; imports: string[] }
    routes: Record<string, { parentId?: string; module: string; imports?: string[] }>
  }
  const chunks = (folder: string): string[] =>
    fs
      .readdirSync(folder, { withFileTypes: true })
      .flatMap((entry) =>
        entry.isDirectory()
          ? chunks(path.join(folder, entry.name))
          : entry.name.endsWith('.js')
            ? [path.join(folder, entry.name)]
            : [],
      )
  // zod's own export names survive minification in its namespace object.
  const zod = new Set(
    chunks(dir)
      .filter((file) => fs.readFileSync(file, 'utf8').includes('BIGINT_FORMAT_RANGES'))
      .map((file) => `/${path.relative('public', file)}`),
  )
  expect(zod.size, 'the forms’ lazily loaded checks are in the build').toBeGreaterThan(0)
  const withZod = Object.entries(manifest.routes).flatMap(([id, route]) => {
    const files = new Set([manifest.entry.module, ...manifest.entry.imports])
    for (let r: typeof route | undefined = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined)
      [r.module, ...(r.imports ?? [])].forEach((file) => files.add(file))
    return [...files].some((file) => zod.has(file)) ? [id] : []
  })
  expect(withZod).toEqual([])
})
