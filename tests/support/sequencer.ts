// The order vitest starts test files in: the few long ones first, then vitest's own order. Without
// its cache (a fresh checkout, as in CI) vitest starts larger files first, and the longest files are
// short ones that loop over every route: they started last and ran on alone at the end of the pass.
import fs from 'node:fs'
import path from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** Longest first (seconds on two cores, SQLite / PostgreSQL, at stop 31). */
export const LONG_FILES = [
  'tests/access-matrix.test.ts', // 78 / 112
  'tests/fuzz-forms-1.test.ts', // 47 / 60
  'tests/fuzz-forms-2.test.ts', // 33 / 45
  'tests/confidentiality-markers.test.ts', // 26 / 50 (under a load of 9 on two cores)
  'tests/machines.test.ts', // 22 / 16, mostly waiting for the two servers' workers to tick
  'tests/link-crawl.test.ts', // 8-18 / 16 (alone; 33 beside the access matrix)
  'tests/durability.test.ts', // 19
  'tests/uploads-matrix.test.ts', // 15
  'tests/processes.test.ts', // 12
  'tests/startup.test.ts', // 7
  'tests/rolling-upgrade.test.ts', // 7
  'tests/server-security.test.ts', // 7
]

export default class LongFilesFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const ordered = await super.sort(files)
    const rank = (file: TestSpecification) => {
      const at = LONG_FILES.indexOf(path.relative(process.cwd(), file.moduleId))
      return at < 0 ? LONG_FILES.length : at
    }
    return ordered.sort((a, b) => rank(a) - rank(b))
  }
}

/** Every file named above exists (a renamed one would silently go back to the end). */
export const missingLongFiles = () => LONG_FILES.filter((file) => !fs.existsSync(file))
