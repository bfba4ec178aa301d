import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { notFound } from '~/auth/guard.server'
import { pageTitle } from '~/ui/navigation'

export const meta: MetaFunction = () => pageTitle('Page not found')

// Answers 404; the main layout's error boundary shows the not-found page inside the layout.
export function loader(_: LoaderFunctionArgs) {
  notFound()
}

export default function NotFoundPage() {
  return null
}
