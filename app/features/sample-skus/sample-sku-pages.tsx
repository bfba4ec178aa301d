import type { SubmissionResult } from '@conform-to/react'
import { History, type HistoryEntry } from '~/ui/history'
import { PageHeader } from '~/ui/shell'
import type { SampleSkuPlace } from './places'
import type { CategoryGroup } from './queries.server'
import { SampleSkuForm } from './sample-sku-form'

// The create and edit pages of the portals that may edit; each portal's route passes its place.

type Reply = SubmissionResult<string[]> | null | undefined

export function CreateSampleSkuPage({
  place,
  categories,
  idempotencyKey,
  lastResult,
}: {
  place: SampleSkuPlace
  categories: CategoryGroup[]
  idempotencyKey: string
  lastResult: Reply
}) {
  const sentKey = lastResult?.initialValue?.idempotencyKey
  return (
    <>
      <PageHeader title="Add a sample SKU" />
      <SampleSkuForm
        place={place}
        categories={categories}
        lastResult={lastResult}
        // The key of the first render: a resubmit after an error or a double click carries the same one.
        idempotencyKey={typeof sentKey === 'string' ? sentKey : idempotencyKey}
      />
    </>
  )
}

export function EditSampleSkuPage({
  place,
  record,
  lastResult,
}: {
  place: SampleSkuPlace
  record: { code: string; version: string; imageId: number | null; values: Record<string, string>; categories: CategoryGroup[]; history: HistoryEntry[] }
  lastResult: Reply
}) {
  return (
    <>
      <PageHeader title={`Edit ${record.code}`} />
      <SampleSkuForm
        place={place}
        categories={record.categories}
        lastResult={lastResult}
        defaultValue={record.values}
        version={record.version}
        imageId={record.imageId}
      />
      <History entries={record.history} />
    </>
  )
}
