import type { MetaFunction } from '@remix-run/node'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { PublicShell } from '~/ui/shell'

export const handle: RouteHandle = { name: 'Privacy', title: 'Privacy' }
export const meta: MetaFunction = () => pageTitle('Privacy')

export default function PrivacyPage() {
  return (
    <PublicShell wide>
      <article className="card">
        <h1>Privacy</h1>
        <p>
          This platform connects companies that buy goods with companies that make them. This page says what we keep
          about you, why, and what you can ask of us.
        </p>
        <nav aria-label="On this page">
          <ul>
            <li>
              <a href="#what-we-keep">What we keep</a>
            </li>
            <li>
              <a href="#what-we-do-not">What we do not do</a>
            </li>
            <li>
              <a href="#cookies">Cookies</a>
            </li>
            <li>
              <a href="#e-mail">E-mail</a>
            </li>
            <li>
              <a href="#your-rights">Your rights</a>
            </li>
          </ul>
        </nav>
        <h2 id="what-we-keep">What we keep</h2>
        <ul>
          <li>
            Your account: name, work e-mail, phone number if you give it, your roles, and the company you belong to.
          </li>
          <li>Your company: its name, legal name, GSTIN, contact details, addresses and, for buyers, credit terms.</li>
          <li>Orders, prices, quality inspections, shipments and payments that you or our staff record.</li>
          <li>
            Sign-in records: when you signed in, from which network address and browser, so that you and we can end
            sessions and spot misuse. Failed sign-ins are counted for at most an hour to slow down password guessing.
          </li>
          <li>A history of changes (who changed what, and when) on the records above.</li>
        </ul>
        <h2 id="what-we-do-not">What we do not do</h2>
        <ul>
          <li>We do not sell or share your data for advertising and use no third-party trackers.</li>
          <li>
            Buyers never see which seller makes their goods or at what cost; sellers never see the buyer or its price.
          </li>
          <li>
            Passwords are stored only as a salted, memory-hard hash (scrypt); nobody, staff included, can read them.
          </li>
        </ul>
        <h2 id="cookies">Cookies</h2>
        <p>
          Two cookies, both needed for the service: <code>__session</code> keeps you signed in (30 days, or until you
          sign out), and <code>__toast</code> carries a one-time message to the next page (one minute).
        </p>
        <h2 id="e-mail">E-mail</h2>
        <p>
          We e-mail you about your account (password reset links, approval of your company) and about the orders you are
          part of.
        </p>
        <h2 id="your-rights">Your rights</h2>
        <p>
          You may see and correct your account details on your profile page, and ask for a copy or the deletion of your
          data by writing to your account manager or to <a href="mailto:privacy@example.com">privacy@example.com</a>.
          Records that the law requires us to keep (invoices, tax records) are kept for the period it sets.
        </p>
      </article>
    </PublicShell>
  )
}
