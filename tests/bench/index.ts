// npm run bench: every benchmark of the repo, against the built server (run `npm run build` first).
import { benchCompanies } from './companies'
import { benchShell } from './shell'

const suites: [string, () => Promise<string[]>][] = [
  ['Platform shell', benchShell],
  ['Buyers list at 100,000 buyers', () => benchCompanies()],
]

for (const [name, run] of suites) {
  console.log(`\n## ${name}`)
  for (const row of await run()) console.log(row)
}
