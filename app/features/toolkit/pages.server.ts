// What the toolkit's pages (/toolkit/…) show and their forms' answers. Routes guard (any signed-in
// user) and call these; each user sees and changes only their own links and images.
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { Database } from '#db/database'
import type { Viewer } from '~/auth/session.server'
import { config } from '~/config.server'
import type { FormOutcome } from '~/ui/outcome.server'
import { newIdempotencyKey } from '~/platform/idempotency.server'
import { isStaff } from '~/auth/portals'
import { buildUtmUrl, urlProblem, utmSchema } from './utm'
import { deleteUtmLink, saveUtmLink, shortLinkAllowed, shortLinkHostProblem, userLinks } from './utm.server'
import { kolkataDay } from '~/utils/format'
import { readId } from '~/utils/list-params'
import { disposition, isFileError, MAX_IMAGE_PIXELS, uploadedFileHeaders } from '../assets/files.server'
import { imagesSchema, MAX_SIDE, opsQuery, readImageOps } from './images'
import {
  checkPlaygroundImage,
  deletePlaygroundImage,
  playgroundImage,
  playgroundImages,
  PLAYGROUND_MAX_BYTES,
  PLAYGROUND_RULES,
  renderEtag,
  renderForUser,
  savePlaygroundImage,
  TooLargeRender,
} from './images.server'
import { RenderBusy } from './render-limits.server'
import type { PickOption } from '~/platform/pick'
import { barcodeDataUrl } from './barcodes.server'
import {
  addressLines,
  expandLabels,
  labelFacts,
  labelHeading,
  labelSources,
  MAX_LABEL_CODES,
  MAX_LABELS,
  MAX_PACKAGES,
  qrText,
  readCodes,
} from './labels.server'
import { priceLabelsPdf, shippingLabelsPdf, type PriceSize, type ShippingFormat } from './labels-pdf.server'
import {
  buyerChoice,
  MAX_COPIES,
  MAX_PRICE_CODES,
  MAX_PRICE_LABELS,
  priceLabels,
  readBuyerCodes,
  resolveBuyer,
  type PriceLabel,
} from './price-labels.server'

type Reply = SubmissionResult<string[]>

/** The short link's full address, on the origin users reach. */
export const shortUrl = (code: string) => `${config().appUrl.replace(/\/+$/, '')}/u/${code}`

const TAG_FIELDS = ['url', 'source', 'medium', 'campaign', 'term', 'content'] as const

/**
 * The UTM page. Staff save links with a short link (to our own sites only); anyone else tags a link
 * with a GET form (the tagged link is on the page, nothing is saved), and still sees and may delete
 * links they saved before short links were staff's.
 */
export async function utmPage(db: Database, viewer: Viewer, query: URLSearchParams = new URLSearchParams()) {
  const links = await userLinks(db, viewer.userId)
  const mayShorten = isStaff(viewer.roles)
  const tags = Object.fromEntries(TAG_FIELDS.map((name) => [name, (query.get(name) ?? '').slice(0, 2000)])) as Record<
    (typeof TAG_FIELDS)[number],
    string
  >
  const asked = !mayShorten && tags.url !== ''
  return {
    idempotencyKey: newIdempotencyKey(),
    mayShorten,
    shortLinkHosts: mayShorten ? config().shortLinkHosts : [],
    // A GET tagging (not staff): what was typed, and the tagged link or why there is none.
    tagging: asked
      ? {
          tags,
          tagged: buildUtmUrl(tags),
          problem:
            urlProblem(tags.url.trim()) ??
            (tags.source.trim() && tags.medium.trim() && tags.campaign.trim()
              ? null
              : 'Enter the source, medium and campaign'),
        }
      : null,
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
    return {
      status: 'done',
      toast: { kind: 'success', message: 'The link is deleted; its short link no longer works.' },
    }
  }
  // Short links are staff's, and lead only to our own sites: anyone else would have an open redirector.
  if (!isStaff(viewer.roles))
    return { status: 'forbidden', message: 'Only our staff make short links; you can still tag a link on this page.' }
  if (!shortLinkAllowed(value.url))
    return { status: 'invalid', reply: submission.reply({ fieldErrors: { url: [shortLinkHostProblem()] } }) }
  const { repeated } = await saveUtmLink(db, viewer.userId, value, value.idempotencyKey)
  return {
    status: 'done',
    toast: {
      kind: 'success',
      message: repeated ? 'The link was already saved.' : 'The link is saved with its short link.',
    },
  }
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
    labels: labels.map((l) => ({
      ...l,
      from: addressLines(l.from),
      to: addressLines(l.to),
      heading: labelHeading(l),
      facts: labelFacts(l),
      code128: barcodeDataUrl('code128', l.orderCode),
      qr: barcodeDataUrl('qrcode', qrText(l)),
    })),
    truncated: labels.length >= MAX_LABELS,
    pdfHref: labels.length ? `/toolkit/labels.pdf?${query}` : null,
    limits: { codes: MAX_LABEL_CODES, labels: MAX_LABELS, packages: MAX_PACKAGES },
  }
}
export type LabelsPageData = Awaited<ReturnType<typeof labelsPage>>

