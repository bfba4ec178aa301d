import { Link } from '~/ui/link'
import { PublicShell } from '~/ui/shell'

/** After a sign-up: the same words for a new and a known e-mail (docs/domain.md), and where to go next. */
export function SignupSent() {
  return (
    <PublicShell>
      <div className="card" role="status">
        <h1>Check your e-mail</h1>
        <p>
          We have sent a message to the address you gave. It says what happens next: if your company account was
          created, sign in with the password you chose and you will see its status while our team checks it.
        </p>
        <p className="muted">
          No e-mail after a few minutes? Look in the spam folder, or sign in if you already have an account.
        </p>
        <div className="public-links">
          <Link to="/login">Go to sign in</Link>
        </div>
      </div>
    </PublicShell>
  )
}
