import { defineConfig } from '@playwright/test'
import base from './playwright.config'

// npm run screenshots: the e2e server and browser, four looks at every page.
export default defineConfig({
  ...base,
  testDir: 'tests/screenshots',
  outputDir: 'test-results/screenshots',
  projects: [
    { name: 'desktop-js', use: { javaScriptEnabled: true, viewport: { width: 1280, height: 800 } } },
    { name: 'desktop-no-js', use: { javaScriptEnabled: false, viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone-js',
      use: {
        javaScriptEnabled: true,
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 1,
      },
    },
    {
      name: 'phone-no-js',
      use: {
        javaScriptEnabled: false,
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 1,
      },
    },
  ],
})
