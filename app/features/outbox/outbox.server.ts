import nodemailer from 'nodemailer'
import type { Database } from '#db/database'
import type { Executor } from '../audit/audit.server'

export interface Email {
  to: string
  subject: string
  text: string
  kind: string
}

/** Puts an e-mail in the outbox, inside the caller's transaction: it is sent only if the change commits. */
export async function queueEmail(db: Executor, email: Email): Promise<void> {
  await db
    .insertInto('outbox_emails')
    .values({
      to_address: email.to,
      subject: email.subject,
      body_text: email.text,
      kind: email.kind,
      created_at: new Date().toISOString(),
    })
    .execute()
}

type Transport = Parameters<typeof nodemailer.createTransport>[0]

/** Sends unsent outbox e-mails (SMTP_URL, or any nodemailer transport); without one they stay in the outbox. */
export async function deliverOutbox(db: Database, transportOptions: Transport | null, from: string): Promise<number> {
  if (!transportOptions) return 0
  const pending = await db
    .selectFrom('outbox_emails')
    .select(['id', 'to_address', 'subject', 'body_text', 'attempts'])
    .where('sent_at', 'is', null)
    .where('attempts', '<', 5)
    .orderBy('id')
    .limit(50)
    .execute()
  if (pending.length === 0) return 0
  const transport = nodemailer.createTransport(transportOptions)
  let sent = 0
  for (const email of pending) {
    try {
      await transport.sendMail({ from, to: email.to_address, subject: email.subject, text: email.body_text })
      await db.updateTable('outbox_emails').set({ sent_at: new Date().toISOString(), attempts: email.attempts + 1 }).where('id', '=', email.id).execute()
      sent++
    } catch (error) {
      await db
        .updateTable('outbox_emails')
        .set({ attempts: email.attempts + 1, last_error: error instanceof Error ? error.message : String(error) })
        .where('id', '=', email.id)
        .execute()
    }
  }
  transport.close()
  return sent
}
