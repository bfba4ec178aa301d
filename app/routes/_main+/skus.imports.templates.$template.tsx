import type { LoaderFunctionArgs } from '@remix-run/node'
import { notFound, requirePortal } from '~/auth/guard.server'
import { getDb } from '~/db.server'
import { importKindSpec, isImportKind } from '~/features/imports/kinds.server'
import { csvResponse } from '~/utils/csv.server'

// The template of a kind of import, its header row: /skus/imports/templates/buyer_skus.csv, and for
// product SKUs the product's: /skus/imports/templates/product_skus-fabric.csv.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePortal(request, 'main')
  const match = /^([a-z_]+?)(?:-([a-z][a-z0-9_]*))?\.csv$/.exec(params.template ?? '')
  const kind = match?.[1]
  if (!match || !isImportKind(kind)) notFound()
  const spec = (await importKindSpec(getDb(), kind, { slug: match[2] ?? null })) ?? notFound()
  if (kind !== 'product_skus' && match[2]) notFound()
  return csvResponse(
    params.template!.replace(/\.csv$/, '-template.csv'),
    spec.columns.map((c) => ({ key: c.name, header: c.name })),
    [],
  )
}
