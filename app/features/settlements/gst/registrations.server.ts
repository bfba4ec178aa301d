import type { Database } from '#db/database'
import { isUniqueViolation } from '#db/errors'
import { lockedRead } from '#db/locks'
import type { EinvoiceRegistrationsTable } from '#db/types'
import { audit } from '~/platform/audit.server'
import { QR_MAX_BYTES, qrFits } from '~/features/toolkit/barcodes.server'
import type { Executor } from '~/platform/executor'
import { Refused, refusals, type Result } from '~/utils/refusal.server'
import { DOC_LABELS, gstDocument, type DocType, type GstDocument } from './documents.server'
import { einvoiceProblems, schemaDate } from './einvoice.server'
import {
  CANCEL_REASONS,
  CANCEL_REMARK_MAX,
  cancelDeadline,
  istMillis,
  istText,
  standingOf,
  type CancelReason,
  type RegistrationFacts,
} from './standing'

// What the invoice registration portal (IRP) answered for a document (docs/domain.md (issue 38)):
// IRN, acknowledgement number and date, the signed QR code and the signed invoice. The portal sits
// behind one interface, `RegistrationPortal`: given the documents, it answers what it registered.
// Today's portal is a file (filePortal: the response file finance downloaded from the portal after a
// bulk upload, or one document's response); a client that calls the portal can take its place later.
// No network call is made.

/** What the portal answers for one document it registered. */
export interface PortalAnswer {
  /** The document as the answer names it (read from the answer, or from its signed QR code). */
  docType: DocType | null
  docNumber: string | null
  /** DD/MM/YYYY, as the portal writes dates. */
  docDate: string | null
  irn: string
  ackNo: string
  /** As the portal gives it: 2026-11-27 14:05:00 (IST). */
  ackAt: string
  signedQr: string
  signedInvoice: string | null
}

/** The invoice registration portal: answers for the documents given (a document it did not register has none). */
export type RegistrationPortal = (
  documents: { type: DocType; number: string; date: string }[],
) => Promise<PortalAnswer[]>

const IRN = /^[0-9a-f]{64}$/i
const ACK_AT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/

/** The claims of a signed JWT (the portal's signed QR code and signed invoice); {} when it is not one. */
export function jwtClaims(token: string): Record<string, unknown> {
  const part = token.split('.')[1]
  if (!part) return {}
  try {
    const claims = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>
    const data = typeof claims.data === 'string' ? (JSON.parse(claims.data) as Record<string, unknown>) : claims.data
    return data && typeof data === 'object' ? (data as Record<string, unknown>) : claims
  } catch {
    return {}
  }
}

const str = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '')

/** One answer of a response file: the portal's own shape ({Irn, AckNo, AckDt, SignedQRCode, …}, or wrapped in {Data}). */
function answerOf(raw: unknown): PortalAnswer | null {
  if (!raw || typeof raw !== 'object') return null
  let item = raw as Record<string, unknown>
  if (item.Data !== undefined) {
    const data = typeof item.Data === 'string' ? safeJson(item.Data) : item.Data
    if (data && typeof data === 'object') item = { ...(data as Record<string, unknown>), ...pick(item) }
  }
  const irn = str(item.Irn)
  const signedQr = str(item.SignedQRCode)
  if (!irn) return null
  const claims = jwtClaims(signedQr)
  const docType = str(item.DocTyp ?? (item.DocDtls as Record<string, unknown> | undefined)?.Typ ?? claims.DocTyp)
  return {
    docType: (['INV', 'CRN', 'DBN'] as const).find((t) => t === docType.toUpperCase()) ?? null,
    docNumber: str(item.DocNo ?? (item.DocDtls as Record<string, unknown> | undefined)?.No ?? claims.DocNo) || null,
    docDate: str(item.DocDt ?? (item.DocDtls as Record<string, unknown> | undefined)?.Dt ?? claims.DocDt) || null,
    irn,
    ackNo: str(item.AckNo),
    ackAt: str(item.AckDt),
    signedQr,
    signedInvoice: str(item.SignedInvoice) || null,
  }
}
const pick = (item: Record<string, unknown>) =>
  Object.fromEntries(['DocNo', 'DocDt', 'DocTyp'].filter((k) => item[k] !== undefined).map((k) => [k, item[k]]))
