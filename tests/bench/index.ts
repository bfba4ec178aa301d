// npm run bench: every benchmark of the repo, against the built server (run `npm run build` first).
import { restoreNodeEnv } from './production'
import { budgetTable, inSuite } from './budgets'
import { benchBundle } from './bundle'
import { benchCatalogue } from './catalogue'
import { benchCompanies } from './companies'
import { benchHostileImports } from './hostile-imports'
import { benchImports } from './imports'
import { benchOrders } from './orders'
import { benchOverhead } from './overhead'
import { benchPlayground } from './playground'
import { benchQc } from './qc'
import { benchLogistics } from './logistics'
import { benchLoad } from './load'
import { benchReports } from './reports'
import { benchSamples } from './samples'
import { benchSetup } from './setup'
import { benchShell } from './shell'
import { benchSignup } from './signup'

restoreNodeEnv()

const suites: [string, () => Promise<string[]>][] = [
  ['JavaScript per route', benchBundle],
  ['Platform shell', benchShell],
  ['Sign-up: a taken e-mail answers in the time of a new one', benchSignup],
  ['Companies and users at scale', benchCompanies],
  ['Catalogue at scale', benchCatalogue],
  ['Master orders at scale', benchOrders],
  ['Samples: sample orders at scale', benchSamples],
  ['QC: inspections at scale', benchQc],
  ['Logistics and money at scale', benchLogistics],
  ['Reports and the dashboard at scale', benchReports],
  ['Imports: 100,000 rows of a file, previewed and applied', benchImports],
  ['Hostile import files: /healthz while each is refused', benchHostileImports],
  ['Request overhead against a bare Remix page', benchOverhead],
  ['Image playground: sign-in while four users render large images', benchPlayground],
  ['Load: 50 connections over a mix of pages and forms', benchLoad],
  ['Setup and tests: npm install && npm start, npm test', benchSetup],
]
// `npm run bench -- companies` runs only the suites whose name contains the word.
const only = process.argv[2]?.toLowerCase()

for (const [name, run] of suites.filter(([name]) => !only || name.toLowerCase().includes(only))) {
  console.log(`\n## ${name}`)
  inSuite(name)
  for (const row of await run()) console.log(row)
}

// Every budget the suites measured, in one table.
const table = budgetTable()
if (table.length) console.log(['', '## Budgets', ...table].join('\n'))
