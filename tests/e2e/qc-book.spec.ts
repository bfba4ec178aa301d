import { expect, test, type Page } from '@playwright/test'
import { fillInspection } from './qc-fill'
import { dbRow, dbValue, signInAs } from './support'

// QC by the book on a phone (docs/domain.md "QC by the book"), with JavaScript and without: the field operator
// inspects a garments lot by AQL (the sample to draw, defects counted by class, the verdict before
// sending) and a fabric lot by the 4-point system (rolls, defects and points, the rolls over the
// limit, the verdict), and sends both; business operations see each verdict with the decision it
// offers by default, and accept the fabric lot less its roll over the limit. The demo (seed/qc-book.ts) schedules two of each
// for the operator first: the journey without JavaScript takes the first, the one with it the second.

const OPERATOR = 'field_operator@example.com'
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

function scheduledOf(product: string, js: boolean) {
  return dbRow<{ id: number; code: string; line: number }>(
    `select i.id, i.code, l.id as line from qc_inspections i join users u on u.id = i.operator_id
     join sub_orders l on l.seller_order_id = i.seller_order_id join categories c on c.id = l.category_id
     join products p on p.id = c.product_id
     where u.email = ? and i.status <> 'cancelled' and p.slug = ? and c.qc_method <> 'none'
     order by i.id limit 1 offset ?`,
    OPERATOR,
    product,
    js ? 1 : 0,
  )
}

async function send(phone: Page) {
  // Nothing wider than the phone.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await phone.getByRole('button', { name: 'Review the results' }).click()
  await expect(phone.getByRole('heading', { name: 'Check before you send' })).toBeVisible()
}