const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** A response file's answers: one document's response, an array of them, or {Data: […]}; null when it is not JSON of that shape. */
export function readResponseFile(text: string): PortalAnswer[] | null {
  const parsed = safeJson(text.replace(/^\uFEFF/, ''))
  if (parsed === null) return null
  const list = Array.isArray(parsed)
    ? parsed
    : parsed && typeof parsed === 'object' && Array.isArray((parsed as { Data?: unknown }).Data)
      ? ((parsed as { Data: unknown[] }).Data as unknown[])
      : [parsed]
  const answers = list.map(answerOf)
  return answers.every((a): a is PortalAnswer => a !== null) && answers.length ? answers : null
}

/** Today's portal: the answers of a response file, matched to the documents asked for by type, number and date. */
export function filePortal(text: string): RegistrationPortal {
  const answers = readResponseFile(text) ?? []
  return async (documents) =>
    answers.filter((a) =>
      documents.some(
        (d) => a.docNumber === d.number && (!a.docType || a.docType === d.type) && (!a.docDate || a.docDate === d.date),
      ),
    )
}

export type RegistrationInput = Omit<PortalAnswer, 'docType' | 'docNumber' | 'docDate'>

/** A registration's fields checked: a refusal names the field. */
function check(input: RegistrationInput) {
  if (!IRN.test(input.irn)) throw new Refused('irn', 'The IRN is 64 hexadecimal characters')
  if (!/^\d{1,20}$/.test(input.ackNo)) throw new Refused('ackNo', 'The acknowledgement number is digits only')
  if (!ACK_AT.test(input.ackAt))
    throw new Refused('ackAt', 'The acknowledgement date as the portal gives it: 2026-11-27 14:05:00')
  if (!input.signedQr.trim() || input.signedQr.length > 4000)
    throw new Refused('signedQr', 'Paste the signed QR code the portal returned (at most 4,000 characters)')
  if (!qrFits(input.signedQr.trim()))
    throw new Refused(
      'signedQr',
      `This signed QR code is longer than a QR code can hold (${QR_MAX_BYTES.toLocaleString('en-IN')} characters): it cannot be printed on the invoice. Copy the portal's SignedQRCode again, whole and unchanged`,
    )
}

/**
 * Records the portal's answer for one document, in the caller's transaction: one registration per
 * document and one document per IRN; a document that needs no e-invoice is refused. Audited.
 */
