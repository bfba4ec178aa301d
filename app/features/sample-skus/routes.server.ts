import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { answerForm } from '~/ui/outcome.server'
import { readId } from '~/utils/list-params'
import { newIdempotencyKey } from '~/platform/idempotency.server'
import { readUploadForm } from '../images/images.server'
import { handleSampleSkuForm } from './forms.server'
import type { SampleSkuPlace } from './places'
import { categoryGroups, sampleSkuExists, sampleSkuForEdit, sampleSkuListPage } from './queries.server'
import { readSampleSkuFilters } from './schema'

// The loaders and actions of the list, create and edit pages, the same in every portal that has
// them (admin, catalog manager, biz ops; the demand KAM's list): each route passes its place.

/** The list: the same query and filters in every portal that shows sample SKUs. */
export async function loadList({ request }: LoaderFunctionArgs, place: SampleSkuPlace) {
  await requirePortal(request, place.portal)
  return sampleSkuListPage(getDb(), readSampleSkuFilters(new URL(request.url)))
}

export async function loadCreate({ request }: LoaderFunctionArgs, place: SampleSkuPlace) {
  await requirePortal(request, place.portal)
  return { categories: await categoryGroups(getDb()), idempotencyKey: newIdempotencyKey() }
}

export async function loadEdit({ request, params }: LoaderFunctionArgs, place: SampleSkuPlace) {
  await requirePortal(request, place.portal)
  const id = readId(params.sampleSKUId) ?? notFound()
  return (await sampleSkuForEdit(getDb(), id)) ?? notFound()
}

/** Create (no id in the URL) or save (the URL's sampleSKUId, which must exist). */
export async function saveSampleSku({ request, params }: ActionFunctionArgs, place: SampleSkuPlace) {
  const viewer = await requirePortal(request, place.portal)
  const db = getDb()
  let id: number | undefined
  if (params.sampleSKUId !== undefined) {
    id = readId(params.sampleSKUId) ?? notFound()
    if (!(await sampleSkuExists(db, id))) notFound()
  }
  return answerForm(await handleSampleSkuForm(db, viewer, place, await readUploadForm(request), id))
}
