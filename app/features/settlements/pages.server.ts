// A buyer's settlement page (/logistics/settlements/buyers/:buyerId) and its PDFs, for the loaders,
// the action and the resource routes. Routes guard (main portal) and call these.
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { Database } from '#db/database'
import { settle, type Result } from '~/utils/refusal.server'
import type { Viewer } from '~/auth/session.server'
import { strictCalendarDate } from '~/utils/fields'
import { formatMoney, kolkataDay } from '~/utils/format'
import { readId } from '~/utils/list-params'
import { refusalReply, type FormOutcome } from '~/ui/outcome.server'
import { newIdempotencyKey } from '~/platform/idempotency.server'
import type { PaymentInput } from './ledger.server'
import type { NoteMoves } from './invoice-page.server'
import { recordTdsCertificate, tdsReceipts } from './tds.server'
import { addDays } from './money'
import { documentCopyOf } from './einvoice-pdf.server'
import { standingOfDocument } from './gst/registrations.server'
import { gstinOf, isValidDocument } from './gst/standing'
import { invoicePdf, pdfResponse, statementPdf } from './pdf.server'
import { accountOf, ageingOf, invoiceOf, ledgerPage, openInvoices, statementOf } from './queries.server'
import { readLedgerFilters, settlementFormSchema } from './schema'

type Reply = SubmissionResult<string[]>

/** The open invoices the page lists (the oldest: payments go to them first); the ageing counts all of them. */
const OPEN_SHOWN = 25

export async function settlementPage(db: Database, buyerIdParam: string | undefined, url: URL) {
  const buyerId = readId(buyerIdParam)
  const account = buyerId ? await accountOf(db, buyerId) : undefined
  if (!buyerId || !account) return undefined
  const filters = readLedgerFilters(url)
  const today = kolkataDay()
  const [ageing, open, ledger, tds] = await Promise.all([
    ageingOf(db, buyerId, today),
    openInvoices(db, buyerId, OPEN_SHOWN),
    ledgerPage(db, buyerId, filters, account.entries),
    tdsReceipts(db, buyerId),
  ])
  return {
    account,
    ageing,
    open,
    ledger,
    tds,
    filters,
    today,
    statement: { from: filters.from || addDays(today, -90), to: filters.to || today },
    paymentKey: newIdempotencyKey(),
    creditKey: newIdempotencyKey(),
  }
}
export type SettlementPageData = NonNullable<Awaited<ReturnType<typeof settlementPage>>>

/** Money received and credited with its effects across features: the lifecycle's (app/lifecycle/settlements.server.ts `settlementMoves`), handed in by the route. */
export interface SettlementMoves extends NoteMoves {
  recordPayment(
    db: Database,
    actor: { userId: number },
    buyerId: number,
    input: PaymentInput,
    key: string | undefined,
  ): Promise<Result<{ id: number; number: string; repeated: boolean }>>
}