export async function recordRegistrationIn(
  trx: Executor,
  actor: { userId: number },
  doc: GstDocument,
  input: RegistrationInput,
  source: EinvoiceRegistrationsTable['source'],
): Promise<{ id: number }> {
  const problems = einvoiceProblems(doc)
  if (problems.length) throw new Refused(undefined, problems[0])
  check(input)
  const [mine, taken] = await Promise.all([
    trx
      .selectFrom('einvoice_registrations')
      .select('irn')
      .where('doc_type', '=', doc.type)
      .where('doc_id', '=', doc.id)
      .executeTakeFirst(),
    trx.selectFrom('einvoice_registrations').select('doc_number').where('irn', '=', input.irn).executeTakeFirst(),
  ])
  if (mine) throw new Refused('irn', `${doc.number} is already registered with IRN ${mine.irn}`)
  if (taken) throw new Refused('irn', `That IRN is already recorded for ${taken.doc_number}`)
  const row = await trx
    .insertInto('einvoice_registrations')
    .values({
      doc_type: doc.type,
      doc_id: doc.id,
      doc_number: doc.number,
      buyer_id: doc.buyerId,
      irn: input.irn.toLowerCase(),
      ack_no: input.ackNo,
      ack_at: input.ackAt.replace('T', ' '),
      signed_qr: input.signedQr.trim(),
      signed_invoice: input.signedInvoice?.trim() || null,
      source,
      created_by: actor.userId,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await audit(trx, {
    actorUserId: actor.userId,
    action: 'einvoice.registered',
    entityType: 'buyer',
    entityId: doc.buyerId,
    after: { document: doc.number, irn: input.irn.toLowerCase(), ackNo: input.ackNo, ackAt: input.ackAt },
    note: `${DOC_LABELS[doc.type]} ${doc.number} registered on the invoice registration portal (${source === 'file' ? 'response file' : 'entered'}): Ack No ${input.ackNo}`,
  })
  return { id: row.id }
}

/** Two people recording at once: the database's unique indexes decide, answered as the checks would. */
const raced = (field: string) => (error: unknown) =>
  isUniqueViolation(error, 'einvoice_registrations')
    ? { ok: false as const, field, message: 'This document or this IRN was recorded a moment ago: look at it again.' }
    : undefined

/** Records what finance typed from the portal for one document. */
export function recordRegistration(
  db: Database,
  actor: { userId: number },
  type: DocType,
  id: number,
  input: RegistrationInput,
): Promise<Result<{ number: string }>> {
  return refusals(
    () =>
      db.transaction().execute(async (trx) => {
        const doc = await gstDocument(trx, type, id)
        if (!doc) throw Refused.notFound('There is no such document.')
        await recordRegistrationIn(trx, actor, doc, input, 'form')
        return { ok: true as const, value: { number: doc.number } }
      }),
    raced('irn'),
  )
}

/**
 * Imports the portal's answers for documents of a month (or any documents the answers name): each
 * answer is matched to its document by type, number and date through the portal; all recorded in one
 * transaction, or none when one is refused (the message names the document).
 */
export async function importRegistrations(
  db: Database,
  actor: { userId: number },
  portal: RegistrationPortal,
  candidates: GstDocument[],
): Promise<Result<{ recorded: string[]; already: string[] }>> {
  const asked = candidates.map((d) => ({ type: d.type, number: d.number, date: schemaDate(d.on) }))
  const answers = await portal(asked)
  if (!answers.length)
    return { ok: false, field: 'file', message: 'The file names none of the documents listed: nothing was recorded.' }
  return refusals(
    () =>
      db.transaction().execute(async (trx) => {
        const recorded: string[] = []
        const already: string[] = []
        for (const answer of answers) {
          const doc = candidates.find(
            (d) =>
              d.number === answer.docNumber &&
              (!answer.docType || answer.docType === d.type) &&
              (!answer.docDate || answer.docDate === schemaDate(d.on)),
          )!
          const existing = await trx
            .selectFrom('einvoice_registrations')
            .select('irn')
            .where('doc_type', '=', doc.type)
            .where('doc_id', '=', doc.id)
            .executeTakeFirst()
          if (existing?.irn === answer.irn.toLowerCase()) {
            already.push(doc.number)
            continue
          }
          try {
            await recordRegistrationIn(trx, actor, doc, answer, 'file')
          } catch (error) {
            if (error instanceof Refused) throw new Refused('file', `${doc.number}: ${error.message}`)
            throw error
          }
          recorded.push(doc.number)
        }
        return { ok: true as const, value: { recorded, already } }
      }),
    raced('file'),
  )
}

/** A document's registration, if it has one (a cancelled one too: see `cancelledAt`). */
export function registrationOf(db: Executor, type: DocType, id: number) {
  return db
    .selectFrom('einvoice_registrations')
    .select([
      'doc_number as docNumber',
      'irn',
      'ack_no as ackNo',
      'ack_at as ackAt',
      'signed_qr as signedQr',
      'source',
      'created_at as createdAt',
      'cancelled_at as cancelledAt',
      'cancel_reason as cancelReason',
      'cancel_remark as cancelRemark',
      'cancel_recorded_at as cancelRecordedAt',
    ])
    .where('doc_type', '=', type)
    .where('doc_id', '=', id)
    .executeTakeFirst()
}
export type Registration = NonNullable<Awaited<ReturnType<typeof registrationOf>>>

/**
 * The registrations of many documents of one type, by document id (the buyer's invoice list): for
 * `standingOf`. GSTR-1's table 13 reads `cancelled_at` here too: a document whose IRN is cancelled
 * counts as cancelled.
 */
export async function registrationsOf(
  db: Executor,
  type: DocType,
  ids: number[],
): Promise<Map<number, RegistrationFacts>> {
  if (!ids.length) return new Map()
  const rows = await db
    .selectFrom('einvoice_registrations')
    .select(['doc_id', 'irn', 'ack_no', 'ack_at', 'cancelled_at', 'cancel_reason', 'cancel_remark'])
    .where('doc_type', '=', type)
    .where('doc_id', 'in', ids)
    .execute()
  return new Map(
    rows.map((r) => [
      r.doc_id,
      {
        irn: r.irn,
        ackNo: r.ack_no,
        ackAt: r.ack_at,
        cancelledAt: r.cancelled_at,
        cancelReason: r.cancel_reason,
        cancelRemark: r.cancel_remark,
      },
    ]),
  )
}

/** The standing of one document (Rule 48(5)): B2C, waiting for its IRN, registered, or its IRN cancelled. */
export async function standingOfDocument(db: Executor, type: DocType, id: number, gstin: string | null) {
  return standingOf(gstin, (await registrationsOf(db, type, [id])).get(id))
}

/** Documents of a type whose IRN was cancelled, with the portal's cancel date (GSTR-1 table 13 counts them as cancelled). */
export function cancelledDocuments(db: Executor, type: DocType) {
  return db
    .selectFrom('einvoice_registrations')
    .select(['doc_id as docId', 'doc_number as docNumber', 'cancelled_at as cancelledAt'])
    .where('doc_type', '=', type)
    .where('cancelled_at', 'is not', null)
    .execute()
}

/** Cancel IRN as NIC's API takes it (its `Data` before encryption): `{Irn, CnlRsn, CnlRem}`. */
export interface CancelIrnRequest {
  Irn: string
  CnlRsn: CancelReason
  CnlRem: string
}

/** Why the portal would not cancel an IRN acknowledged at ackAt at the moment `at` (UTC ms); null when it would. */
export function cancelWindowProblem(ackAt: string, at: number): string | null {
  const acked = istMillis(ackAt)
  const deadline = cancelDeadline(ackAt)
  if (acked === null || deadline === null) return `The acknowledgement date ${ackAt} cannot be read.`
  if (at < acked) return `That is before the IRN was acknowledged (${ackAt}).`
  if (at > acked + 24 * 3_600_000)
    return `The portal cancels an IRN only within 24 hours of its Ack Date (${ackAt}, so until ${deadline}): after that, issue a credit note for it instead.`
  return null
}

/**
 * The e-way bills not cancelled that name an invoice (issue 52): those recorded on the bookings that
 * carry its goods to the buyer (its seller order's last miles, its sample order's dispatch). The IRP
 * refuses to cancel an IRN while such an e-way bill is active: it is cancelled first (within 24 hours
 * of its generation, before the goods move), or the invoice stands and a credit note undoes it.
 * Within a cancellation the bookings are taken for the rest of its transaction (all of them, with an
 * e-way bill or not), so an e-way bill recorded at the same moment is either seen here or refused there.
 */
export async function ewayBillsNaming(
  db: Executor,
  type: DocType,
  id: number,
  lock = false,
): Promise<{ code: string; number: string }[]> {
  if (type !== 'INV') return []
  const invoice = await db
    .selectFrom('buyer_invoices')
    .select(['seller_order_id', 'sample_order_id'])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!invoice || (invoice.seller_order_id === null && invoice.sample_order_id === null)) return []
  const query = db
    .selectFrom('transport_bookings')
    .select(['code', 'eway_bill_number'])
    .where('status', '!=', 'cancelled')
    .where('request_id', 'in', (eb) =>
      eb
        .selectFrom('transport_requests')
        .select('id')
        .where((w) =>
          invoice.seller_order_id !== null
            ? w.and([w('seller_order_id', '=', invoice.seller_order_id), w('transport_type', '=', 'last_mile')])
            : w.and([w('sample_order_id', '=', invoice.sample_order_id), w('transport_type', '=', 'sample')]),
        ),
    )
    .orderBy('id')
  const rows = await (lock ? lockedRead(db, query) : query).execute()
  return rows.flatMap((r) => (r.eway_bill_number ? [{ code: r.code, number: r.eway_bill_number }] : []))
}

/** The refusal of an IRN cancellation while e-way bills name the document; null when none does. */
function activeEwayProblem(number: string, bills: { code: string; number: string }[]): string | null {
  if (!bills.length) return null
  const named = bills.map((b) => `${b.number} (${b.code})`).join(', ')
  return `The portal does not cancel the IRN of ${number} while an e-way bill names it: cancel e-way bill ${named} first (within 24 hours of its generation, before the goods move), or, once the goods moved on it, issue a credit note instead.`
}

/** The Cancel IRN JSON for a document's registration; refused once the 24 hours are over, or when it is cancelled already. */
export async function cancelIrnRequest(
  db: Executor,
  type: DocType,
  id: number,
  input: { reason: CancelReason; remark: string },
  now = Date.now(),
): Promise<Result<CancelIrnRequest>> {
  const registration = await registrationOf(db, type, id)
  if (!registration) return { ok: false, field: 'reason', message: 'This document has no IRN to cancel.' }
  if (registration.cancelledAt)
    return { ok: false, field: 'reason', message: `Its IRN was cancelled on ${registration.cancelledAt}.` }
  const late = cancelWindowProblem(registration.ackAt, now)
  if (late) return { ok: false, field: 'reason', message: late }
  const active = activeEwayProblem(registration.docNumber, await ewayBillsNaming(db, type, id))
  if (active) return { ok: false, field: 'reason', message: active }
  const remark = input.remark.trim()
  if (!remark || remark.length > CANCEL_REMARK_MAX)
    return { ok: false, field: 'remark', message: `A remark of 1 to ${CANCEL_REMARK_MAX} characters` }
  return { ok: true, value: { Irn: registration.irn, CnlRsn: input.reason, CnlRem: remark } }
}

export interface CancellationInput {
  reason: CancelReason
  remark: string
  /** The portal's CancelDate, as it writes it (IST): 2026-11-28 10:05:00. */
  cancelledAt: string
}

/**
 * Records the portal's answer to a Cancel IRN: once (a conditional update on a registration not yet
 * cancelled, so of two at once one wins), within 24 hours of the Ack Date and not in the future.
 * One transaction, audited (`einvoice.cancelled`). The document is then no longer valid: the buyer
 * no longer gets its PDF, and finance is told to issue a credit note or a replacement invoice.
 */
export function recordCancellation(
  db: Database,
  actor: { userId: number },
  type: DocType,
  id: number,
  input: CancellationInput,
  now = Date.now(),
): Promise<Result<{ number: string }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const doc = await gstDocument(trx, type, id)
      if (!doc) throw Refused.notFound('There is no such document.')
      // The bookings first, then the registration: an e-way bill recorded at once takes them in the same order.
      const bills = await ewayBillsNaming(trx, type, id, true)
      const registration = await registrationOf(trx, type, id)
      if (!registration) throw new Refused('cancelledAt', `${doc.number} has no IRN to cancel.`)
      if (registration.cancelledAt)
        throw new Refused(
          'cancelledAt',
          `The IRN of ${doc.number} was already cancelled on ${registration.cancelledAt}.`,
        )
      const at = istMillis(input.cancelledAt)
      if (at === null) throw new Refused('cancelledAt', 'The cancel date as the portal gives it: 2026-11-28 10:05:00')
      if (at > now + 5 * 60_000) throw new Refused('cancelledAt', 'The cancel date is in the future.')
      const late = cancelWindowProblem(registration.ackAt, at)
      if (late) throw new Refused('cancelledAt', late)
      const active = activeEwayProblem(doc.number, bills)
      if (active) throw new Refused('cancelledAt', active)
      const remark = input.remark.trim()
      if (!remark || remark.length > CANCEL_REMARK_MAX)
        throw new Refused('remark', `A remark of 1 to ${CANCEL_REMARK_MAX} characters`)
      if (!(input.reason in CANCEL_REASONS)) throw new Refused('reason', 'Choose the reason given to the portal')
      const cancelledAt = istText(at)
      const done = await trx
        .updateTable('einvoice_registrations')
        .set({
          cancelled_at: cancelledAt,
          cancel_reason: input.reason,
          cancel_remark: remark,
          cancelled_by: actor.userId,
          cancel_recorded_at: new Date(now).toISOString(),
        })
        .where('doc_type', '=', type)
        .where('doc_id', '=', id)
        .where('cancelled_at', 'is', null)
        .executeTakeFirst()
      if (Number(done.numUpdatedRows) !== 1)
        throw new Refused('cancelledAt', `The IRN of ${doc.number} was cancelled a moment ago: look at it again.`)
      await audit(trx, {
        actorUserId: actor.userId,
        action: 'einvoice.cancelled',
        entityType: 'buyer',
        entityId: doc.buyerId,
        before: { document: doc.number, irn: registration.irn },
        after: { document: doc.number, irn: registration.irn, cancelledAt, reason: input.reason, remark },
        note: `${DOC_LABELS[doc.type]} ${doc.number}: IRN cancelled on the invoice registration portal on ${cancelledAt} (${CANCEL_REASONS[input.reason]}: ${remark}); it is no longer a valid document: issue a credit note or a replacement invoice`,
      })
      return { ok: true as const, value: { number: doc.number } }
    }),
  )
}