const pdfResponse = (pdf: Buffer, filename: string) =>
  new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Content-Length': String(pdf.byteLength),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })

/** The labels as a PDF; 404 when none of the codes names something the viewer may label. */
export async function labelsPdf(db: Database, viewer: Viewer, url: URL): Promise<Response> {
  const form = readLabelsForm(url)
  const { labels } = await labelsOf(db, viewer, form)
  if (!labels.length)
    throw new Response('Nothing to label: type the codes of orders or transport requests on the labels page.', {
      status: 404,
    })
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
  const query = new URLSearchParams({
    ...(result.choice.mode === 'pick' && result.buyer ? { buyer: `#${result.buyer.id}` } : {}),
    codes: form.codes,
    size: form.size,
    copies: String(form.copies),
  })
  return {
    form,
    mode: result.choice.mode,
    buyer: result.buyer,
    buyerProblem: result.buyerProblem,
    choices: result.choices.map((c) => ({ label: c.label, detail: c.detail ?? null, value: `#${c.id}` })),
    missing: result.missing,
    noPrice: result.noPrice,
    labels: result.labels.map((l, i) => ({
      ...l,
      key: `${l.buyerCode}-${i}`,
      code128: barcodeDataUrl('code128', l.buyerCode),
    })),
    pdfHref: result.labels.length ? `/toolkit/price-label-generator.pdf?${query}` : null,
    limits: { codes: MAX_PRICE_CODES, copies: MAX_COPIES, labels: MAX_PRICE_LABELS },
  }
}
export type PriceLabelsPageData = Awaited<ReturnType<typeof priceLabelsPage>>

export async function priceLabelsPdfResponse(db: Database, viewer: Viewer, url: URL): Promise<Response> {
  const form = readPriceForm(url)
  const { labels } = await priceLabelsOf(db, viewer, form)
  if (!labels.length)
    throw new Response('Nothing to label: choose the buyer and type its SKU codes on the price labels page.', {
      status: 404,
    })
  return pdfResponse(await priceLabelsPdf(labels, form.size), `price-labels-${kolkataDay()}.pdf`)
}

// ---------- Image playground ----------

export const renderPath = (imageId: number, query: URLSearchParams) =>
  `/toolkit/images/${imageId}/render${query.size ? `?${query}` : ''}`

/** The user's images and, with one chosen (`?image=`), its edits: 404 for an image that is not theirs. */
export async function imagesPage(db: Database, viewer: Viewer, url: URL) {
  const images = await playgroundImages(db, viewer.userId)
  const chosenId = url.searchParams.has('image') ? readId(url.searchParams.get('image')) : null
  if (url.searchParams.has('image') && !chosenId) throw new Response('Not found', { status: 404 })
  const chosen = chosenId ? await playgroundImage(db, viewer.userId, chosenId) : undefined
  if (chosenId && !chosen) throw new Response('Not found', { status: 404 })
  let edit = null
  if (chosen) {
    const { ops, errors, values } = readImageOps(url.searchParams, chosen)
    const query = opsQuery(values)
    edit = {
      image: {
        id: chosen.id,
        name: chosen.original_name,
        format: chosen.format,
        width: chosen.width,
        height: chosen.height,
        bytes: chosen.byte_size,
      },
      values,
      errors,
      originalSrc: renderPath(
        chosen.id,
        new URLSearchParams({ format: 'webp', width: String(Math.min(chosen.width, 800)) }),
      ),
      previewSrc: ops ? renderPath(chosen.id, query) : null,
      downloadHref: ops ? renderPath(chosen.id, new URLSearchParams([...query, ['download', '1']])) : null,
    }
  }
  return {
    images: images.map((i) => ({
      id: i.id,
      name: i.original_name,
      width: i.width,
      height: i.height,
      bytes: i.byte_size,
      thumb: renderPath(
        i.id,
        new URLSearchParams({ width: '160', height: '160', fit: 'cover', format: 'webp', quality: '70' }),
      ),
    })),
    edit,
    limits: {
      maxMb: PLAYGROUND_MAX_BYTES / 1024 / 1024,
      maxPixels: MAX_IMAGE_PIXELS / 1_000_000,
      rules: PLAYGROUND_RULES,
      maxSide: MAX_SIDE,
    },
  }
}
export type ImagesPageData = Awaited<ReturnType<typeof imagesPage>>

