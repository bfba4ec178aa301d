import os from 'node:os'
import path from 'node:path'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    alias: {
      '~': path.resolve('app'),
      '#db': path.resolve('db'),
    },
  },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'db/**/*.test.ts', 'tests/*.test.ts'],
    globals: true,
    environment: 'node',
    pool: 'forks',
    // Every core (vitest leaves one idle by default: on 2 cores that halves the speed). Files wait on
    // password hashing and servers as much as on the CPU.
    maxWorkers: Math.max(2, os.availableParallelism()),
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/fresh-database.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})
