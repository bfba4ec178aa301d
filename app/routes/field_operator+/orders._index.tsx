import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { TaskList } from '~/features/qc/field-pages'
import { operatorTasks } from '~/features/qc/field.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'

export const handle: RouteHandle = {
  name: 'FieldOperatorOrders',
  title: 'My inspections',
  menu: { group: 'Work', label: 'Inspections', order: 1 },
}
export const meta: MetaFunction = () => pageTitle('My inspections')

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePortal(request, 'field_operator')
  return operatorTasks(getDb(), viewer)
}

export default function FieldOperatorOrdersPage() {
  return <TaskList {...useLoaderData<typeof loader>()} />
}