export async function imagesAction(db: Database, viewer: Viewer, form: FormData): Promise<FormOutcome<Reply>> {
  const submission = parseWithZod(form, { schema: imagesSchema })
  if (submission.status !== 'success') return { status: 'bad-request' }
  if (submission.value.intent === 'delete') {
    if (!(await deletePlaygroundImage(db, viewer.userId, submission.value.imageId))) return { status: 'not-found' }
    return {
      status: 'done',
      toast: { kind: 'success', message: 'The image is deleted.' },
      redirectTo: '/toolkit/images',
    }
  }
  const checked = await checkPlaygroundImage(form.get('image'))
  if (checked === null)
    return { status: 'invalid', reply: submission.reply({ fieldErrors: { image: ['Choose an image to upload'] } }) }
  if (isFileError(checked))
    return { status: 'invalid', reply: submission.reply({ fieldErrors: { image: [checked.error] } }) }
  const id = await savePlaygroundImage(db, viewer.userId, checked)
  return {
    status: 'done',
    toast: { kind: 'success', message: `${checked.name} is uploaded: edit it below.` },
    redirectTo: `/toolkit/images?image=${id}`,
  }
}

/**
 * The user's image with the query's edits; 404 for another user's image, 400 (a sentence) for edits
 * that do not fit it or make more than MAX_SIDE a side, 429 when the user's renders are too many or
 * the wait too long; 304 when the browser has these bytes (ETag).
 */
export async function renderResponse(
  db: Database,
  viewer: Viewer,
  imageParam: string | undefined,
  url: URL,
  ifNoneMatch?: string | null,
): Promise<Response> {
  const id = readId(imageParam)
  const image = id ? await playgroundImage(db, viewer.userId, id) : undefined
  if (!image) throw new Response('Not found', { status: 404 })
  const { ops, errors } = readImageOps(url.searchParams, image)
  const text = { 'Content-Type': 'text/plain; charset=utf-8' }
  if (!ops) throw new Response(Object.values(errors).join('. '), { status: 400, headers: text })
  // The same edits of the same file make the same bytes: a browser that has them is told so at once.
  const etag = renderEtag(image, ops)
  if (ifNoneMatch?.split(',').some((tag) => tag.trim() === etag))
    return new Response(null, { status: 304, headers: { ETag: etag, 'Cache-Control': 'private, max-age=3600' } })
  let out
  try {
    out = await renderForUser(db, viewer.userId, image, ops)
  } catch (error) {
    if (error instanceof RenderBusy) {
      const message =
        error.reason === 'line'
          ? 'Too many of your images are being edited at once: wait for them, then try again.'
          : 'The image playground is busy: try again in a moment.'
      throw new Response(message, { status: 429, headers: { ...text, 'Retry-After': '5' } })
    }
    if (error instanceof TooLargeRender) throw new Response(error.message, { status: 400, headers: text })
    throw new Response('This image could not be edited that way.', { status: 422, headers: text })
  }
  const headers = uploadedFileHeaders(
    { contentType: out.contentType, name: out.filename, size: out.bytes.byteLength },
    { shareable: false },
  )
  if (url.searchParams.get('download') === '1')
    headers.set('Content-Disposition', disposition('attachment', out.filename))
  headers.set('X-Image-Size', `${out.width}x${out.height}`)
  headers.set('ETag', out.etag)
  headers.set('X-Render-Cache', out.cached ? 'hit' : 'miss')
  return new Response(new Uint8Array(out.bytes), { headers })
}
