// The seller side's pages (docs/domain.md (issue 38)) for the loaders and actions: finance's under
// /logistics/settlements…, the seller's under /seller/money. Routes guard and call these.
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { Database } from '#db/database'
import type { Viewer } from '~/auth/session.server'
import { strictCalendarDate } from '~/utils/fields'
import { formatMoney, kolkataDay } from '~/utils/format'
import { parseRupees } from '~/utils/money'
import { parseQuantity } from '~/utils/quantity'
import { readId } from '~/utils/list-params'
import type { Refusal } from '~/utils/refusal.server'
import { refusalReply, type FormOutcome } from '~/ui/outcome.server'
import { newIdempotencyKey } from '~/platform/idempotency.server'
import { addDays } from '../settlements/money'
import { listRegistrations } from '../settlements/registrations.server'
import { orderFacts } from './facts.server'
import { decideBill, issueSellerDebitNote, paySeller, recordBill, setSellerTerms } from './mutations.server'
import { billLineAmounts, expectedTax } from './money'
import { sellerBillPath } from './paths'
import {
  billDetail,
  billsList,
  payables,
  readBillFilter,
  readMonth,
  sellerAccount,
  sellerDebitNotes,
  sellerOrderByCode,
  sellerStatement,
  taxRegisters,
} from './queries.server'
import { billDecisionSchema, billFormSchema, payoutFormSchema, termsFormSchema } from './schema'
import { sellerStatementPdf } from './pdf.server'
import { pdfResponse } from '../settlements/pdf.server'

type Reply = SubmissionResult<string[]>
type Outcome = FormOutcome<Reply>
const invalid = (submission: { reply: (o?: object) => Reply }, refusal: Refusal, summary: string): Outcome => ({
  status: 'invalid',
  reply: refusalReply(submission, refusal, summary),
})

export async function billsPage(db: Database, url: URL) {
  const status = readBillFilter(url)
  return { status, order: url.searchParams.get('order') ?? '', ...(await billsList(db, status)) }
}

/** The form to record a bill against a seller order named by its code (?order=SO-…). */
export async function newBillPage(db: Database, url: URL) {
  const code = (url.searchParams.get('order') ?? '').trim()
  const found = code ? await sellerOrderByCode(db, code) : undefined
  const facts = found ? await orderFacts(db, found.id) : undefined
  const today = kolkataDay()
  return {
    code,
    today,
    key: newIdempotencyKey(),
    problem: code && !facts ? `There is no seller order ${code}` : null,
    facts: facts
      ? {
          order: facts.order,
          seller: {
            id: facts.seller.id,
            name: facts.seller.name,
            gstin: facts.seller.gstin,
            paymentTermsDays: facts.seller.paymentTermsDays,
          },
          supply: facts.supply,
          recipient: facts.recipient,
          lines: facts.lines.map((l) => {
            const left = Math.max(0, Math.min(l.acceptedMilli, l.orderedMilli) - l.billedBeforeMilli)
            const taxable = billLineAmounts(
              { quantityMilli: left, rateMinor: l.costMinor, taxMinor: 0 },
              facts.supply,
            ).taxable
            return {
              ...l,
              leftMilli: left,
              expectedTaxMinor: expectedTax(taxable, l.gstRateBp, facts.supply, facts.seller.registered),
            }
          }),
        }
      : null,
  }
}
export type NewBillPageData = Awaited<ReturnType<typeof newBillPage>>

