// What the toolkit's pages (/toolkit/…) show and their forms' answers. Routes guard (any signed-in
// user) and call these; each user sees and changes only their own links and images.
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { Database } from '#db/database'
import type { Viewer } from '~/auth/session.server'
import { config } from '~/config.server'
import type { FormOutcome } from '~/ui/outcome.server'
import { newIdempotencyKey } from '../idempotency/idempotency.server'
import { utmSchema } from './utm'
import { deleteUtmLink, saveUtmLink, userLinks } from './utm.server'
import { kolkataDay } from '~/utils/format'
import type { PickOption } from '~/features/search/pick'
import { barcodeDataUrl } from './barcodes.server'
import { addressLines, expandLabels, labelSources, MAX_LABEL_CODES, MAX_LABELS, MAX_PACKAGES, qrText, readCodes } from './labels.server'
import { priceLabelsPdf, shippingLabelsPdf, type PriceSize, type ShippingFormat } from './labels-pdf.server'
import { buyerChoice, MAX_COPIES, MAX_PRICE_CODES, MAX_PRICE_LABELS, priceLabels, readBuyerCodes, resolveBuyer, type PriceLabel } from './price-labels.server'

type Reply = SubmissionResult<string[]>

/** The short link's full address, on the origin users reach. */
export const shortUrl = (code: string) => `${config().appUrl.replace(/\/+$/, '')}/u/${code}`

export async function utmPage(db: Database, viewer: Viewer) {
  const links = await userLinks(db, viewer.userId)
  return {
    idempotencyKey: newIdempotencyKey(),
    links: links.map((r) => ({
      id: r.id,
      url: r.url,
      shortUrl: shortUrl(r.code),
      source: r.utm_source,
      medium: r.utm_medium,
      campaign: r.utm_campaign,
      term: r.utm_term,
      content: r.utm_content,
      clicks: Number(r.clicks),
      lastClickedAt: r.last_clicked_at,
      createdAt: r.created_at,
    })),
  }
}
export type UtmPageData = Awaited<ReturnType<typeof utmPage>>

export async function utmAction(db: Database, viewer: Viewer, form: FormData): Promise<FormOutcome<Reply>> {
  const submission = parseWithZod(form, { schema: utmSchema })
  if (submission.status !== 'success') {
    if (form.get('intent') === 'delete') return { status: 'bad-request' }
    return { status: 'invalid', reply: submission.reply() }
  }
  const value = submission.value
  if (value.intent === 'delete') {
    if (!(await deleteUtmLink(db, viewer.userId, value.linkId))) return { status: 'not-found' }
    return { status: 'done', toast: { kind: 'success', message: 'The link is deleted; its short link no longer works.' } }
  }
  const { repeated } = await saveUtmLink(db, viewer.userId, value, value.idempotencyKey)
  return { status: 'done', toast: { kind: 'success', message: repeated ? 'The link was already saved.' : 'The link is saved with its short link.' } }
}

// ---------- Shipping and package labels ----------

export interface LabelsForm {
  codes: string
  format: ShippingFormat
  packages: number
}

function readLabelsForm(url: URL): LabelsForm {
  const params = url.searchParams
  const packages = Number.parseInt(params.get('packages') ?? '1', 10)
  return {
    codes: (params.get('codes') ?? '').slice(0, 2000),
    format: params.get('format') === 'a4' ? 'a4' : 'roll',
    packages: Number.isFinite(packages) ? Math.min(MAX_PACKAGES, Math.max(1, packages)) : 1,
  }
}

async function labelsOf(db: Database, viewer: Viewer, form: LabelsForm) {
  const results = await labelSources(db, viewer, readCodes(form.codes), form.packages)
  const problems = results.flatMap((r) => ('problem' in r ? [r.problem] : []))
  const labels = expandLabels(results.flatMap((r) => ('source' in r ? [r.source] : [])))
  return { problems, labels }
}

export async function labelsPage(db: Database, viewer: Viewer, url: URL) {
  const form = readLabelsForm(url)
  const { problems, labels } = await labelsOf(db, viewer, form)
  const query = new URLSearchParams({ codes: form.codes, format: form.format, packages: String(form.packages) })
  return {
    form,
    problems,
    labels: labels.map((l) => ({ ...l, from: addressLines(l.from), to: addressLines(l.to), code128: barcodeDataUrl('code128', l.orderCode), qr: barcodeDataUrl('qrcode', qrText(l)) })),
    truncated: labels.length >= MAX_LABELS,
    pdfHref: labels.length ? `/toolkit/labels.pdf?${query}` : null,
    limits: { codes: MAX_LABEL_CODES, labels: MAX_LABELS, packages: MAX_PACKAGES },
  }
}
export type LabelsPageData = Awaited<ReturnType<typeof labelsPage>>

