import path from 'node:path'
import { test, type Browser, type Locator, type Page } from '@playwright/test'
import { signInAs } from '../e2e/support'

// npm run screenshots:docs: the small pictures docs/ui.md shows, one per component, as JPEGs in
// docs/images/ (committed, so each is kept small: a crop, quality 60). Only run when asked for,
// since dates in the pages change every run.
test.skip(!process.env.DOCS_SHOTS, 'run by npm run screenshots:docs')
test.describe.configure({ mode: 'serial' })

const OUT = path.resolve('docs/images')
const STAFF = 'internal@example.com'
const DESKTOP = { width: 1280, height: 800 }
const PHONE = { width: 390, height: 844 }

async function open(browser: Browser, options: { phone?: boolean; js: boolean }, email = STAFF): Promise<Page> {
  const context = await browser.newContext({ viewport: options.phone ? PHONE : DESKTOP, javaScriptEnabled: options.js, baseURL: test.info().project.use.baseURL })
  const page = await context.newPage()
  await signInAs(page, email, /\/dashboard$/)
  return page
}

/** A crop of what the locator covers (at most `maxHeight` px), with a little margin. */
async function shot(page: Page, target: Locator, name: string, maxHeight = 520) {
  // Page coordinates (a full-page clip is measured from the top of the document, not the viewport).
  const box = await target.first().evaluate((element) => {
    const rect = element.getBoundingClientRect()
    return { x: rect.x + window.scrollX, y: rect.y + window.scrollY, width: rect.width, height: rect.height }
  })
  const margin = 8
  const clip = { x: Math.max(0, box.x - margin), y: Math.max(0, box.y - margin), width: box.width + 2 * margin, height: Math.min(box.height + 2 * margin, maxHeight) }
  await page.screenshot({ path: path.join(OUT, `${name}.jpg`), type: 'jpeg', quality: 60, clip, fullPage: true })
}

test('component pictures for docs/ui.md', async ({ browser }) => {
  test.setTimeout(180_000)
  // A home's figures, each a link to its list.
  const desk = await open(browser, { js: false })
  await shot(desk, desk.getByRole('list', { name: 'Figures' }), 'home-figures')
  // A list: filters, the count line, sortable headers.
  await desk.goto('/skus/fabric_skus')
  await shot(desk, desk.locator('main'), 'list-desktop', 560)
  // A record page: read-only facts and an Edit button.
  await desk.goto('/skus/fabric_skus/5')
  await shot(desk, desk.locator('main'), 'record-page', 420)
  // A refused form: the summary at its top, the message at the field, a picker's choices.
  await desk.goto('/skus/buyer_skus/create')
  await desk.getByLabel('Buyer', { exact: true }).fill('indigo')
  await desk.getByRole('button', { name: 'Add buyer SKU' }).click()
  await shot(desk, desk.locator('form.card'), 'error-summary', 640)
  await shot(desk, desk.locator('.field', { has: desk.locator('.pick-choices') }), 'picker-choices')
  // History in words.
  await desk.goto('/skus/buyer_skus/3/edit')
  await shot(desk, desk.getByRole('region', { name: 'History' }), 'history')

  // With JavaScript: the picker's combobox and the confirmation dialog.
  const live = await open(browser, { js: true })
  await live.goto('/skus/buyer_skus/create')
  const buyer = live.getByRole('combobox', { name: 'Buyer' })
  await buyer.click()
  await buyer.pressSequentially('indigo')
  await live.getByRole('listbox').waitFor()
  const field = live.locator('.field', { has: buyer })
  const fieldBox = (await field.boundingBox())!
  const listBox = (await live.getByRole('listbox').boundingBox())!
  // The form is at the top of the page, unscrolled: viewport and page coordinates agree.
  await live.screenshot({
    path: path.join(OUT, 'picker-combobox.jpg'),
    type: 'jpeg',
    quality: 60,
    clip: { x: fieldBox.x - 8, y: fieldBox.y - 8, width: Math.max(fieldBox.width, listBox.width) + 16, height: listBox.y + listBox.height - fieldBox.y + 16 },
  })
  await live.goto('/skus/fabric_skus/5')
  await live.getByRole('button', { name: 'Archive SKU' }).click()
  await shot(live, live.getByRole('dialog'), 'confirm-dialog')

  // On a phone: a list as cards, and the menu drawer (no JavaScript needed).
  const phone = await open(browser, { phone: true, js: false })
  await phone.goto('/skus/fabric_skus')
  await shot(phone, phone.locator('table'), 'list-phone', 700)
  await phone.locator('details.menu-drawer > summary').click()
  await shot(phone, phone.locator('details.menu-drawer'), 'phone-menu', 600)
})
