import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { notFound } from '~/auth/guard.server'
import { pageTitle } from '~/ui/navigation'

export const meta: MetaFunction = () => pageTitle('Page not found')

// Any path no other route claims: 404, shown inside the main layout.
export function loader(_: LoaderFunctionArgs) {
  notFound()
}

export function action() {
  notFound()
}

export default function UnknownPage() {
  return null
}
