import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { QcCalendar } from '~/features/qc/calendar-page'
import { calendarAction, calendarPage } from '~/features/qc/calendar.server'
import { pageTitle, type RouteHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

export const handle: RouteHandle = {
  name: 'AdminOrdersQCCalendar',
  title: 'QC calendar',
  menu: { group: 'Orders', label: 'QC calendar', order: 15 },
}
export const meta: MetaFunction = () => pageTitle('QC calendar')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePortal(request, 'admin')
  return calendarPage(getDb(), 'admin', new URL(request.url))
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'admin')
  return answerForm(await calendarAction(getDb(), viewer, 'admin', new URL(request.url), await readForm(request)))
}

export default function AdminQcCalendarPage() {
  return <QcCalendar data={useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} />
}
