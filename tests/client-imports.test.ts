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
      const names = match[1]!.replace(/[{}\s]/g, '').split(',').filter(Boolean)
      if (names.some((name) => !name.startsWith('type'))) offenders.push(`${file}: ${match[2]}`)
    }
  }
  expect(offenders).toEqual([])
})
