import os from 'node:os'
import path from 'node:path'
import { defineConfig } from 'vitest/config'
import { TEST_PASSWORD_HASH_COST } from './tests/support/paths'
import LongFilesFirst from './tests/support/sequencer'

// Password hashes at the suites' cost, in the template database and in every worker and child process.
process.env.PASSWORD_HASH_COST ??= TEST_PASSWORD_HASH_COST

export default defineConfig({
  resolve: {
    alias: {
      '~': path.resolve('app'),
      '#db': path.resolve('db'),
    },
  },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'db/**/*.test.ts', 'seed/**/*.test.ts', 'tests/*.test.ts'],
    globals: true,
    environment: 'node',
    pool: 'forks',
    // A worker keeps the modules it imported from one file to the next (each file still gets its own
    // database: tests/support/fresh-database.ts); importing the app anew for every file was a fifth of
    // a pass. VITEST_ISOLATE=true isolates every file again.
    isolate: process.env.VITEST_ISOLATE === 'true',
    // Every core (vitest leaves one idle by default: on 2 cores that halves the speed). Files wait on
    // password hashing and servers as much as on the CPU.
    maxWorkers: Math.max(2, os.availableParallelism()),
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/fresh-database.ts'],
    // The few long files first, so none of them runs alone at the end (tests/support/sequencer.ts).
    sequence: { sequencer: LongFilesFirst },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})
