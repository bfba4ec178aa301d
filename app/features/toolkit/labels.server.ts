import type { Database } from '#db/database'
import type { TransportType } from '#db/types'
import type { Viewer } from '~/auth/session.server'
import { formatQuantity } from '~/utils/quantity'
import { addressChoices, linkedOrderByCode, type LinkedOrder } from '../logistics/requests.server'

// Shipping and package labels (/toolkit/labels): for seller orders (SO-…), sample orders (SMP-…) and
// transport requests (TR-…). A label carries the addresses of the move, the order's code (Code 128),
// "package n of m", the weight, and a QR code of the order and package.

export interface LabelAddress {
  party: string
  label?: string | null
  line1: string
  line2?: string | null
  city: string
  state: string
  pin: string
  phone?: string | null
}

export interface LabelSource {
  orderCode: string
  /** The transport request the label is for, when there is one. */
  requestCode: string | null
  from: LabelAddress
  to: LabelAddress
  packages: number
  weight: string | null
}

export const MAX_LABEL_CODES = 50
export const MAX_LABELS = 200
export const MAX_PACKAGES = 50

/** Codes typed one per line, or separated by commas or spaces: upper-cased, each once, at most MAX_LABEL_CODES. */
export function readCodes(text: string | null): string[] {
  const codes = (text ?? '')
    .toUpperCase()
    .split(/[\s,;]+/)
    .map((c) => c.trim())
    .filter((c) => /^[A-Z0-9-]{1,40}$/.test(c))
  return [...new Set(codes)].slice(0, MAX_LABEL_CODES)
}

const isStaff = (viewer: Viewer) => viewer.company === null
const notFound = (code: string) => ({ code, problem: `No order or transport request you may label has the code ${code}.` })

const snapshot = (json: string): LabelAddress => JSON.parse(json) as LabelAddress

/**
 * What each code's label says, in the order typed: staff label any order or request; a seller
 * labels its own seller orders, from its pickup address to the platform's warehouse (never the
 * buyer's address); anyone else has nothing to label. Orders without a request get the addresses a
 * request of their first move would offer, and `packages` packages.
 */
export async function labelSources(db: Database, viewer: Viewer, codes: string[], packages: number): Promise<Array<{ code: string; source: LabelSource } | { code: string; problem: string }>> {
  const out: Array<{ code: string; source: LabelSource } | { code: string; problem: string }> = []
  for (const code of codes) {
    if (code.startsWith('TR-')) {
      if (!isStaff(viewer)) {
        out.push(notFound(code))
        continue
      }
      const request = await db.selectFrom('transport_requests').select(['code', 'order_code', 'from_json', 'to_json', 'packages', 'weight_grams']).where('code', '=', code).executeTakeFirst()
      if (!request) out.push(notFound(code))
      else out.push({ code, source: { orderCode: request.order_code, requestCode: request.code, from: snapshot(request.from_json), to: snapshot(request.to_json), packages: request.packages, weight: weightOf(request.weight_grams) } })
      continue
    }
    const order = code.startsWith('SO-') || code.startsWith('SMP-') ? await linkedOrderByCode(db, code) : undefined
    const seller = viewer.company?.kind === 'seller' && viewer.company.id
    if (!order || (!isStaff(viewer) && !(seller && order.kind === 'seller_order' && order.sellerId === seller))) {
      out.push(notFound(code))
      continue
    }
    const source = await orderSource(db, order, isStaff(viewer) ? null : 'first_mile', packages)
    out.push(source ? { code, source } : { code, problem: `${code} has no addresses to ship between yet (a pickup address, a warehouse or a shipping address is missing).` })
  }
  return out
}

async function orderSource(db: Database, order: LinkedOrder, onlyType: TransportType | null, packages: number): Promise<LabelSource | null> {
  const ref = `${order.kind === 'sample_order' ? 'SMP' : 'SO'}:${order.id}`
  let query = db.selectFrom('transport_requests').select(['code', 'from_json', 'to_json', 'packages', 'weight_grams']).where('order_ref', '=', ref).where('status', '!=', 'cancelled')
  if (onlyType) query = query.where('transport_type', '=', onlyType)
  const request = await query.orderBy('id', 'desc').limit(1).executeTakeFirst()
  if (request) return { orderCode: order.code, requestCode: request.code, from: snapshot(request.from_json), to: snapshot(request.to_json), packages: request.packages, weight: weightOf(request.weight_grams) }
  const choices = await addressChoices(db, order.kind === 'sample_order' ? 'sample' : 'first_mile', order)
  const [from, to] = [choices.from[0], choices.to[0]]
  if (!from || !to) return null
  return { orderCode: order.code, requestCode: null, from: from.snapshot, to: to.snapshot, packages, weight: null }
}

const weightOf = (grams: number | null) => (grams ? `${formatQuantity(Number(grams))} kg` : null)

/** One label per package, up to MAX_LABELS in all. */
export function expandLabels(sources: LabelSource[]) {
  const labels: Array<LabelSource & { n: number; key: string }> = []
  for (const source of sources) {
    for (let n = 1; n <= source.packages && labels.length < MAX_LABELS; n++) labels.push({ ...source, n, key: `${source.requestCode ?? source.orderCode}-${n}` })
  }
  return labels
}

/** The QR code's text: the order and the package. */
export const qrText = (label: { orderCode: string; n: number; packages: number }) => `${label.orderCode} ${label.n}/${label.packages}`

export const addressLines = (a: LabelAddress) => [a.party, a.label, a.line1, a.line2, `${a.city}, ${a.state} ${a.pin}`, a.phone ? `Phone ${a.phone}` : null].filter((line): line is string => Boolean(line))