const pdfResponse = (pdf: Buffer, filename: string) =>
  new Response(new Uint8Array(pdf), { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${filename}"`, 'Content-Length': String(pdf.byteLength), 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' } })

/** The labels as a PDF; 404 when none of the codes names something the viewer may label. */
export async function labelsPdf(db: Database, viewer: Viewer, url: URL): Promise<Response> {
  const form = readLabelsForm(url)
  const { labels } = await labelsOf(db, viewer, form)
  if (!labels.length) throw new Response('Nothing to label: type the codes of orders or transport requests on the labels page.', { status: 404 })
  return pdfResponse(await shippingLabelsPdf(labels, form.format), `labels-${kolkataDay()}.pdf`)
}

// ---------- Price labels ----------

export interface PriceLabelsForm {
  buyer: string
  codes: string
  size: PriceSize
  copies: number
}

function readPriceForm(url: URL): PriceLabelsForm {
  const params = url.searchParams
  const copies = Number.parseInt(params.get('copies') ?? '1', 10)
  return {
    buyer: (params.get('buyer') ?? '').slice(0, 200),
    codes: (params.get('codes') ?? '').slice(0, 4000),
    size: params.get('size') === 'sheet' ? 'sheet' : 'roll',
    copies: Number.isFinite(copies) ? Math.min(MAX_COPIES, Math.max(1, copies)) : 1,
  }
}

async function priceLabelsOf(db: Database, viewer: Viewer, form: PriceLabelsForm) {
  const choice = buyerChoice(viewer)
  const empty = { labels: [] as PriceLabel[], missing: [] as string[], noPrice: [] as string[] }
  if (choice.mode === 'none') return { choice, buyer: null, buyerProblem: null, choices: [], ...empty }
  let buyer: { id: number; name: string } | null = choice.mode === 'own' ? choice.buyer : null
  let buyerProblem: string | null = null
  let choices: PickOption[] = []
  if (choice.mode === 'pick' && form.buyer.trim()) {
    const found = await resolveBuyer(db, viewer, form.buyer)
    if (found.ok) buyer = found.buyer
    else ({ message: buyerProblem, choices } = found)
  }
  const codes = readBuyerCodes(form.codes)
  const found = buyer ? await priceLabels(db, buyer.id, codes, form.copies) : empty
  return { choice, buyer, buyerProblem, choices, ...found }
}

export async function priceLabelsPage(db: Database, viewer: Viewer, url: URL) {
  const form = readPriceForm(url)
  const result = await priceLabelsOf(db, viewer, form)
  const query = new URLSearchParams({ ...(result.choice.mode === 'pick' && result.buyer ? { buyer: `#${result.buyer.id}` } : {}), codes: form.codes, size: form.size, copies: String(form.copies) })
  return {
    form,
    mode: result.choice.mode,
    buyer: result.buyer,
    buyerProblem: result.buyerProblem,
    choices: result.choices.map((c) => ({ label: c.label, detail: c.detail ?? null, value: `#${c.id}` })),
    missing: result.missing,
    noPrice: result.noPrice,
    labels: result.labels.map((l, i) => ({ ...l, key: `${l.buyerCode}-${i}`, code128: barcodeDataUrl('code128', l.buyerCode) })),
    pdfHref: result.labels.length ? `/toolkit/price-label-generator.pdf?${query}` : null,
    limits: { codes: MAX_PRICE_CODES, copies: MAX_COPIES, labels: MAX_PRICE_LABELS },
  }
}
export type PriceLabelsPageData = Awaited<ReturnType<typeof priceLabelsPage>>

export async function priceLabelsPdfResponse(db: Database, viewer: Viewer, url: URL): Promise<Response> {
  const form = readPriceForm(url)
  const { labels } = await priceLabelsOf(db, viewer, form)
  if (!labels.length) throw new Response('Nothing to label: choose the buyer and type its SKU codes on the price labels page.', { status: 404 })
  return pdfResponse(await priceLabelsPdf(labels, form.size), `price-labels-${kolkataDay()}.pdf`)
}
