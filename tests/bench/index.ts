// npm run bench: every benchmark of the repo, against the built server (run `npm run build` first).
import { benchShell } from './shell'

const suites: [string, () => Promise<string[]>][] = [['Platform shell', benchShell]]

for (const [name, run] of suites) {
  console.log(`\n## ${name}`)
  for (const row of await run()) console.log(row)
}
