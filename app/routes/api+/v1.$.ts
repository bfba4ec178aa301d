import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { dispatchV1 } from '~/api/v1/dispatch.server'
import { getDb } from '~/db.server'

// Every request of the integration API (docs/api.md; docs/decisions/0014): one resource route hands
// it to the dispatcher, which checks the token, scope and schemas of the endpoint it names. The
// token is the only credential read here: a session cookie opens nothing under /api.

export const loader = ({ request }: LoaderFunctionArgs) => dispatchV1(request, getDb())
export const action = ({ request }: ActionFunctionArgs) => dispatchV1(request, getDb())
