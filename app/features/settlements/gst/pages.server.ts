import { parseWithZod } from '@conform-to/zod/v4'
import type { SubmissionResult } from '@conform-to/react'
import type { Database } from '#db/database'
import type { Viewer } from '~/auth/session.server'
import { refusalReply, type FormOutcome } from '~/ui/outcome.server'
import { TOO_LARGE } from '~/ui/read-form.server'
import { csvResponse } from '~/utils/csv.server'
import { kolkataDay } from '~/utils/format'
import { turnoverBand } from '~/platform/turnover-band.server'
import {
  DOC_LABELS,
  docKey,
  gstDocument,
  gstDocuments,
  HOME_GSTIN,
  isRegistered,
  monthBounds,
  readDocKey,
  readGstin,
  readMonth,
  supplierGstinOf,
  supplierGstins,
  type GstDocument,
} from './documents.server'
import { buildEinvoice, einvoiceFileName, einvoiceProblems } from './einvoice.server'
import { cancelledKeys, gstr1From, gstr1Problems, gstr1Totals, type Gstr1 } from './gstr1.server'
import {
  cancelIrnRequest,
  ewayBillsNaming,
  cancelWindowProblem,
  filePortal,
  importRegistrations,
  recordCancellation,
  recordRegistration,
  registrationOf,
} from './registrations.server'
import { cancellationSchema, cancelRequestSchema, registrationSchema } from './schema'
import { CANCEL_REASONS, cancelDeadline, cancelledForFinance } from './standing'
import { EINVOICE_STATUSES, type EinvoiceStatusFilter } from './shared'

// The e-invoice and GSTR-1 pages of finance (/logistics/settlements/einvoices, /gstr1): loaders,
// actions and downloads, for the routes (which guard: the money section).

type Reply = SubmissionResult<string[]>

const json = (filename: string, body: unknown) =>
  new Response(JSON.stringify(body, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
      'Cache-Control': 'no-store',
    },
  })

/** The month of the query string, else this month (IST). */
export const monthOf = (url: URL) => readMonth(url.searchParams.get('month')) ?? kolkataDay().slice(0, 7)
/** The supplier GSTIN of the query string (issue 52), else the home registration. */
export const gstinOf = (url: URL) => readGstin(url.searchParams.get('gstin')) ?? HOME_GSTIN

/** The documents of a month that need an e-invoice (the buyer has a GSTIN), of one supplier GSTIN, with their registrations. */
async function einvoiceDocuments(db: Database, month: string, gstin: string = HOME_GSTIN) {
  const docs = (await gstDocuments(db, monthBounds(month))).filter(
    (d) => isRegistered(d) && supplierGstinOf(d) === gstin,
  )
  const registrations = docs.length
    ? await db
        .selectFrom('einvoice_registrations')
        .select(['doc_type', 'doc_id', 'irn', 'ack_no', 'ack_at', 'cancelled_at'])
        .where((eb) =>
          eb.or(
            (['INV', 'CRN', 'DBN'] as const).map((type) =>
              eb.and([
                eb('doc_type', '=', type),
                eb('doc_id', 'in', [0, ...docs.filter((d) => d.type === type).map((d) => d.id)]),
              ]),
            ),
          ),
        )
        .execute()
    : []
  const byKey = new Map(registrations.map((r) => [docKey(r.doc_type, r.doc_id), r]))
  return docs.map((doc) => ({ doc, registration: byKey.get(docKey(doc.type, doc.id)) ?? null }))
}

