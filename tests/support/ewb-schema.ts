import { readFileSync } from 'node:fs'
import path from 'node:path'
import Ajv, { type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import { GST_STATE_CODES } from '~/utils/gst-states'

// NIC's e-way bill formats as kept in app/features/logistics/nic (README.md there: sources, what is
// verbatim): the bulk-generation file, and the cancel / Part-B / extend requests. Compiled with ajv 8
// as they stand (the kept bulk schema is draft-07; the API ones say draft-04, whose keywords used
// here are the same). Amounts are rupees with paise, so `multipleOf: 0.01` is checked with a
// precision that forgives binary fractions.

const DIR = path.resolve('app/features/logistics/nic')
const read = (file: string) => JSON.parse(readFileSync(path.join(DIR, file), 'utf8')) as Record<string, unknown>

const ajv = () => {
  const a = new Ajv({ allErrors: true, strict: false, multipleOfPrecision: 6 })
  addFormats(a)
  return a
}

const compiled = new Map<string, ValidateFunction>()
function validator(name: string, schema: () => Record<string, unknown>): ValidateFunction {
  let v = compiled.get(name)
  if (!v) {
    const { $schema: _, ...rest } = schema()
    v = ajv().compile(rest)
    compiled.set(name, v)
  }
  return v
}
const errorsOf = (v: ValidateFunction, doc: unknown) =>
  v(doc) ? [] : (v.errors ?? []).map((e) => `${e.instancePath} ${e.message}`)

/** A bulk-generation file checked against the kept schema: the errors, none when valid. */
export const ewbBulkErrors = (file: unknown) =>
  errorsOf(
    validator('bulk', () => read('ewb-bulk.nic-schema.json')),
    file,
  )

export type EwbRequest = 'cancel' | 'vehicleUpdate' | 'extendValidity'
/** A cancel / Part-B / extension request checked against the kept NIC schema. */
export const ewbRequestErrors = (kind: EwbRequest, body: unknown) =>
  errorsOf(
    validator(kind, () => read('ewb-api.nic-schemas.json')[kind] as Record<string, unknown>),
    body,
  )

const STATE_CODES = new Set([...Object.values(GST_STATE_CODES).map(Number), 99])
const paise = (rupees: unknown) => Math.round(Number(rupees) * 100)
const real = (ddmmyyyy: string) => {
  const [d, m, y] = ddmmyyyy.split('/').map(Number)
  const at = new Date(Date.UTC(y!, m! - 1, d!))
  return at.getUTCFullYear() === y && at.getUTCMonth() === m! - 1 && at.getUTCDate() === d
}
const iso = (ddmmyyyy: string) => ddmmyyyy.split('/').reverse().join('-')

type Entry = Record<string, unknown> & { itemList: Record<string, unknown>[] }

/**
 * NIC's rules a schema cannot say, for one billLists entry: sub-supply description only with
 * "Others" and ≤ 20; docNo ≤ 16; real dd/mm/yyyy dates, the document's never after the pickup day;
 * the sums to the paisa; CGST+SGST or IGST; PIN codes; state codes in NIC's list and a GSTIN's
 * state its state code; HSN 4–8 digits. `pickupDay` is YYYY-MM-DD (IST).
 */
export function ewbRuleErrors(entry: Entry, pickupDay: string): string[] {
  const out: string[] = []
  const say = (ok: boolean, message: string) => ok || out.push(`${String(entry.docNo)}: ${message}`)
  const desc = String(entry.subSupplyDesc ?? '')
  say(desc.length <= 20, `subSupplyDesc “${desc}” is over 20 characters`)
  say(entry.subSupplyType === 8 ? desc.length > 0 : desc === '', 'subSupplyDesc goes with sub-supply 8 (Others) only')
  say(String(entry.docNo).length <= 16, 'docNo is over 16 characters')
  for (const key of ['docDate', 'transDocDate'] as const) {
    const value = String(entry[key] ?? '')
    if (key === 'transDocDate' && value === '') continue
    say(/^\d{2}\/\d{2}\/\d{4}$/.test(value) && real(value), `${key} ${value} is not a date dd/mm/yyyy`)
  }
  say(iso(String(entry.docDate)) <= pickupDay, `docDate ${String(entry.docDate)} is after the pickup ${pickupDay}`)
  const items = entry.itemList
  const sum = (key: string) => items.reduce((s, i) => s + paise(i[key]), 0)
  say(paise(entry.totalValue) === sum('taxableAmount'), 'totalValue is not the sum of the items’ taxable amounts')
  say(
    paise(entry.totInvValue) ===
      paise(entry.totalValue) +
        paise(entry.cgstValue) +
        paise(entry.sgstValue) +
        paise(entry.igstValue) +
        paise(entry.cessValue) +
        paise(entry.TotNonAdvolVal) +
        paise(entry.OthValue),
    'totInvValue is not totalValue + taxes + other value',
  )
  for (const tax of ['cgst', 'sgst', 'igst'] as const) {
    const expected = items.reduce((s, i) => s + Number(i.taxableAmount) * Number(i[`${tax}Rate`]), 0)
    say(
      Math.abs(paise(entry[`${tax}Value`]) - Math.round(expected)) <= items.length,
      `${tax}Value is not the items’ taxable amounts at their ${tax.toUpperCase()} rates`,
    )
  }
  say(paise(entry.cgstValue) === paise(entry.sgstValue), 'CGST and SGST differ')
  say(paise(entry.igstValue) === 0 || paise(entry.cgstValue) === 0, 'both IGST and CGST+SGST')
  for (const side of ['from', 'to'] as const) {
    const pin = String(entry[`${side}Pincode`])
    say(/^[1-9]\d{5}$/.test(pin), `${side}Pincode ${pin} is not a 6-digit PIN`)
    for (const key of [`${side}StateCode`, `actual${side === 'from' ? 'From' : 'To'}StateCode`])
      say(STATE_CODES.has(Number(entry[key])), `${key} ${String(entry[key])} is not a state code`)
    const gstin = String(entry[`${side}Gstin`])
    if (gstin !== 'URP')
      say(
        Number(gstin.slice(0, 2)) === Number(entry[`${side}StateCode`]),
        `${side}StateCode is not ${side}Gstin’s state`,
      )
  }
  say(
    String(entry.userGstin) === String(entry.supplyType === 'O' ? entry.fromGstin : entry.toGstin),
    'userGstin is not the platform’s side',
  )
  for (const i of items) say(/^\d{4,8}$/.test(String(i.hsnCode)), `hsnCode ${String(i.hsnCode)} is not 4–8 digits`)
  say(String(entry.mainHsnCode) === String(items[0]?.hsnCode), 'mainHsnCode is not the first item’s')
  const vehicle = String(entry.vehicleNo ?? '')
  say(
    vehicle === '' || /^[A-Z]{2}[0-9]{1,2}[A-Z]{0,3}[0-9]{4}$/.test(vehicle),
    `vehicleNo ${vehicle} is not a vehicle number`,
  )
  say(vehicle !== '' || String(entry.transporterId ?? '') !== '', 'neither vehicleNo nor transporterId')
  return out
}
