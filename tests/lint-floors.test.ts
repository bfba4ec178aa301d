import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ESLint } from 'eslint'
import { findCycles } from '../cli/import-cycles'

// The floors hold because the linter fails on a breach (eslint.config.js, cli/import-cycles.ts):
// these probes are what a breach looks like, linted as if they were files of the project.

const onPostgres = process.env.DATABASE_URL?.startsWith('postgres') ?? false

describe.skipIf(onPostgres)('the floors of the code', () => {
  const eslint = new ESLint()
  const rulesBroken = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath })
    return result.messages.map((m) => m.ruleId)
  }

  it('refuses an import from a lower floor to a higher one', async () => {
    expect(
      await rulesBroken('app/platform/probe.ts', "export { ORDER_PORTALS } from '~/features/orders/lens'\n"),
    ).toContain('import-x/no-restricted-paths')
    expect(await rulesBroken('db/probe.ts', "export { loadConfig } from '~/config.server'\n")).toContain(
      'import-x/no-restricted-paths',
    )
    expect(
      await rulesBroken('app/features/qc/probe.ts', "export * from '~/lifecycle/seller-orders.server'\n"),
    ).toContain('import-x/no-restricted-paths')
  })

  it("refuses a feature reaching into another feature's internals, and lets it read what that feature offers", async () => {
    expect(await rulesBroken('app/features/qc/probe.ts', "export * from '../orders/place.server'\n")).toContain(
      'import-x/no-restricted-paths',
    )
    expect(await rulesBroken('app/features/qc/probe.ts', "export * from '../orders/states'\n")).toEqual([])
  }, 30_000)

  it('finds an import cycle, type-only imports included', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cycles-'))
    fs.writeFileSync(path.join(dir, 'a.ts'), "import type { B } from './b'\nexport type A = B[]\n")
    fs.writeFileSync(path.join(dir, 'b.ts'), "import { type A } from './a'\nexport type B = { a: A }\n")
    fs.writeFileSync(path.join(dir, 'c.ts'), "import type { A } from './a'\nexport type C = A\n")
    const files = ['a.ts', 'b.ts', 'c.ts'].map((f) => path.join(dir, f))
    expect(findCycles(files)).toEqual([[files[0], files[1]]])
    fs.writeFileSync(path.join(dir, 'b.ts'), 'export type B = { a: string }\n')
    expect(findCycles(files)).toEqual([])
  })
})
