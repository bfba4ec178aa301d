import { createHash } from 'node:crypto'
import type { Database } from '#db/database'
import { gstDocuments, isRegistered, type GstDocument } from '../app/features/settlements/gst/documents.server'
import { schemaDate } from '../app/features/settlements/gst/einvoice.server'
import { recordRegistration } from '../app/features/settlements/gst/registrations.server'
import { istMillis } from '../app/features/settlements/gst/standing'
import { kolkataDay } from '../app/utils/format'
import type { SeedClock } from './clock'
import { demoEmail } from './demo-users'

// The demo's e-invoices (issue 52): every B2B document of the demo's past (tax invoices, credit and
// debit notes to buyers with a GSTIN) registered on the invoice registration portal the evening of
// its day, as finance records it from the portal's answer, through the same command the page uses.
// Rule 48(5): an invoice is valid only once its IRN is recorded, so the buyers' journeys have their
// invoices' PDFs. Today's documents (a sample dispatched today) are left waiting for their IRN, so
// the demo shows that state too. The IRN is what the IRP computes (SHA-256 of the supplier's GSTIN,
// the financial year, the document type and number); the signed QR code has the portal's claims
// and a stand-in signature (the demo is not signed by NIC).

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

const financialYear = (day: string) => {
  const [y, m] = day.split('-').map(Number) as [number, number]
  const start = m >= 4 ? y : y - 1
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`
}

export const demoIrn = (doc: GstDocument) =>
  createHash('sha256')
    .update(`${doc.seller.gstin ?? ''}${financialYear(doc.on)}${doc.type}${doc.number}`)
    .digest('hex')

function demoSignedQr(doc: GstDocument, irn: string, ackAt: string) {
  const data = {
    SellerGstin: doc.seller.gstin,
    BuyerGstin: doc.buyer.gstin,
    DocNo: doc.number,
    DocTyp: doc.type,
    DocDt: schemaDate(doc.on),
    TotInvVal: doc.total / 100,
    ItemCnt: doc.lines.length,
    MainHsnCode: doc.lines[0]?.hsn ?? '',
    Irn: irn,
    IrnDt: ackAt,
  }
  const signature = createHash('sha256').update(irn).digest('base64url')
  return `${b64({ alg: 'RS256', kid: 'demo', typ: 'JWT' })}.${b64({ data: JSON.stringify(data), iss: 'NIC' })}.${signature}`
}

export async function seedDemoEinvoices(db: Database, clock: SeedClock): Promise<number> {
  const finance = await db.selectFrom('users').select('id').where('email', '=', demoEmail('biz_fin')).executeTakeFirst()
  if (!finance) return 0
  const today = kolkataDay()
  const docs = (await gstDocuments(db, { from: '0000-01-01', to: today })).filter(
    (d) => isRegistered(d) && d.on < today,
  )
  let recorded = 0
  for (const [i, doc] of docs.entries()) {
    // The evening of the document's day (IST), a minute apart so that every Ack No reads its own time.
    const ackAt = `${doc.on} 19:${String(i % 60).padStart(2, '0')}:00`
    const irn = demoIrn(doc)
    const done = await clock.at(new Date(istMillis(ackAt)!), () =>
      recordRegistration(db, { userId: finance.id }, doc.type, doc.id, {
        irn,
        ackNo: String(112_600_000_000_000 + doc.id * 10 + ['INV', 'CRN', 'DBN'].indexOf(doc.type)),
        ackAt,
        signedQr: demoSignedQr(doc, irn, ackAt),
        signedInvoice: null,
      }),
    )
    if (done.ok) recorded++
  }
  return recorded
}
