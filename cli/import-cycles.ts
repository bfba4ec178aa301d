// Import cycles among the project's modules, type-only imports included (ESLint's import-x/no-cycle
// skips `import type`, and a circle of types is still a circle of meaning). Run by `npm run lint`:
// prints each cycle and exits 1 when there is one.
import fs from 'node:fs'
import path from 'node:path'

const ROOTS = ['app', 'db', 'seed', 'cli']
const EXTENSIONS = ['.ts', '.tsx', '.js', '/index.ts', '/index.tsx']

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(full)
    return /\.(tsx?|js)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

function resolve(from: string, specifier: string): string | undefined {
  let base: string
  if (specifier.startsWith('.')) base = path.join(path.dirname(from), specifier)
  else if (specifier.startsWith('~/')) base = path.join('app', specifier.slice(2))
  else if (specifier.startsWith('#db/')) base = path.join('db', specifier.slice(4))
  else return undefined
  if (fs.existsSync(base) && fs.statSync(base).isFile()) return path.normalize(base)
  const stripped = base.replace(/\.(js|ts|tsx)$/, '')
  for (const extension of EXTENSIONS)
    if (fs.existsSync(stripped + extension)) return path.normalize(stripped + extension)
  return undefined
}

/** Every module a file names in an import, an export-from or a dynamic import, types included. */
function importsOf(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8')
  const specifiers = [
    ...source.matchAll(/^\s*(?:import|export)\s[^'"]*?\sfrom\s+['"]([^'"]+)['"]/gms),
    ...source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
    ...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1])
  return [...new Set(specifiers.flatMap((s) => resolve(file, s) ?? []))]
}

export function findCycles(files: string[]): string[][] {
  const graph = new Map(files.map((file) => [file, importsOf(file).filter((to) => files.includes(to))]))
  // Tarjan's strongly connected components: every component of more than one module holds a cycle.
  let index = 0
  const indices = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const components: string[][] = []
  const visit = (node: string) => {
    indices.set(node, index)
    low.set(node, index++)
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indices.get(next)!))
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      if (component.length > 1 || graph.get(node)?.includes(node)) components.push(component.sort())
    }
  }
  for (const file of graph.keys()) if (!indices.has(file)) visit(file)
  return components
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const cycles = findCycles(ROOTS.flatMap(filesUnder))
  for (const cycle of cycles) console.error(`Import cycle (types included) among:\n  ${cycle.join('\n  ')}`)
  if (cycles.length) process.exit(1)
  console.log('No import cycles (types included).')
}
