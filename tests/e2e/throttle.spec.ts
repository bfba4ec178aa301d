import { expect, test } from '@playwright/test'
import { signIn, signOutFromWaitingPage, signUp, uniqueEmail } from './support'

test(
  'repeated wrong passwords slow the account down with a clear message',
  { tag: '@js-off-only' },
  async ({ page }, info) => {
    // Seven sign-ins, each a deliberately slow password hash.
    test.slow()
    const email = uniqueEmail(info, 'throttle')
    await signUp(page, email, 'right-password-1')
    await signOutFromWaitingPage(page)
    for (let i = 0; i < 5; i++) {
      await signIn(page, email, `wrong-password-${i}`)
      await expect(page.getByRole('alert')).toContainText('not right')
    }
    // Even the right password waits now.
    await signIn(page, email, 'right-password-1')
    await expect(page.getByRole('alert')).toContainText('Too many failed sign-in attempts. Try again in 15 minutes')
    await expect(page).toHaveURL('/login')
  },
)
