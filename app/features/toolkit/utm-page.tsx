import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { CopyText } from '~/ui/copy-text'
import { ErrorSummary, Field } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import { PageHeader } from '~/ui/shell'
import { SubmitButton } from '~/ui/button'
import { Table } from '~/ui/table'
import { formatDateTime } from '~/utils/format'
import type { UtmPageData } from './pages.server'
import { buildUtmUrl } from './shared'

/** /toolkit/utm: build a tagged link (live preview with JavaScript), save it with a short link, see its clicks. */
export function UtmPage({ data, lastResult }: { data: UtmPageData; lastResult?: SubmissionResult<string[]> | null }) {
  const { mayShorten, tagging } = data
  const [form, fields] = useZodForm(() => import('./utm').then((m) => (mayShorten ? m.utmSchema : m.utmTagSchema)), {
    id: 'utm',
    lastResult,
    defaultValue: mayShorten ? { intent: 'save' } : { ...tagging?.tags },
  })
  const value = (name: keyof typeof fields) => String(fields[name].value ?? '')
  // The preview follows what is typed (conform keeps each field's value as it changes).
  const preview = buildUtmUrl({
    url: value('url'),
    source: value('source'),
    medium: value('medium'),
    campaign: value('campaign'),
    term: value('term'),
    content: value('content'),
  })
  return (
    <>
      <PageHeader title="UTM links" />
      <Form method={mayShorten ? 'post' : 'get'} {...getFormProps(form)} className="card" aria-labelledby="utm-heading">
        <h2 id="utm-heading">Tag a link</h2>
        <ErrorSummary form={form} />
        {tagging?.problem ? (
          <p className="form-error" role="alert">
            {tagging.problem}
          </p>
        ) : null}
        {mayShorten ? (
          <>
            <input type="hidden" name="intent" value="save" />
            <input type="hidden" name="idempotencyKey" value={data.idempotencyKey} />
          </>
        ) : null}
        <div className="form-grid">
          <Field
            label="Page address"
            meta={fields.url}
            hint={
              mayShorten
                ? `The full address, like https://shop.example.com/summer. Short links lead only to: ${data.shortLinkHosts.join(', ')}`
                : 'The full address, like https://shop.example.com/summer'
            }
            inputProps={{ inputMode: 'url', placeholder: 'https://' }}
          />
          <Field
            label="Source"
            meta={fields.source}
            hint="Where visitors come from: newsletter, google, partner-site"
          />
          <Field label="Medium" meta={fields.medium} hint="How: email, cpc, social, banner" />
          <Field label="Campaign" meta={fields.campaign} hint="Which campaign: diwali-2026" />
          <Field label="Term (optional)" meta={fields.term} hint="Paid search keywords" />
          <Field
            label="Content (optional)"
            meta={fields.content}
            hint="Which link or ad, when several go to one page"
          />
        </div>
        {preview ? (
          <div className="stack">
            <h3 style={{ margin: 0 }}>The tagged link</h3>
            <p className="utm-preview" aria-live="polite">
              {preview}
            </p>
          </div>
        ) : null}
        <div className="form-actions">
          {mayShorten ? (
            <SubmitButton variant="primary" pendingText="Saving…" intent="save">
              Save the link and make a short link
            </SubmitButton>
          ) : (
            <>
              <SubmitButton variant="primary">Make the tagged link</SubmitButton>
              <p className="muted">Copy the tagged link from above. Short links are made by our staff.</p>
            </>
          )}
        </div>
      </Form>
      <section className="stack" aria-labelledby="links-heading" style={{ marginTop: 24 }}>
        <h2 id="links-heading">Your links</h2>
        <Table
          caption="Your saved links"
          rows={data.links}
          rowKey={(r) => r.id}
          empty="You have no saved links yet."
          columns={[
            {
              key: 'campaign',
              header: 'Campaign',
              cell: (r) => (
                <>
                  <strong>{r.campaign}</strong>
                  <div className="muted">
                    {r.source} / {r.medium}
                    {r.term ? ` · ${r.term}` : ''}
                    {r.content ? ` · ${r.content}` : ''}
                  </div>
                </>
              ),
            },
            {
              key: 'url',
              header: 'Tagged link',
              cell: (r) => <CopyText value={r.url} label={`Tagged link of ${r.campaign}`} />,
            },
            {
              key: 'short',
              header: 'Short link',
              cell: (r) => <CopyText value={r.shortUrl} label={`Short link of ${r.campaign}`} />,
            },
            {
              key: 'clicks',
              header: 'Clicks',
              numeric: true,
              cell: (r) => (
                <>
                  {r.clicks}
                  {r.lastClickedAt ? <div className="muted">last {formatDateTime(r.lastClickedAt)}</div> : null}
                </>
              ),
            },
            { key: 'created', header: 'Saved', nowrap: true, cell: (r) => formatDateTime(r.createdAt) },
            {
              key: 'delete',
              header: 'Delete',
              hideHeader: true,
              actions: true,
              cell: (r) => (
                <Form method="post">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="linkId" value={r.id} />
                  <button type="submit" className="btn btn-link">
                    Delete
                    <span className="visually-hidden">
                      {' '}
                      the link of {r.campaign} ({r.shortUrl})
                    </span>
                  </button>
                </Form>
              ),
            },
          ]}
        />
      </section>
    </>
  )
}
