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
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/fresh-database.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})