/** /logistics/settlements/einvoices?month=&status=: the month's documents that need an e-invoice. */
export async function einvoiceMonthPage(db: Database, url: URL) {
  const month = monthOf(url)
  const gstin = gstinOf(url)
  const status = EINVOICE_STATUSES.find((s) => s.value === url.searchParams.get('status'))?.value ?? null
  const [all, band, gstins] = await Promise.all([
    einvoiceDocuments(db, month, gstin),
    turnoverBand(db),
    supplierGstins(db),
  ])
  const rows = all
    .filter(({ registration }) => !status || (status === 'registered') === Boolean(registration))
    .map(({ doc, registration }) => ({
      key: docKey(doc.type, doc.id),
      kind: DOC_LABELS[doc.type],
      number: doc.number,
      on: doc.on,
      buyer: doc.buyer.legalName || doc.buyer.name,
      gstin: doc.buyer.gstin ?? '',
      totalMinor: doc.total,
      irn: registration?.irn ?? null,
      ackNo: registration?.ack_no ?? null,
      /** The IRN's cancel date when it was cancelled (issue 52): the document is no longer valid. */
      cancelledAt: registration?.cancelled_at ?? null,
      problems: einvoiceProblems(doc, band),
    }))
  return {
    month,
    gstin,
    gstins: gstins.includes(gstin) ? gstins : [...gstins, gstin],
    status: status as EinvoiceStatusFilter | null,
    rows,
    counts: {
      all: all.length,
      registered: all.filter((r) => r.registration).length,
      ready: all.filter((r) => !r.registration && !einvoiceProblems(r.doc, band).length).length,
    },
  }
}
export type EinvoiceMonthData = Awaited<ReturnType<typeof einvoiceMonthPage>>

/** A month's documents not yet registered and ready, as one JSON array (the portal's bulk upload); this month's without one. */
export async function einvoiceBulkJson(db: Database, url: URL): Promise<Response> {
  const month = monthOf(url)
  const gstin = gstinOf(url)
  return json(`einvoices-${month}-${gstin}.json`, await einvoiceBulk(db, month, gstin))
}

/** A month's documents of one supplier GSTIN not yet registered and not blocked, as the bulk upload's array. */
export async function einvoiceBulk(db: Database, month: string, gstin: string = HOME_GSTIN) {
  const band = await turnoverBand(db)
  return (await einvoiceDocuments(db, month, gstin))
    .filter(({ doc, registration }) => !registration && !einvoiceProblems(doc, band).length)
    .map(({ doc }) => buildEinvoice(doc))
}

async function documentOf(db: Database, key: string | undefined): Promise<GstDocument | undefined> {
  const wanted = readDocKey(key)
  const doc = wanted ? await gstDocument(db, wanted.type, wanted.id) : undefined
  return doc && isRegistered(doc) ? doc : undefined
}

