import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { ManageCategories } from '~/features/categories/category-list'
import { handleCreateCategory } from '~/features/categories/forms.server'
import { manageCategoriesPage } from '~/features/categories/queries.server'
import { readCategoryFilters } from '~/features/categories/schema.server'
import { newIdempotencyKey } from '~/platform/idempotency.server'
import { pageTitle, type LoaderHandle } from '~/ui/navigation'
import { answerForm } from '~/ui/outcome.server'
import { readForm } from '~/ui/read-form.server'

export const handle: LoaderHandle<typeof loader> = {
  name: 'AdminManageCategories',
  title: 'Categories',
  breadcrumb: (data: { product?: { name: string } | null } | undefined) =>
    data?.product ? `${data.product.name} categories` : 'Categories',
  menu: { group: 'Catalogue', label: 'Categories', order: 10 },
}
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageTitle(data?.product ? `${data.product.name} categories` : 'Categories')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePortal(request, 'admin')
  const filters = readCategoryFilters(new URL(request.url))
  return { filters, ...(await manageCategoriesPage(getDb(), filters)), idempotencyKey: newIdempotencyKey() }
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requirePortal(request, 'admin')
  const outcome = await handleCreateCategory(getDb(), viewer, await readForm(request))
  return answerForm(outcome)
}

export default function AdminManageCategories() {
  return <ManageCategories {...useLoaderData<typeof loader>()} lastResult={useActionData<typeof action>()} />
}
