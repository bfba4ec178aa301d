import crypto from 'node:crypto'
import type { Executor } from '~/platform/executor'
import { queueEmail } from '~/platform/outbox.server'

export const INVITATION_DAYS = 7

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('base64url')

/**
 * Sends a new user the link that sets its first password (the reset page, with an invitation
 * token that lives 7 days). Call inside the transaction that creates the user.
 */
export async function queueInvitation(
  trx: Executor,
  input: {
    userId: number
    email: string
    name: string
    invitedBy: string
    companyName?: string | null
    appUrl: string
  },
): Promise<void> {
  const token = crypto.randomBytes(32).toString('base64url')
  const now = new Date()
  await trx
    .insertInto('password_reset_tokens')
    .values({
      user_id: input.userId,
      token_hash: sha256(token),
      purpose: 'invite',
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + INVITATION_DAYS * 86_400_000).toISOString(),
    })
    .execute()
  const where = input.companyName ? ` for ${input.companyName}` : ''
  await queueEmail(trx, {
    to: input.email,
    kind: 'invitation',
    subject: `You are invited to the sourcing platform${where}`,
    text: [
      `Hello ${input.name},`,
      '',
      `${input.invitedBy} has made you an account on the sourcing platform${where}. Open this link to choose your password:`,
      '',
      `${input.appUrl}/reset_password?token=${token}`,
      '',
      `The link works once and expires in ${INVITATION_DAYS} days. Then sign in with this e-mail address.`,
    ].join('\n'),
  })
}

/**
 * An invitation to an e-mail that already has an account makes nobody: its owner is told that a
 * company wanted to invite them, and nothing changed. Call inside the invitation's transaction.
 */
export async function queueInvitationToExistingAccount(
  trx: Executor,
  input: { email: string; name: string; invitedBy: string; companyName: string; appUrl: string },
): Promise<void> {
  await queueEmail(trx, {
    to: input.email,
    kind: 'invitation_existing',
    subject: `${input.companyName} wanted to invite you to the sourcing platform`,
    text: [
      `Hello ${input.name},`,
      '',
      `${input.invitedBy} of ${input.companyName} tried to add you to their company on the sourcing platform.`,
      'This e-mail address already has an account, and an account belongs to one company, so nothing was changed.',
      '',
      `If you should work for ${input.companyName}, ask them to invite another address of yours. To sign in to your own account:`,
      '',
      `${input.appUrl}/login`,
      '',
      'If you do not know them, you need not do anything.',
    ].join('\n'),
    // Nothing changed: the reader's own home.
    link: '/',
  })
}