/** One document's e-invoice JSON; undefined (404) when there is none or it needs none, 409 when it cannot be registered as it stands. */
export async function einvoiceJson(db: Database, key: string | undefined): Promise<Response | undefined> {
  const doc = await documentOf(db, key)
  if (!doc) return undefined
  const problems = einvoiceProblems(doc, await turnoverBand(db))
  if (problems.length)
    return new Response(problems.join('\n'), { status: 409, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  return json(einvoiceFileName(doc), buildEinvoice(doc))
}

/** /logistics/settlements/einvoices/:docKey: the document, its registration, the form to record one. */
export async function einvoiceDocPage(db: Database, key: string | undefined) {
  const doc = await documentOf(db, key)
  if (!doc) return undefined
  const [registration, band, ewayBills] = await Promise.all([
    registrationOf(db, doc.type, doc.id),
    turnoverBand(db),
    ewayBillsNaming(db, doc.type, doc.id),
  ])
  return {
    key: docKey(doc.type, doc.id),
    kind: DOC_LABELS[doc.type],
    number: doc.number,
    on: doc.on,
    month: doc.on.slice(0, 7),
    buyer: doc.buyer.legalName || doc.buyer.name,
    gstin: doc.buyer.gstin ?? '',
    placeOfSupply: doc.placeOfSupply,
    taxableMinor: doc.taxable,
    taxMinor: doc.cgst + doc.sgst + doc.igst,
    totalMinor: doc.total,
    invoice: doc.invoice ? { number: doc.invoice.number, on: doc.invoice.on } : null,
    supplierGstin: supplierGstinOf(doc),
    problems: einvoiceProblems(doc, band),
    registration: registration
      ? {
          irn: registration.irn,
          ackNo: registration.ackNo,
          ackAt: registration.ackAt,
          source: registration.source,
          /** The last moment the portal cancels it (IST), and whether that is still to come. */
          cancelUntil: cancelDeadline(registration.ackAt),
          cancelOpen: !registration.cancelledAt && !cancelWindowProblem(registration.ackAt, Date.now()),
          /** The e-way bills that name it (issue 52): the portal cancels no IRN while one stands. */
          ewayBills: registration.cancelledAt ? [] : ewayBills,
          cancelled: registration.cancelledAt
            ? {
                at: registration.cancelledAt,
                reason: registration.cancelReason ? CANCEL_REASONS[registration.cancelReason] : '',
                remark: registration.cancelRemark ?? '',
                message: cancelledForFinance(doc.type),
              }
            : null,
        }
      : null,
  }
}

/** The Cancel IRN JSON to upload on the portal (?reason=&remark=); undefined (404) without the document, 409 with the reason when the portal would refuse it. */
export async function einvoiceCancelJson(
  db: Database,
  key: string | undefined,
  url: URL,
): Promise<Response | undefined> {
  const doc = await documentOf(db, key)
  if (!doc) return undefined
  const refuse = (message: string) =>
    new Response(message, { status: 409, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  const parsed = cancelRequestSchema.safeParse({
    reason: url.searchParams.get('reason') ?? undefined,
    remark: url.searchParams.get('remark') ?? undefined,
  })
  if (!parsed.success) return refuse(parsed.error.issues.map((i) => i.message).join('\n'))
  const request = await cancelIrnRequest(db, doc.type, doc.id, parsed.data)
  if (!request.ok) return refuse(request.message)
  return json(`cancel-${einvoiceFileName(doc)}`, request.value)
}
export type EinvoiceDocData = NonNullable<Awaited<ReturnType<typeof einvoiceDocPage>>>

/** Records what finance copied from the portal for one document. */
export async function einvoiceDocAction(
  db: Database,
  viewer: Viewer,
  key: string | undefined,
  form: FormData,
): Promise<FormOutcome<Reply>> {
  const doc = await documentOf(db, key)
  if (!doc) return { status: 'not-found' }
  if (form.get('intent') === 'cancel') return cancellationAction(db, viewer, doc, form)
  const submission = parseWithZod(form, { schema: registrationSchema })
  if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
  const input = submission.value
  const done = await recordRegistration(db, { userId: viewer.userId }, doc.type, doc.id, {
    irn: input.irn,
    ackNo: input.ackNo,
    ackAt: input.ackAt,
    signedQr: input.signedQr,
    signedInvoice: input.signedInvoice ?? null,
  })
  if (!done.ok)
    return done.notFound
      ? { status: 'not-found' }
      : { status: 'invalid', reply: refusalReply(submission, done, 'The registration was not recorded.') }
  return {
    status: 'done',
    toast: {
      kind: 'success',
      message: `${done.value.number} is registered: its PDF now prints the IRN and the QR code.`,
    },
  }
}

/** Records the portal's answer to a Cancel IRN for the document (issue 52). */
async function cancellationAction(
  db: Database,
  viewer: Viewer,
  doc: GstDocument,
  form: FormData,
): Promise<FormOutcome<Reply>> {
  const submission = parseWithZod(form, { schema: cancellationSchema })
  if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
  const { reason, remark, cancelledAt } = submission.value
  const done = await recordCancellation(db, { userId: viewer.userId }, doc.type, doc.id, {
    reason,
    remark,
    cancelledAt,
  })
  if (!done.ok)
    return done.notFound
      ? { status: 'not-found' }
      : { status: 'invalid', reply: refusalReply(submission, done, 'The cancellation was not recorded.') }
  return {
    status: 'done',
    toast: {
      kind: 'success',
      message: `The IRN of ${done.value.number} is cancelled: it is no longer a valid document. ${cancelledForFinance(doc.type)}`,
    },
  }
}

const MAX_RESPONSE_BYTES = 5 * 1024 * 1024
export const RESPONSE_FILE_LIMIT = { maxFileBytes: MAX_RESPONSE_BYTES, maxFiles: 1 }

/** Imports the portal's response file (uploaded, or pasted) for the month's documents. */
export async function einvoiceImportAction(
  db: Database,
  viewer: Viewer,
  url: URL,
  form: FormData,
): Promise<FormOutcome<Reply>> {
  const month = monthOf(url)
  const file = form.get('file')
  const pasted = typeof form.get('text') === 'string' ? String(form.get('text')).trim() : ''
  const reply = (message: string): FormOutcome<Reply> => ({
    status: 'invalid',
    reply: {
      status: 'error',
      initialValue: { form: 'import', text: pasted.slice(0, 2000) },
      error: { file: [message] },
    },
  })
  if (file === TOO_LARGE) return reply('The file is larger than 5 MB: import it in parts.')
  const text = file instanceof File && file.size ? await file.text() : pasted
  if (!text) return reply('Choose the response file the portal gave, or paste its contents.')
  const candidates = (await einvoiceDocuments(db, month, gstinOf(url))).map((r) => r.doc)
  const done = await importRegistrations(db, { userId: viewer.userId }, filePortal(text), candidates)
  if (!done.ok) return reply(done.message)
  const { recorded, already } = done.value
  return {
    status: 'done',
    toast: {
      kind: recorded.length ? 'success' : 'info',
      message: recorded.length
        ? `Registered: ${recorded.join(', ')}${already.length ? ` (already recorded: ${already.length})` : ''}.`
        : 'Every document in the file was already recorded: nothing was added.',
    },
  }
}

/** /logistics/settlements/gstr1?month=: the month's return in figures, with its downloads. */
export async function gstr1Page(db: Database, url: URL) {
  const month = monthOf(url)
  const gstin = gstinOf(url)
  const [all, band, gstins, cancelled] = await Promise.all([
    gstDocuments(db, monthBounds(month)),
    turnoverBand(db),
    supplierGstins(db),
    cancelledKeys(db),
  ])
  const docs = all.filter((d) => supplierGstinOf(d) === gstin)
  const g = gstr1From(all, month, { gstin, cancelled })
  const totals = gstr1Totals(g)
  return {
    month,
    gstin,
    gstins: gstins.includes(gstin) ? gstins : [...gstins, gstin],
    problems: gstr1Problems(g, band),
    documents: {
      invoices: docs.filter((d) => d.type === 'INV').length,
      notes: docs.filter((d) => d.type !== 'INV').length,
    },
    sections: (['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'hsn'] as const).map((key) => ({ key, ...totals[key] })),
  }
}
export type Gstr1PageData = Awaited<ReturnType<typeof gstr1Page>>

async function gstr1For(db: Database, url: URL): Promise<{ month: string; g: Gstr1 }> {
  const month = monthOf(url)
  const [docs, cancelled] = await Promise.all([gstDocuments(db, monthBounds(month)), cancelledKeys(db)])
  return { month, g: gstr1From(docs, month, { gstin: gstinOf(url), cancelled }) }
}

/** The month's GSTR-1 (this month's without one) as the offline tool's JSON. */
export async function gstr1Json(db: Database, url: URL): Promise<Response> {
  const { g } = await gstr1For(db, url)
  return json(`GSTR1-${g.gstin}-${g.fp}.json`, g)
}

const GSTR1_COLUMNS = [
  { key: 'section', header: 'Section' },
  { key: 'gstin', header: 'GSTIN of recipient' },
  { key: 'number', header: 'Document number' },
  { key: 'date', header: 'Document date' },
  { key: 'note_type', header: 'Note type' },
  { key: 'value', header: 'Document value' },
  { key: 'pos', header: 'Place of supply' },
  { key: 'supply_type', header: 'Supply type' },
  { key: 'hsn', header: 'HSN' },
  { key: 'uqc', header: 'UQC' },
  { key: 'quantity', header: 'Quantity' },
  { key: 'rate', header: 'Rate (%)' },
  { key: 'taxable', header: 'Taxable value' },
  { key: 'igst', header: 'IGST' },
  { key: 'cgst', header: 'CGST' },
  { key: 'sgst', header: 'SGST' },
  { key: 'cess', header: 'Cess' },
  { key: 'from', header: 'Series from' },
  { key: 'to', header: 'Series to' },
  { key: 'total_number', header: 'Total number' },
  { key: 'cancelled', header: 'Cancelled' },
]
const money = (value: number) => value.toFixed(2)

/** The month's GSTR-1 as one CSV, a row per rate of each document (and per HSN, per series), with its section. */
export async function gstr1Csv(db: Database, url: URL): Promise<Response> {
  const { g } = await gstr1For(db, url)
  const rows: Record<string, unknown>[] = []
  const tax = (d: { rt: number; txval: number; iamt: number; camt: number; samt: number; csamt: number }) => ({
    rate: d.rt,
    taxable: money(d.txval),
    igst: money(d.iamt),
    cgst: money(d.camt),
    sgst: money(d.samt),
    cess: money(d.csamt),
  })
  for (const c of g.b2b)
    for (const inv of c.inv)
      for (const it of inv.itms)
        rows.push({
          section: 'b2b',
          gstin: c.ctin,
          number: inv.inum,
          date: inv.idt,
          value: money(inv.val),
          pos: inv.pos,
          ...tax(it.itm_det),
        })
  for (const p of g.b2cl)
    for (const inv of p.inv)
      for (const it of inv.itms)
        rows.push({
          section: 'b2cl',
          number: inv.inum,
          date: inv.idt,
          value: money(inv.val),
          pos: p.pos,
          ...tax(it.itm_det),
        })
  for (const r of g.b2cs) rows.push({ section: 'b2cs', pos: r.pos, supply_type: r.sply_ty, ...tax(r) })
  for (const c of g.cdnr)
    for (const nt of c.nt)
      for (const it of nt.itms)
        rows.push({
          section: 'cdnr',
          gstin: c.ctin,
          number: nt.nt_num,
          date: nt.nt_dt,
          note_type: nt.ntty,
          value: money(nt.val),
          pos: nt.pos,
          ...tax(it.itm_det),
        })
  for (const nt of g.cdnur)
    for (const it of nt.itms)
      rows.push({
        section: 'cdnur',
        number: nt.nt_num,
        date: nt.nt_dt,
        note_type: nt.ntty,
        value: money(nt.val),
        pos: nt.pos,
        ...tax(it.itm_det),
      })
  for (const [section, list] of [
    ['hsn_b2b', g.hsn.hsn_b2b],
    ['hsn_b2c', g.hsn.hsn_b2c],
  ] as const)
    for (const h of list)
      rows.push({ section, hsn: h.hsn_sc, uqc: h.uqc, quantity: h.qty.toFixed(3), value: money(h.val), ...tax(h) })
  for (const d of g.doc_issue.doc_det)
    for (const s of d.docs)
      rows.push({
        section: `doc_issue: ${d.doc_typ}`,
        from: s.from,
        to: s.to,
        total_number: s.totnum,
        cancelled: s.cancel,
      })
  return csvResponse(`GSTR1-${g.gstin}-${g.fp}.csv`, GSTR1_COLUMNS, rows)
}
