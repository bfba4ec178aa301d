import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { SubmitButton } from '~/ui/button'
import { CopyText } from '~/ui/copy-text'
import { ConfirmDialog } from '~/ui/dialog'
import { ErrorList, ErrorSummary } from '~/ui/field'
import { FilterActions, SelectFilter } from '~/ui/filters'
import { useZodForm } from '~/ui/form'
import { ListSummary, Pagination } from '~/ui/list-summary'
import { PageHeader } from '~/ui/shell'
import { Table } from '~/ui/table'
import { formatBytes, formatDateTime } from '~/utils/format'
import { sentenceCase } from '~/ui/badge'
import type { AssetsPageData } from './pages.server'
import { ASSET_MAX_FILES, ASSET_PAGE_SIZE } from './shared'

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif,application/pdf,.docx,.xlsx,.pptx,.zip,video/mp4'

/** /assets_uploader: upload files, find them, copy their links, delete them. */
export function AssetsPage({
  data,
  lastResult,
}: {
  data: AssetsPageData
  lastResult?: SubmissionResult<string[]> | null
}) {
  const [form] = useZodForm(() => import('./schema').then((m) => m.assetSchema), {
    id: 'upload',
    lastResult,
    defaultValue: { intent: 'upload' },
  })
  const { filters } = data
  const filtering = Boolean(filters.q || filters.kind || filters.mine)
  const fileErrors = form.allErrors.files
  return (
    <>
      <PageHeader title="Asset uploader" />
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="card"
        aria-labelledby="upload-heading"
      >
        <h2 id="upload-heading">Upload files</h2>
        <ErrorSummary form={form} />
        <input type="hidden" name="intent" value="upload" />
        <input type="hidden" name="idempotencyKey" value={data.idempotencyKey} />
        <div className="field">
          <label htmlFor="upload-files">Files</label>
          <span className="hint" id="upload-files-hint">
            Up to {ASSET_MAX_FILES} at a time, each at most {data.maxMb} MB: {data.rules}. Anyone with a file’s link can
            open it.
          </span>
          <input
            id="upload-files"
            type="file"
            name="files"
            multiple
            accept={ACCEPT}
            aria-describedby={`upload-files-hint${fileErrors?.length ? ' upload-files-error' : ''}`}
            aria-invalid={fileErrors?.length ? true : undefined}
          />
          <ErrorList id="upload-files-error" errors={fileErrors} />
        </div>
        <div className="form-actions">
          <SubmitButton variant="primary" pendingText="Uploading…" intent="upload">
            Upload
          </SubmitButton>
        </div>
      </Form>
      <Form method="get" className="filters" role="search" aria-label="Filter files" style={{ marginTop: 24 }}>
        <div className="field grow">
          <label htmlFor="q">Name</label>
          <input id="q" name="q" type="search" defaultValue={filters.q} placeholder="Part of the file’s name" />
        </div>
        <SelectFilter name="kind" label="Kind" value={filters.kind} any="Any kind" options={data.kinds} />
        <label className="check filter-check">
          <input type="checkbox" name="mine" value="1" defaultChecked={filters.mine} /> Only mine
        </label>
        <FilterActions
          sort="new"
          dir="desc"
          defaultSort="new"
          defaultDir="desc"
          clearTo="/assets_uploader"
          filtering={filtering}
        />
      </Form>
      <ListSummary total={data.total} capped={data.capped} noun="file" matching={filtering && 'these filters'} />
      <Table
        caption="Uploaded files"
        rows={data.rows}
        rowKey={(r) => r.id}
        empty={filtering ? 'No file matches these filters.' : 'No files uploaded yet.'}
        columns={[
          {
            key: 'name',
            header: 'File',
            title: true,
            cell: (r) => (
              <span className="asset-name">
                {r.kind === 'image' ? (
                  <img src={r.path} alt="" width={48} height={48} loading="lazy" className="thumbnail" />
                ) : null}
                <a href={r.path} target="_blank" rel="noreferrer">
                  {r.name}
                </a>
              </span>
            ),
          },
          {
            key: 'kind',
            header: 'Kind',
            cell: (r) => `${sentenceCase(r.kind)}${r.width ? ` · ${r.width} × ${r.height}` : ''}`,
          },
          { key: 'size', header: 'Size', numeric: true, cell: (r) => formatBytes(r.bytes) },
          {
            key: 'by',
            header: 'Uploaded',
            cell: (r) => `${formatDateTime(r.createdAt)}${r.uploader ? ` by ${r.uploader}` : ''}`,
          },
          { key: 'link', header: 'Link', cell: (r) => <CopyText value={r.url} label={`Link to ${r.name}`} /> },
          {
            key: 'delete',
            header: 'Delete',
            hideHeader: true,
            actions: true,
            cell: (r) => (
              <ConfirmDialog
                trigger={
                  <>
                    Delete<span className="visually-hidden"> {r.name}</span>
                  </>
                }
                triggerVariant="danger"
                title={`Delete ${r.name}?`}
                description="The file goes too: its link stops working wherever it was shared."
              >
                <Form method="post">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="assetId" value={r.id} />
                  <div className="form-actions">
                    <SubmitButton variant="danger" pendingText="Deleting…" intent="delete">
                      Delete the file
                    </SubmitButton>
                  </div>
                </Form>
              </ConfirmDialog>
            ),
          },
        ]}
      />
      <Pagination
        page={filters.page}
        pageSize={ASSET_PAGE_SIZE}
        total={data.total}
        capped={data.capped}
        shown={data.rows.length}
      />
    </>
  )
}
