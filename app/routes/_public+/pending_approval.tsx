import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { landingFor, requireUser } from '~/auth/guard.server'
import { Button } from '~/ui/button'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { PublicShell } from '~/ui/shell'

export const handle: RouteHandle = { name: 'PendingApproval', title: 'Waiting for approval' }
export const meta: MetaFunction = () => pageTitle('Waiting for approval')

/** The only page a user of a pending or suspended company may see. */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, { allowInactiveCompany: true })
  if (!viewer.company || viewer.company.status === 'active') throw redirect(landingFor(viewer))
  return { name: viewer.name, email: viewer.email, company: viewer.company }
}

export default function PendingApprovalPage() {
  const { name, email, company } = useLoaderData<typeof loader>()
  const suspended = company.status === 'suspended'
  return (
    <PublicShell>
      <div className="card" data-testid="pending-approval">
        <h1>{suspended ? 'Your company account is suspended' : 'Waiting for approval'}</h1>
        {suspended ? (
          <p>
            {company.name} cannot use the platform at the moment. Please contact your account manager to have it
            re-activated.
          </p>
        ) : (
          <>
            <p>
              Thank you, {name}. <strong>{company.name}</strong> is registered as a {company.kind} and is waiting for
              our team to check it.
            </p>
            <p>We will write to {email} as soon as it is active. You can then sign in and start working.</p>
          </>
        )}
        <Form method="post" action="/logout">
          <Button type="submit">Sign out</Button>
        </Form>
      </div>
    </PublicShell>
  )
}
