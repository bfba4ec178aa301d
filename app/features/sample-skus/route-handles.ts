import type { Crumb, RouteHandle } from '~/ui/navigation'
import { pageTitle } from '~/ui/navigation'
import type { SampleSkuPlace } from './places'

// What the list, create and edit routes of every portal say about themselves; only the spec's
// route name differs per portal.

/** The list page, in the Catalogue menu of every portal that has it. */
export const listHandle = (name: string): RouteHandle => ({
  name,
  title: 'Sample SKUs',
  menu: { group: 'Catalogue', label: 'Sample SKUs' },
})
export const listMeta = () => pageTitle('Sample SKUs')

const listCrumb = (place: SampleSkuPlace): Crumb[] => [{ text: 'Sample SKUs', to: place.base }]

export const createHandle = (name: string, place: SampleSkuPlace): RouteHandle => ({
  name,
  title: 'Add a sample SKU',
  breadcrumb: 'Add',
  parents: listCrumb(place),
})
export const createMeta = () => pageTitle('Add a sample SKU')

export const editHandle = (name: string, place: SampleSkuPlace): RouteHandle<{ code: string }> => ({
  name,
  title: 'Edit sample SKU',
  breadcrumb: (data) => (data ? `Edit ${data.code}` : 'Edit'),
  parents: listCrumb(place),
})
export const editMeta = ({ data }: { data?: { code: string } }) =>
  pageTitle(data ? `Edit ${data.code}` : 'Edit sample SKU')
