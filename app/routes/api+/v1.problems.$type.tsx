import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { notFound } from '~/auth/guard.server'
import { isProblemType, PROBLEM_HELP, PROBLEM_TYPES } from '~/platform/api/problem'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { PublicShell } from '~/ui/shell'

export const handle: LoaderHandle<typeof loader> = {
  name: 'ApiProblemType',
  title: 'API problem type',
  breadcrumb: (data) => data?.type ?? 'Problem type',
}
export const meta: MetaFunction<typeof loader> = ({ data }) => pageTitle(data ? data.title : 'API problem type')

// What a problem `type` of the integration API means (RFC 9457: a type URI should open a page for
// people). This route is more specific than the API's splat, so /api/v1/problems/… is answered here.
export function loader({ params }: LoaderFunctionArgs) {
  const type = params.type ?? ''
  if (!isProblemType(type)) notFound()
  return { type, ...PROBLEM_TYPES[type], help: PROBLEM_HELP[type] }
}

export default function ApiProblemTypeRoute() {
  const problem = useLoaderData<typeof loader>()
  return (
    <PublicShell>
      <article className="card">
        <p className="muted">Integration API · problem type</p>
        <h1>{problem.title}</h1>
        <p>
          <code>{problem.type}</code> · HTTP {problem.status}
        </p>
        <p>{problem.help}</p>
        <p>
          <a href={`/api/docs#problem-${problem.type}`}>Every problem type</a> · <a href="/api/docs">API reference</a>
        </p>
      </article>
    </PublicShell>
  )
}
