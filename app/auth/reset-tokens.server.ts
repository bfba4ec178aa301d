import { type Executor } from '~/platform/executor'

// The links that set a password (password resets and invitations, table password_reset_tokens):
// every way of setting a password (a reset, a change on the profile, an admin's) voids the open ones.

/** A password just set makes every outstanding reset and invitation link of the user useless. */
export async function voidOpenTokens(trx: Executor, userId: number, now = new Date().toISOString()): Promise<void> {
  await trx
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute()
}
