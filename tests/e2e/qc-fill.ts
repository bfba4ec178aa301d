import type { Page } from '@playwright/test'
import { relativeBounds } from '../../app/features/qc/relative'
import { demoValue } from '../../seed/qc'
import { dbValue } from './support'

// Fills an inspection form on the phone as the demo would: every condition met (a relative one
// against the line's SKU), the lot in units where the line is not in pieces, one clean roll on a
// fabric line (4 points), and the quantities.

type Line = { id: number; q: number; c: number; method: string; unit: string; attrs: string }
type Condition = {
  id: number
  operator: string
  min_value: string | null
  max_value: string | null
  values_json: string | null
  tolerance: 'fixed' | 'percent' | 'units'
  attribute_key: string
}

export function inspectionLines(inspectionId: number): Line[] {
  return JSON.parse(
    dbValue<string>(
      `select json_group_array(json_object('id', l.id, 'q', l.quantity_milli, 'c', l.category_id, 'method', c.qc_method, 'unit', p.unit, 'attrs', s.attributes_json))
       from sub_orders l join qc_inspections i on i.seller_order_id = l.seller_order_id join categories c on c.id = l.category_id
       join products p on p.id = c.product_id join product_skus s on s.id = l.product_sku_id where i.id = ?`,
      inspectionId,
    ),
  ) as Line[]
}

/** Each measured value that meets its condition, and (unless `quantities` is false) the quantities. */
export async function fillInspection(
  page: Page,
  inspectionId: number,
  rejectedShare: number,
  options: { quantities?: boolean; rolls?: boolean } = {},
) {
  const lines = inspectionLines(inspectionId)
  for (const line of lines) {
    const conditions = JSON.parse(
      dbValue<string>(
        `select json_group_array(json_object('id', id, 'operator', operator, 'min_value', min_value, 'max_value', max_value, 'values_json', values_json, 'tolerance', tolerance, 'attribute_key', attribute_key)) from conditions where category_id = ? and active = 1`,
        line.c,
      ),
    ) as Condition[]
    const attributes = JSON.parse(line.attrs) as Record<string, string>
    for (const c of conditions) {
      let rule = c
      if (c.tolerance !== 'fixed') {
        const bounds = relativeBounds(c, attributes[c.attribute_key])
        rule = bounds.ok
          ? { ...c, min_value: bounds.min_value, max_value: bounds.max_value }
          : { ...c, values_json: JSON.stringify([attributes[c.attribute_key] ?? '']) }
      }
      await page.locator(`#value-${line.id}-${c.id}`).fill(demoValue(rule))
    }
    if (line.method === 'aql' && (await page.locator(`#lot-${line.id}`).count()))
      await page.locator(`#lot-${line.id}`).fill('60')
    if (line.method === 'four_point' && options.rolls !== false) {
      await page.locator(`#roll-${line.id}-0-length`).fill('50')
      await page.locator(`#roll-${line.id}-0-width`).fill('147')
    }
    if (options.quantities === false) continue
    const rejected = Math.round((line.q * rejectedShare) / 1000) * 1000
    await page.locator(`#line-${line.id}-accepted`).fill(String((line.q - rejected) / 1000))
    await page.locator(`#line-${line.id}-rejected`).fill(String(rejected / 1000))
  }
  return lines
}
