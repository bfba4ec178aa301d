import path from 'node:path'
import { test, type Page } from '@playwright/test'
import { dbRow, dbValue, signInAs } from '../e2e/support'

// npm run screenshots -- tests/screenshots/issue-51.spec.ts: the pages issue 51 changed, in each of
// the four looks (desktop and phone, JavaScript on and off), under screenshots/<look>/issue-51/, for
// people to look at: the buyer's money pages, a held order as each role reads it, a seller order
// beside its siblings, the QC review and approval of a failed lot, and the labels page.

const ROOT = path.resolve('screenshots')

const shoot = async (page: Page, look: string, name: string, url: string) => {
  await page.goto(url)
  await page.screenshot({ path: path.join(ROOT, look, 'issue-51', `${name}.png`), fullPage: true })
}

test('issue 51 pages', async ({ page }, info) => {
  test.setTimeout(300_000)
  const look = info.project.name
  const held = dbValue<number>(
    "select id from master_orders where credit_hold = 'held' and source = 'cart' order by id limit 1",
  )
  const split = dbValue<number>(
    `select master_order_id from seller_orders group by master_order_id having count(distinct seller_id) > 1
     order by master_order_id limit 1`,
  )
  const failed = dbRow<{ id: number }>(
    `select i.id from qc_inspections i where i.status = 'submitted'
     and exists (select 1 from qc_inspection_lines l where l.inspection_id = i.id and l.verdict = 'reject')
     order by i.id limit 1`,
  )
  const invoice = dbValue<number>(
    `select i.id from buyer_invoices i join users u on u.buyer_id = i.buyer_id
     where u.email = 'buyer@example.com' order by i.id desc limit 1`,
  )
  const roles: [string, string, string][] = [
    ['admin@example.com', 'admin', `/admin/master_orders/${held}`],
    ['internal@example.com', 'internal', `/master_orders/${held}`],
    ['biz_fin@example.com', 'finance', `/biz_fin/master_orders/${held}`],
    ['demand_kam@example.com', 'kam', `/demand_kam/master_orders/${held}`],
  ]
  for (const [email, who, url] of roles) {
    await page.context().clearCookies()
    await signInAs(page, email, /./)
    await shoot(page, look, `held-order-${who}`, url)
  }
  await page.context().clearCookies()
  await signInAs(page, 'biz_fin@example.com', /./)
  await shoot(page, look, 'holds-queue', '/biz_fin/credit_holds')

  await page.context().clearCookies()
  await signInAs(page, 'buyer@example.com', /\/buyer/)
  await shoot(page, look, 'held-order-buyer', `/buyer/master_orders/${held}`)
  await shoot(page, look, 'buyer-invoices', '/buyer/invoices')
  await shoot(page, look, 'buyer-invoice', `/buyer/invoices/${invoice}`)
  await shoot(page, look, 'buyer-outstanding', '/buyer/outstanding')
  await shoot(page, look, 'buyer-payments', '/buyer/payments')
  await shoot(page, look, 'buyer-orders', '/buyer/master_orders')

  await page.context().clearCookies()
  await signInAs(page, 'seller@example.com', /\/seller/)
  await shoot(page, look, 'seller-order-with-siblings', `/seller/master_orders/${split}`)
  await shoot(page, look, 'seller-orders', '/seller/master_orders')
  await shoot(page, look, 'seller-money', '/seller/money')
  await page.context().clearCookies()
  await signInAs(page, 'admin@example.com', /./)
  await shoot(page, look, 'admin-order-with-siblings', `/admin/master_orders/${split}`)
  await shoot(page, look, 'dashboard', '/dashboard')

  await page.context().clearCookies()
  await signInAs(page, 'field_operator@example.com', /\/field_operator/)
  if (failed) await shoot(page, look, 'qc-review-failed', `/field_operator/orders/${failed.id}`)
  await page.context().clearCookies()
  await signInAs(page, 'biz_ops@example.com', /./)
  await shoot(page, look, 'qc-approvals', '/biz_ops_team/approvals/qc')

  await page.context().clearCookies()
  await signInAs(page, 'logistics@example.com', /./)
  const lastMile = dbValue<string>("select code from transport_requests where transport_type = 'last_mile' order by id desc limit 1")
  await shoot(page, look, 'labels', `/toolkit/labels?codes=${encodeURIComponent(lastMile)}`)
})