export async function newBillAction(db: Database, viewer: Viewer, url: URL, form: FormData): Promise<Outcome> {
  const submission = parseWithZod(form, { schema: billFormSchema })
  if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
  const code = (url.searchParams.get('order') ?? '').trim()
  const found = code ? await sellerOrderByCode(db, code) : undefined
  if (!found) return { status: 'not-found' }
  const input = submission.value
  const fields: Record<string, string> = {}
  const lines: Record<number, { quantityMilli: number; rateMinor: number; taxMinor: number }> = {}
  for (const [id, typed] of Object.entries(input.line ?? {})) {
    if (!typed.quantity && !typed.rate && !typed.tax) continue
    const quantityMilli = typed.quantity ? parseQuantity(typed.quantity) : 0
    const rateMinor = typed.rate ? parseRupees(typed.rate) : 0
    const taxMinor = typed.tax ? parseRupees(typed.tax) : 0
    if (quantityMilli === null) fields[`line.${id}.quantity`] = 'Enter the quantity billed, like 10 or 12.5'
    if (rateMinor === null) fields[`line.${id}.rate`] = 'Enter the rate in rupees, like 450 or 450.50'
    if (taxMinor === null) fields[`line.${id}.tax`] = 'Enter the tax in rupees, like 81 or 0'
    if (quantityMilli && rateMinor !== null && taxMinor !== null)
      lines[Number(id)] = { quantityMilli, rateMinor, taxMinor }
  }
  const summary = 'The bill was not recorded: see the fields below.'
  if (Object.keys(fields).length) return invalid(submission, { ok: false, fields, message: summary }, summary)
  const done = await recordBill(
    db,
    { userId: viewer.userId },
    { sellerOrderId: found.id, number: input.number, billOn: input.billOn, lines },
    input.idempotencyKey,
  )
  if (!done.ok) return done.notFound ? { status: 'not-found' } : invalid(submission, done, summary)
  const { id, number, status, repeated } = done.value
  return {
    status: 'done',
    redirectTo: sellerBillPath(id),
    toast: {
      kind: repeated ? 'info' : status === 'approved' ? 'success' : 'info',
      message: repeated
        ? `Bill ${number} was already recorded: nothing was added.`
        : status === 'approved'
          ? `Bill ${number} matches what was ordered, dispatched and accepted: approved.`
          : `Bill ${number} does not match: it waits for review.`,
    },
  }
}

export async function billPage(db: Database, idParam: string | undefined) {
  const id = readId(idParam)
  const bill = id ? await billDetail(db, id) : undefined
  return bill ? { bill, debitKey: newIdempotencyKey() } : undefined
}
export type BillPageData = NonNullable<Awaited<ReturnType<typeof billPage>>>

export async function billAction(
  db: Database,
  viewer: Viewer,
  idParam: string | undefined,
  form: FormData,
): Promise<Outcome> {
  const id = readId(idParam)
  const bill = id
    ? await db.selectFrom('seller_bills').select(['id', 'number']).where('id', '=', id).executeTakeFirst()
    : undefined
  if (!bill) return { status: 'not-found' }
  const submission = parseWithZod(form, { schema: billDecisionSchema })
  if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
  const input = submission.value
  const actor = { userId: viewer.userId }
  if (input.intent === 'debit_note') {
    const fields: Record<string, string> = {}
    const lines: Record<number, number> = {}
    for (const [lineId, typed] of Object.entries(input.line ?? {})) {
      if (!typed.quantity) continue
      const q = parseQuantity(typed.quantity)
      if (q === null) fields[`line.${lineId}.quantity`] = 'Enter the quantity to take back, like 3 or 2.5'
      else lines[Number(lineId)] = q
    }
    const summary = 'The debit note was not issued: see the fields below.'
    if (Object.keys(fields).length) return invalid(submission, { ok: false, fields, message: summary }, summary)
    const done = await issueSellerDebitNote(db, actor, bill.id, { lines, reason: input.reason }, input.idempotencyKey)
    if (!done.ok) return done.notFound ? { status: 'not-found' } : invalid(submission, done, summary)
    return {
      status: 'done',
      toast: {
        kind: done.value.repeated ? 'info' : 'success',
        message: done.value.repeated
          ? `${done.value.number} was already issued.`
          : `Debit note ${done.value.number} for ${formatMoney(done.value.amountMinor)} issued to the seller.`,
      },
    }
  }
  const done = await decideBill(db, actor, bill.id, input.intent, input.reason)
  if (!done.ok) return done.notFound ? { status: 'not-found' } : invalid(submission, done, 'Nothing was changed.')
  return {
    status: 'done',
    toast: {
      kind: 'success',
      message:
        done.value.status === 'approved'
          ? `Bill ${done.value.number} approved${done.value.tdsMinor ? `, TDS ${formatMoney(done.value.tdsMinor)} deducted under section 194Q` : ''}.`
          : `Bill ${done.value.number} rejected.`,
    },
  }
}

export async function payablesPage(db: Database) {
  const today = kolkataDay()
  const data = await payables(db, today)
  return {
    today,
    ...data,
    keys: Object.fromEntries(data.sellers.map((s) => [s.sellerId, newIdempotencyKey()])) as Record<number, string>,
  }
}
export type PayablesPageData = Awaited<ReturnType<typeof payablesPage>>

