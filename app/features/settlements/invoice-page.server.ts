// An invoice's page: finance's (/logistics/settlements/buyers/:buyerId/invoices/:invoiceId), with
// the credit and debit notes on it and the forms that raise them; the buyer's (/buyer/invoices/:id),
// with the notes on it; and a note's PDF for both. Routes guard and call these.
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { Database } from '#db/database'
import type { Viewer } from '~/auth/session.server'
import type { Result } from '~/utils/refusal.server'
import { formatMoney } from '~/utils/format'
import { readId } from '~/utils/list-params'
import { refusalReply, type FormOutcome } from '~/ui/outcome.server'
import { newIdempotencyKey } from '~/platform/idempotency.server'
import type { NoteInput } from './notes.server'
import { invoiceLinesWithNotes } from './notes.server'
import { noteDocType, noteTitle, type NoteKind } from './notes'
import { noteLinesOf, noteFormSchema } from './notes-schema'
import { noteOf, notesOfInvoice } from './notes-queries.server'
import { notePdf } from './notes-pdf.server'
import { documentCopyOf } from './einvoice-pdf.server'
import { pdfResponse } from './pdf.server'
import { invoiceOf } from './queries.server'
import { registrationsOf, standingOfDocument } from './gst/registrations.server'
import {
  buyerWaitingText,
  CANCELLED_FOR_FINANCE,
  gstinOf,
  isValidDocument,
  standingOf,
  type EinvoiceStanding,
} from './gst/standing'

type Reply = SubmissionResult<string[]>

/** What the buyer sees of an invoice on its own page: the amounts, its lines (HSN, quantity, taxes) and the notes on it. */
export async function buyerInvoicePage(db: Database, buyerId: number, invoiceIdParam: string | undefined) {
  const invoiceId = readId(invoiceIdParam)
  const invoice = invoiceId ? await invoiceOf(db, buyerId, invoiceId) : undefined
  if (!invoiceId || !invoice) return undefined
  const gstin = gstinOf(invoice.buyerJson)
  const [notes, standing] = await Promise.all([
    notesOfInvoice(db, buyerId, invoiceId).then((rows) => withStanding(db, rows, gstin)),
    standingOfDocument(db, 'INV', invoice.id, gstin),
  ])
  return {
    invoice: {
      id: invoice.id,
      number: invoice.number,
      invoiceOn: invoice.invoiceOn,
      dueOn: invoice.dueOn,
      order: invoice.order,
      status: invoice.status,
      supply: invoice.supply,
      taxable: invoice.taxable,
      tax: invoice.cgst + invoice.sgst + invoice.igst,
      ...invoice.figures,
      // Rule 48(5) (issue 52): whether it is a valid tax invoice yet; its PDF is given only then.
      valid: isValidDocument(standing),
      waiting: buyerWaitingText(standing),
      irn: standing.state === 'registered' ? standing.irn : null,
      lines: invoice.lines.map((l) => ({
        lineNo: l.lineNo,
        description: l.description,
        hsn: l.hsn,
        unit: l.unit,
        quantityMilli: l.quantityMilli,
        priceMinor: l.priceMinor,
        taxable: l.taxable,
        rateBp: l.rateBp,
        total: l.total,
      })),
    },
    notes,
  }
}
export type BuyerInvoicePageData = NonNullable<Awaited<ReturnType<typeof buyerInvoicePage>>>

/**
 * Notes with their standing (Rule 48(5), issue 52): a note to a buyer with a GSTIN (its invoice's
 * snapshot) is valid once its IRN is recorded, like an invoice. `valid` (its PDF may be given), else
 * `waiting` (what the buyer reads) and `state` (finance reads it); `irn` once registered. One query per
 * note type.
 */
async function withStanding<N extends { kind: NoteKind; id: number }>(db: Database, notes: N[], gstin: string | null) {
  const ids = (kind: NoteKind) => notes.filter((n) => n.kind === kind).map((n) => n.id)
  const [credits, debits] = await Promise.all([
    registrationsOf(db, 'CRN', ids('credit')),
    registrationsOf(db, 'DBN', ids('debit')),
  ])
  return notes.map((n) => {
    const standing = standingOf(gstin, (n.kind === 'credit' ? credits : debits).get(n.id))
    return { ...n, ...noteStanding(n.kind, standing) }
  })
}

/** What a note's standing tells its readers. */
const noteStanding = (kind: NoteKind, standing: EinvoiceStanding) => ({
  state: standing.state,
  valid: isValidDocument(standing),
  waiting: buyerWaitingText(standing, noteDocType(kind)),
  irn: standing.state === 'registered' ? standing.irn : null,
})