export async function settlementAction(
  db: Database,
  viewer: Viewer,
  buyerIdParam: string | undefined,
  form: FormData,
  moves: SettlementMoves,
): Promise<FormOutcome<Reply>> {
  const buyerId = readId(buyerIdParam)
  const buyer = buyerId
    ? await db.selectFrom('buyers').select(['id', 'name']).where('id', '=', buyerId).executeTakeFirst()
    : undefined
  if (!buyerId || !buyer) return { status: 'not-found' }
  const submission = parseWithZod(form, { schema: settlementFormSchema })
  if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
  const input = submission.value
  const actor = { userId: viewer.userId }
  if (input.intent === 'payment') {
    const done = await moves.recordPayment(
      db,
      actor,
      buyerId,
      {
        receivedOn: input.receivedOn,
        amountMinor: input.amount,
        mode: input.mode,
        reference: input.reference,
        tdsMinor: input.tds ?? 0,
        tdsSection: input.tdsSection,
      },
      input.idempotencyKey,
    )
    if (!done.ok)
      return done.notFound
        ? { status: 'not-found' }
        : {
            status: 'invalid',
            reply: refusalReply(submission, done, 'The payment was not recorded: see the fields below.'),
          }
    const message = done.value.repeated
      ? `${done.value.number} was already recorded: nothing was added.`
      : `${done.value.number}: ${formatMoney(input.amount)} received from ${buyer.name}${input.tds ? ` with ${formatMoney(input.tds)} TDS deducted` : ''}, allocated to the oldest open invoices.`
    return { status: 'done', toast: { kind: done.value.repeated ? 'info' : 'success', message } }
  }
  if (input.intent === 'tds_certificate') {
    const done = await settle(() =>
      db.transaction().execute((trx) =>
        recordTdsCertificate(trx, actor, buyerId, {
          paymentId: input.payment,
          certificate: input.certificate,
          certificateOn: input.certificateOn,
        }),
      ),
    )
    if (!done.ok)
      return {
        status: 'invalid',
        reply: refusalReply(submission, done, 'The certificate was not recorded: see the fields below.'),
      }
    return {
      status: 'done',
      toast: {
        kind: 'success',
        message: `TDS certificate ${input.certificate} recorded for ${done.value.number} (${formatMoney(done.value.tdsMinor)}).`,
      },
    }
  }
  const invoice = await db
    .selectFrom('buyer_invoices')
    .select('id')
    .where('number', '=', input.invoice)
    .where('buyer_id', '=', buyerId)
    .executeTakeFirst()
  if (!invoice)
    return {
      status: 'invalid',
      reply: refusalReply(submission, {
        ok: false,
        field: 'invoice',
        message: `${buyer.name} has no invoice ${input.invoice}`,
      }),
    }
  const done = await moves.issueNote(
    db,
    actor,
    buyerId,
    'credit',
    { invoiceId: invoice.id, reasonCode: 'other', amountMinor: input.amount, reason: input.reason },
    input.idempotencyKey,
  )
  if (!done.ok)
    return done.notFound
      ? { status: 'not-found' }
      : {
          status: 'invalid',
          reply: refusalReply(submission, done, 'The credit note was not issued: see the fields below.'),
        }
  return {
    status: 'done',
    toast: {
      kind: done.value.repeated ? 'info' : 'success',
      message: done.value.repeated
        ? `${done.value.number} was already issued.`
        : `Credit note ${done.value.number} for ${formatMoney(input.amount)} issued.`,
    },
  }
}

/**
 * The invoice PDF as its standing allows (Rule 48(5), issue 52): a valid invoice (B2C, or B2B with its
 * IRN) is the final document, the same bytes at every download. For finance, an invoice that is not
 * valid (no IRN yet, or its IRN cancelled) is a copy marked as such; the buyer gets none.
 */
export async function invoiceDocumentOf(db: Database, buyerId: number, invoiceId: number) {
  const invoice = await invoiceOf(db, buyerId, invoiceId)
  if (!invoice) return undefined
  const standing = await standingOfDocument(db, 'INV', invoice.id, gstinOf(invoice.buyerJson))
  const filename = `${invoice.number.replace(/\//g, '-')}.pdf`
  return {
    invoice,
    standing,
    valid: isValidDocument(standing),
    /** The PDF: final when valid, else finance's marked copy. */
    async pdf(): Promise<Response> {
      const copy = await documentCopyOf(db, 'INV', invoice.id, standing)
      return pdfResponse(filename, await invoicePdf(invoice, copy.einvoice, copy))
    },
  }
}

/** An invoice of the buyer as a PDF download for finance; undefined when the ids do not belong together (404). */
export async function invoicePdfFor(
  db: Database,
  buyerIdParam: string | undefined,
  invoiceIdParam: string | undefined,
): Promise<Response | undefined> {
  const buyerId = readId(buyerIdParam)
  const invoiceId = readId(invoiceIdParam?.replace(/\.pdf$/, ''))
  const document = buyerId && invoiceId ? await invoiceDocumentOf(db, buyerId, invoiceId) : undefined
  return document?.pdf()
}

/** The buyer's statement for a period (`from`, `to`; the last 90 days when absent) as a PDF download. */
export async function statementPdfFor(
  db: Database,
  buyerIdParam: string | undefined,
  url: URL,
): Promise<Response | undefined> {
  const buyerId = readId(buyerIdParam)
  const account = buyerId ? await accountOf(db, buyerId) : undefined
  if (!buyerId || !account) return undefined
  const today = kolkataDay()
  const from = strictCalendarDate(url.searchParams.get('from') ?? '') ?? addDays(today, -90)
  const toTyped = strictCalendarDate(url.searchParams.get('to') ?? '') ?? today
  const to = toTyped < from ? from : toTyped
  const [statement, ageing] = await Promise.all([statementOf(db, buyerId, from, to), ageingOf(db, buyerId, today)])
  return pdfResponse(
    `statement-${account.buyer.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${from}-${to}.pdf`,
    await statementPdf(account, statement, { from, to }, ageing),
  )
}