test('the operator inspects a garments lot by AQL and a fabric lot by 4-point rolls on a phone; business operations see each verdict and its default decision, and accept the fabric lot less its roll over the limit', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000)
  const js = testInfo.project.use.javaScriptEnabled !== false
  const garments = scheduledOf('garments', js)
  const fabric = scheduledOf('fabric', js)
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled: js, baseURL: testInfo.project.use.baseURL })
  const phone = await context.newPage()
  await signInAs(phone, OPERATOR, '/field_operator')

  // 1. Garments, 200 pieces at level II: code letter G, 32 pieces to draw; major AQL 2.5 accepts 2, minor 4.0 accepts 3.
  await phone.goto(`/field_operator/orders/${garments.id}`)
  await expect(phone.getByText(/Code letter G · draw 32 units of 200/)).toBeVisible()
  const plan = phone.getByRole('table', { name: /Sampling plan of line/ })
  await expect(plan.getByRole('row', { name: /^Major 2\.5 2 3/ })).toBeVisible()
  await fillInspection(phone, garments.id, 0, { quantities: false })
  await phone.getByLabel('Open seam').fill('2')
  await phone.getByLabel('Broken stitch').fill('1')
  await phone.getByLabel('Stain').fill('2')
  const verdict = phone.locator(`output[data-verdict-for="${garments.line}"]`)
  if (js) {
    // Live as the counts change, and the quantities follow the verdict while left to it.
    await expect(verdict).toContainText('Reject (critical 0 of Ac 0, major 3 of Ac 2: rejected, minor 2 of Ac 3)')
    await expect(phone.locator(`#line-${garments.line}-rejected`)).toHaveValue('200')
    await phone.getByLabel('Broken stitch').fill('')
    await expect(verdict).toContainText('Accept (critical 0 of Ac 0, major 2 of Ac 2, minor 2 of Ac 3)')
    await expect(phone.locator(`#line-${garments.line}-accepted`)).toHaveValue('200')
    await phone.getByLabel('Broken stitch').fill('1')
    await expect(verdict).toContainText('Reject')
  } else {
    // Without JavaScript the server works it out: "Show the verdict" answers the form with what was typed.
    await phone.getByRole('button', { name: 'Show the verdict' }).first().click()
    await expect(verdict).toContainText('Reject (critical 0 of Ac 0, major 3 of Ac 2: rejected, minor 2 of Ac 3)')
    await expect(phone.getByLabel('Open seam')).toHaveValue('2')
  }
  await send(phone)
  await expect(phone.locator('.line-verdict')).toContainText('Verdict: Reject')
  await expect(phone.getByText('Accepted 0 pcs · rejected 200 pcs of 200 pcs')).toBeVisible()
  await phone.getByRole('button', { name: 'Send the results' }).click()
  await expect(phone.getByRole('heading', { name: /^Received at \d\d:\d\d$/ })).toBeVisible()
  await expect(phone.getByText('Now: waiting for approval.')).toBeVisible()
  expect(
    dbRow(
      `select verdict, code_letter, sample_size, lot_units from qc_inspection_lines where inspection_id = ?`,
      garments.id,
    ),
  ).toEqual({ verdict: 'reject', code_letter: 'G', sample_size: 32, lot_units: 200 })
  expect(dbValue<number>(`select sum(count) from qc_defect_counts where inspection_id = ?`, garments.id)).toBe(5)

  // 2. Fabric by 4 points: roll 11 clean but for a slub and a hole; roll 12, short, full of holes.
  await phone.goto(`/field_operator/orders/${fabric.id}`)
  await fillInspection(phone, fabric.id, 0, { quantities: false, rolls: false })
  const roll = (n: number) => phone.locator(`fieldset[data-roll="${n}"]`)
  await roll(0).getByLabel('Roll tag').fill('A-11')
  await roll(0).getByLabel('Shade or dye lot').fill('A')
  await roll(0).getByLabel('Length (m)').fill('50')
  await roll(0).getByLabel('Cuttable width (cm)').fill('147')
  await roll(0).getByLabel('Roll 1 defect 1').selectOption({ label: 'Slub' })
  await roll(0).getByLabel('Length').nth(1).fill('4')
  await roll(0).getByLabel('Roll 1 defect 2').selectOption({ label: 'Hole (hole: 4 points)' })
  await roll(1).getByLabel('Roll tag').fill('r12')
  await roll(1).getByLabel('Shade or dye lot').fill('B')
  await roll(1).getByLabel('Length (m)').fill('10')
  await roll(1).getByLabel('Cuttable width (cm)').fill('147')
  for (const n of [1, 2, 3])
    await roll(1).getByLabel(`Roll 2 defect ${n}`).selectOption({ label: 'Hole (hole: 4 points)' })
  // Three more defect rows on roll 2: the form comes back with everything typed kept.
  await roll(1).getByRole('button', { name: 'More defects on roll 2' }).click()
  await expect(roll(1).getByLabel('Roll 2 defect 3')).toHaveValue(/\d+/)
  await expect(roll(0).getByLabel('Length (m)')).toHaveValue('50')
  for (const n of [4, 5, 6])
    await roll(1).getByLabel(`Roll 2 defect ${n}`).selectOption({ label: 'Hole (hole: 4 points)' })
  const fabricVerdict = phone.locator(`output[data-verdict-for="${fabric.line}"]`)
  if (js) {
    await expect(fabricVerdict).toContainText(
      'Accept (28.44 points per 100 sq yd, limit 40) · rolls over the limit: r12',
    )
  } else {
    await phone.getByRole('button', { name: 'Show the verdict' }).click()
    await expect(fabricVerdict).toContainText('Accept (28.44 points per 100 sq yd, limit 40)')
    await expect(phone.getByText('Rolls over the limit: r12')).toBeVisible()
  }
  await send(phone)
  const rolls = phone.getByRole('table', { name: /Rolls of line/ })
  await expect(rolls.getByRole('row', { name: /^A-11 A 6 6\.83$/ })).toBeVisible()
  await expect(rolls.getByRole('row', { name: /^r12 B 24 136\.51 \(over 40\)$/ })).toBeVisible()
  await expect(phone.locator('.line-verdict')).toContainText('Verdict: Accept')
  // One sentence from the whole verdict; the proposal leaves out the roll over the limit (issue 51).
  await expect(phone.getByText(/^Roll r12 of line 1 is over the points limit of 40/)).toBeVisible()
  await expect(phone.getByText('Accepted 140 m · rejected 10 m of 150 m')).toBeVisible()
  await phone.getByRole('button', { name: 'Send the results' }).click()
  await expect(phone.getByRole('heading', { name: /^Received at \d\d:\d\d$/ })).toBeVisible()
  await expect(phone.getByText('Now: waiting for approval.')).toBeVisible()
  expect(
    dbRow(`select verdict, points_per_100, lot_units from qc_inspection_lines where inspection_id = ?`, fabric.id),
  ).toEqual({ verdict: 'accept', points_per_100: 2844, lot_units: 2 })
  expect(dbValue<number>(`select count(*) from qc_rolls where inspection_id = ? and accepted = 0`, fabric.id)).toBe(1)
  await context.close()

  // 3. Business operations at a desk: each card shows what the plan found, and the action offered is
  // the one the verdict says. The garments lot the plan rejected cannot simply be approved: Reject is
  // what is offered (it is left waiting here: a rejection would tighten the seller's inspection of
  // garments, which the journey with the other setting may be reading at the same time). The fabric
  // lot, within its limit but with a roll over it, is accepted less that roll (issue 51).
  const desk = await browser.newContext({ javaScriptEnabled: js, baseURL: testInfo.project.use.baseURL })
  const page = await desk.newPage()
  await signInAs(page, 'biz_ops@example.com', '/biz_ops_team')
  await page.goto(`/biz_ops_team/approvals/qc?q=${garments.code}`)
  const garmentsCard = page.locator('section.qc-card').filter({ hasText: garments.code })
  await expect(garmentsCard.getByText('Plan’s verdict: reject').first()).toBeVisible()
  await expect(garmentsCard.getByText('Open seam').first()).toBeVisible()
  await expect(garmentsCard.getByRole('button', { name: `Approve: QC passed (${garments.code})` })).toHaveCount(0)
  await expect(garmentsCard.getByRole('button', { name: `Reject: QC failed (${garments.code})` })).toBeVisible()

  await page.goto(`/biz_ops_team/approvals/qc?q=${fabric.code}`)
  const fabricCard = page.locator('section.qc-card').filter({ hasText: fabric.code })
  await expect(fabricCard.getByText('Plan’s verdict: accept').first()).toBeVisible()
  await expect(fabricCard.getByText('Roll r12 of line 1 is over the points limit of 40.')).toBeVisible()
  // The rolls by shade: each dye lot's own figure (B, the short roll full of holes, far over the limit).
  const shades = fabricCard.getByRole('table', { name: /^By shade or dye lot/ })
  await expect(shades.getByRole('row', { name: /^A 1 6 6\.83$/ })).toBeVisible()
  await expect(shades.getByRole('row', { name: /^B 1 24 136\.51$/ })).toBeVisible()
  // The roll over the limit is not accepted by default: the decision offered is the lot less it.
  await expect(fabricCard.getByRole('button', { name: `Approve: QC passed (${fabric.code})` })).toHaveCount(0)
  const part = fabricCard.getByRole('form', { name: `Partly approve ${fabric.code}` })
  await part.getByLabel('Why').fill('Roll r12 is over the points limit')
  await part.getByRole('button', { name: `Partly approve: accept the accepted part (${fabric.code})` }).click()
  await expect(page.getByRole('status').getByText(new RegExp(`^${fabric.code} is partly accepted`))).toBeVisible()
  expect(dbValue<string>('select status from qc_inspections where id = ?', fabric.id)).toBe('partly_approved')
  expect(dbValue<number>('select accepted_milli from qc_inspection_lines where inspection_id = ?', fabric.id)).toBe(
    140_000,
  )
  await desk.close()
})