/** Finance's page of one invoice: the buyer's view of it, each line with what notes may still do, and the forms' keys. */
export async function invoicePage(db: Database, buyerIdParam: string | undefined, invoiceIdParam: string | undefined) {
  const buyerId = readId(buyerIdParam)
  const buyer = buyerId
    ? await db.selectFrom('buyers').select(['id', 'name']).where('id', '=', buyerId).executeTakeFirst()
    : undefined
  if (!buyer) return undefined
  const page = await buyerInvoicePage(db, buyer.id, invoiceIdParam)
  if (!page) return undefined
  const [lines, standing] = await Promise.all([
    invoiceLinesWithNotes(db, page.invoice.id),
    standingOfDocument(
      db,
      'INV',
      page.invoice.id,
      gstinOf((await invoiceOf(db, buyer.id, page.invoice.id))?.buyerJson),
    ),
  ])
  return {
    ...page,
    buyer,
    /** What finance reads about the invoice's e-invoice: waiting for its IRN, or its IRN cancelled (then a credit note or a new invoice is due). */
    einvoice: {
      state: standing.state,
      message:
        standing.state === 'cancelled'
          ? `IRN cancelled on ${standing.cancelledAt}: ${CANCELLED_FOR_FINANCE}`
          : standing.state === 'waiting'
            ? 'No IRN yet: the buyer does not get this invoice until its e-invoice is registered (CGST Rule 48(5)). Its PDF here is a marked draft.'
            : null,
      key: `INV-${page.invoice.id}`,
    },
    room: lines.map((l) => ({
      id: l.id,
      lineNo: l.line_no,
      creditableQuantityMilli: l.creditableQuantityMilli,
      creditableMinor: l.creditableMinor,
      debitableMinor: l.total_minor - l.debitedMinor,
    })),
    creditKey: newIdempotencyKey(),
    debitKey: newIdempotencyKey(),
  }
}
export type InvoicePageData = NonNullable<Awaited<ReturnType<typeof invoicePage>>>

/** Notes with their effects across features: the lifecycle's (app/lifecycle/settlements.server.ts `settlementMoves`), handed in by the route. */
export interface NoteMoves {
  issueNote(
    db: Database,
    actor: { userId: number },
    buyerId: number,
    kind: NoteKind,
    input: NoteInput,
    key: string | undefined,
  ): Promise<Result<{ id: number; number: string; amountMinor: number; repeated: boolean }>>
}

/** Raises a credit or debit note from the invoice's page. */
export async function invoicePageAction(
  db: Database,
  viewer: Viewer,
  buyerIdParam: string | undefined,
  invoiceIdParam: string | undefined,
  form: FormData,
  moves: NoteMoves,
): Promise<FormOutcome<Reply>> {
  const buyerId = readId(buyerIdParam)
  const invoiceId = readId(invoiceIdParam)
  const invoice =
    buyerId && invoiceId
      ? await db
          .selectFrom('buyer_invoices')
          .select(['id', 'number'])
          .where('id', '=', invoiceId)
          .where('buyer_id', '=', buyerId)
          .executeTakeFirst()
      : undefined
  if (!buyerId || !invoice) return { status: 'not-found' }
  const submission = parseWithZod(form, { schema: noteFormSchema })
  if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
  const input = submission.value
  const done = await moves.issueNote(
    db,
    { userId: viewer.userId },
    buyerId,
    input.intent,
    { invoiceId: invoice.id, reasonCode: input.reasonCode, reason: input.reason, lines: noteLinesOf(input) },
    input.idempotencyKey,
  )
  const title = noteTitle(input.intent)
  if (!done.ok)
    return done.notFound
      ? { status: 'not-found' }
      : {
          status: 'invalid',
          reply: refusalReply(submission, done, `The ${title.toLowerCase()} was not issued: see the fields below.`),
        }
  return {
    status: 'done',
    toast: {
      kind: done.value.repeated ? 'info' : 'success',
      message: done.value.repeated
        ? `${done.value.number} was already issued: nothing was added.`
        : `${title} ${done.value.number} for ${formatMoney(done.value.amountMinor)} issued against ${invoice.number}.`,
    },
  }
}

/**
 * A note of the buyer as a fixed document (issue 52), as its standing allows: valid (B2C, or B2B with
 * its IRN recorded and not cancelled) is the final document, the same bytes at every download; not
 * valid is finance's marked copy, and the buyer gets none. Undefined when it is not the buyer's.
 */
export async function noteDocumentOf(
  db: Database,
  buyerId: number | null,
  kind: NoteKind,
  noteIdParam: string | number | undefined,
) {
  const noteId = readId(String(noteIdParam ?? '').replace(/\.pdf$/, ''))
  const note = noteId && buyerId ? await noteOf(db, buyerId, kind, noteId) : undefined
  if (!note) return undefined
  const type = noteDocType(kind)
  const standing = await standingOfDocument(db, type, note.id, gstinOf(note.buyerJson))
  return {
    note,
    standing,
    ...noteStanding(kind, standing),
    /** The PDF: final when valid, else finance's marked copy. */
    async pdf(): Promise<Response> {
      const copy = await documentCopyOf(db, type, note.id, standing)
      return pdfResponse(`${note.number.replace(/\//g, '-')}.pdf`, await notePdf(note, copy.einvoice, copy))
    },
  }
}

/** A credit or debit note of the buyer as a PDF download for finance (a marked copy until valid); undefined (404) when it is not the buyer's. */
export async function notePdfFor(
  db: Database,
  buyerId: number | null,
  kind: NoteKind,
  noteIdParam: string | undefined,
) {
  return (await noteDocumentOf(db, buyerId, kind, noteIdParam))?.pdf()
}

/**
 * One of the buyer's notes as a PDF, only when it is a valid document (Rule 48(5), issue 52), as for
 * its invoices: `waiting` says why not, in the buyer's words, with the invoice whose page lists it;
 * undefined (404) when it is not a note of this buyer.
 */
export async function buyerNotePdf(
  db: Database,
  buyerId: number,
  kind: NoteKind,
  noteIdParam: string | undefined,
): Promise<{ ok: true; response: Response } | { ok: false; invoiceId: number; waiting: string } | undefined> {
  const document = await noteDocumentOf(db, buyerId, kind, noteIdParam)
  if (!document) return undefined
  if (!document.valid) return { ok: false, invoiceId: document.note.invoiceId, waiting: document.waiting ?? '' }
  return { ok: true, response: await document.pdf() }
}
