import fs from 'node:fs'
import path from 'node:path'
import type { RoleKey } from '#db/types'
import { mayEnter, mayUseSection } from './portals'
import type { SectionKey } from './sections'

// docs/domain.md keeps the role x section table; the code (and so the access matrix, which asks the
// code) must say exactly what it says.
const doc = fs.readFileSync(path.resolve(__dirname, '../../docs/domain.md'), 'utf8')
const header = doc.split('\n').findIndex((line) => line.startsWith('| role | own portal |'))
const rows = doc
  .split('\n')
  .slice(header + 2)
  .filter((line, i, all) => all.slice(0, i + 1).every((l) => l.startsWith('|')))
  .map((line) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim()),
  )

const MAIN_COLUMNS = [2, 3, 4, 5, 6, 7]
const SECTION_COLUMNS: [number, SectionKey][] = [
  [8, 'transport'],
  [9, 'transport_bills'],
  [10, 'transport_dues'],
  [11, 'money'],
]
const ROLES: RoleKey[] = [
  'buyer',
  'seller',
  'admin',
  'dev_admin',
  'catalog_manager',
  'demand_kam',
  'biz_ops',
  'biz_fin',
  'logistics',
  'field_operator',
  'supplier_admin',
  'supplier_agent',
  'internal',
]

describe('the role x section table of docs/domain.md', () => {
  it('has a row for every role', () => {
    expect(header).toBeGreaterThan(0)
    expect(rows.map((r) => r[0]).sort()).toEqual([...ROLES].sort())
  })

  it.each(ROLES)('says what the code lets %s do in every section', (role) => {
    const row = rows.find((r) => r[0] === role)!
    for (const column of MAIN_COLUMNS)
      expect(row[column], `${role}, column ${column}`).toBe(mayEnter([role], 'main') ? 'work' : '—')
    for (const [column, section] of SECTION_COLUMNS) {
      const said = mayUseSection([role], section, 'act')
        ? 'work'
        : mayUseSection([role], section, 'read')
          ? 'read'
          : '—'
      expect(row[column], `${role} in ${section}`).toBe(said)
    }
    expect(row[12]).toBe('work')
  })
})