/** A payment run for one seller: the ticked bills, an amount each, the day and the UTR; one payout. */
export async function payablesAction(db: Database, viewer: Viewer, form: FormData): Promise<Outcome> {
  const submission = parseWithZod(form, { schema: payoutFormSchema })
  if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
  const input = submission.value
  const sellerId = Number(input.seller)
  const fields: Record<string, string> = {}
  const amounts: Record<number, number> = {}
  for (const [billId, typed] of Object.entries(input.bill ?? {})) {
    if (!typed.pay) continue
    const amount = parseRupees(typed.amount)
    if (amount === null || amount <= 0)
      fields[`bill.${billId}.amount`] = 'Enter the amount to pay on this bill, more than zero'
    else amounts[Number(billId)] = amount
  }
  const summary = 'Nothing was paid: see the fields below.'
  if (Object.keys(fields).length) return invalid(submission, { ok: false, fields, message: summary }, summary)
  const done = await paySeller(
    db,
    { userId: viewer.userId },
    sellerId,
    { paidOn: input.paidOn, utr: input.utr, amounts },
    input.idempotencyKey,
  )
  if (!done.ok) return done.notFound ? { status: 'not-found' } : invalid(submission, done, summary)
  return {
    status: 'done',
    toast: {
      kind: done.value.repeated ? 'info' : 'success',
      message: done.value.repeated
        ? `${done.value.number} was already paid: nothing was added.`
        : `${done.value.number}: ${formatMoney(done.value.amountMinor)} paid (UTR ${input.utr}).`,
    },
  }
}

function period(url: URL) {
  const today = kolkataDay()
  const from = strictCalendarDate(url.searchParams.get('from') ?? '') ?? addDays(today, -90)
  const typedTo = strictCalendarDate(url.searchParams.get('to') ?? '') ?? today
  return { today, from, to: typedTo < from ? from : typedTo }
}

/** A seller's account for finance (or the seller's own money page, with `own`): owed, paid, deductions. */
export async function sellerAccountPage(db: Database, sellerId: number | null, url: URL) {
  const account = sellerId ? await sellerAccount(db, sellerId) : undefined
  if (!sellerId || !account) return undefined
  const { today, from, to } = period(url)
  return { ...account, debitNotes: await sellerDebitNotes(db, sellerId), today, statement: { from, to } }
}
export type SellerAccountPageData = NonNullable<Awaited<ReturnType<typeof sellerAccountPage>>>

export async function sellerTermsAction(
  db: Database,
  viewer: Viewer,
  idParam: string | undefined,
  form: FormData,
): Promise<Outcome> {
  const sellerId = readId(idParam)
  const seller = sellerId
    ? await db.selectFrom('sellers').select('id').where('id', '=', sellerId).executeTakeFirst()
    : undefined
  if (!sellerId || !seller) return { status: 'not-found' }
  const submission = parseWithZod(form, { schema: termsFormSchema })
  if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
  const done = await setSellerTerms(db, { userId: viewer.userId }, sellerId, {
    days: submission.value.paymentTermsDays,
    openingMinor: submission.value.openingPurchases,
  })
  if (!done.ok) return done.notFound ? { status: 'not-found' } : invalid(submission, done, 'Nothing was changed.')
  return {
    status: 'done',
    toast: {
      kind: 'success',
      message: `Payment terms: ${done.value.days} days from each new bill’s date; purchases in ${done.value.fy} before bills were recorded here: ${formatMoney(submission.value.openingPurchases)}.`,
    },
  }
}

/** The seller's statement over a period as a PDF: its bills, TDS, debit notes and payouts (never a buyer). */
export async function sellerStatementPdfFor(
  db: Database,
  sellerId: number | null,
  url: URL,
): Promise<Response | undefined> {
  const account = sellerId ? await sellerAccount(db, sellerId, 0) : undefined
  if (!sellerId || !account) return undefined
  const { from, to } = period(url)
  const statement = await sellerStatement(db, sellerId, from, to)
  const payouts = account.payouts.filter((p) => p.paidOn >= from && p.paidOn <= to)
  return pdfResponse(
    `seller-statement-${account.seller.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${from}-${to}.pdf`,
    await sellerStatementPdf(account, statement, payouts, { from, to }),
  )
}

/** The month's registers (?month=YYYY-MM), of one registration (?registration=GSTIN) or all of them. */
export async function taxRegistersPage(db: Database, url: URL) {
  const registrations = (await listRegistrations(db)).map((r) => ({ gstin: r.gstin, state: r.state }))
  const asked = url.searchParams.get('registration') ?? ''
  const registration = registrations.some((r) => r.gstin === asked) ? asked : null
  return { ...(await taxRegisters(db, readMonth(url, kolkataDay()), registration)), registrations }
}
