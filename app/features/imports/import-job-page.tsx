import { Form, useLocation, useRevalidator } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { Badge } from '~/ui/badge'
import { SubmitButton } from '~/ui/button'
import { Figures } from '~/ui/figures'
import { History } from '~/ui/history'
import { Link } from '~/ui/link'
import { Pagination } from '~/ui/list-summary'
import { PageHeader } from '~/ui/shell'
import { Table, type Column } from '~/ui/table'
import { countOf, formatDateTime, formatMoney } from '~/utils/format'
import { ImportStatusBadge } from './import-list'
import type { ImportResult } from '#db/types'
import { importPath, IMPORT_OUTCOMES, outcomeLabels, resultLabels, type ImportOutcome } from './kinds'
import type { ImportJobPage, ImportRowView } from './queries.server'

const outcomeTones: Record<ImportOutcome, 'success' | 'info' | 'neutral' | 'danger'> = {
  create: 'success',
  change: 'info',
  unchanged: 'neutral',
  refused: 'danger',
}

/** What applying did to a row; a price-change request waits for a decision, the app's pending tone. */
const resultTones: Record<ImportResult, 'success' | 'warning' | 'neutral' | 'danger'> = {
  created: 'success',
  changed: 'success',
  unchanged: 'neutral',
  refused: 'danger',
  requested: 'warning',
}

/** How often an import being applied is read again (with JavaScript; without it, a meta refresh). */
const POLL_MS = 1_500
const REFRESH_SECONDS = 2

function Cell({ row, column }: { row: ImportRowView; column: string }) {
  const value = row.values[column] ?? ''
  const message = row.messages?.[column]
  const changed = row.before && column in row.before
  return (
    <>
      {changed ? (
        <span className="import-change">
          <del>{row.before![column] || '(empty)'}</del> → <ins>{value || '(empty)'}</ins>
        </span>
      ) : value ? (
        value
      ) : (
        <span className="muted">—</span>
      )}
      {/* A refused row's message is why; on a row that is written it is a note (a price waiting for a decision). */}
      {message ? <p className={row.outcome === 'refused' ? 'field-error' : 'field-note'}>{message}</p> : null}
    </>
  )
}

/** The progress of an import being applied: rows done of the rows to write, read again until it is done. */
function Progress({ done, total }: { done: number; total: number }) {
  const { pathname, search } = useLocation()
  const revalidator = useRevalidator()
  const latest = useRef(revalidator)
  latest.current = revalidator
  useEffect(() => {
    const timer = setInterval(() => {
      if (latest.current.state === 'idle') latest.current.revalidate()
    }, POLL_MS)
    return () => clearInterval(timer)
  }, [])
  return (
    <section className="card" aria-labelledby="progress-heading">
      {/* Without JavaScript the page reads itself again; with it, the timer above does (noscript is inert then). */}
      <noscript>
        <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
      </noscript>
      <h2 id="progress-heading">Applying…</h2>
      <progress max={Math.max(total, 1)} value={done} aria-labelledby="progress-heading" />
      <p role="status">
        {done.toLocaleString('en-IN')} of {countOf(total, 'row')} applied.
      </p>
      <p className="muted">
        This page reads the progress again every few seconds. <Link to={`${pathname}${search}`}>Refresh now</Link>
      </p>
    </section>
  )
}

/** /skus/imports/:id: the preview (every row as it would be written, or why not), applying, and what it did. */
export function ImportJobView({
  job,
  columns,
  priceRequests,
  rows,
  show,
  page,
  pageSize,
  matching,
  history,
}: ImportJobPage) {
  const { pathname } = useLocation()
  const figures = [
    { label: 'Rows', value: job.rowsTotal, to: pathname },
    ...IMPORT_OUTCOMES.map((outcome) => ({
      label: outcomeLabels[outcome],
      value: job.counts[outcome],
      to: `${pathname}?show=${outcome}`,
    })),
    ...(job.applied.refusedWhenApplied
      ? [
          {
            label: 'Refused when applied',
            value: job.applied.refusedWhenApplied,
            to: `${pathname}?show=refused_when_applied`,
          },
        ]
      : []),
  ]
  const written = job.status === 'applied' || job.status === 'applying' || job.status === 'failed'
  const tableColumns: Column<ImportRowView>[] = [
    { key: 'row', header: 'Row', numeric: true, cell: (r) => r.number },
    {
      key: 'outcome',
      header: written ? 'Preview, then applied' : 'Outcome',
      cell: (r) => (
        <>
          <Badge tone={outcomeTones[r.outcome]}>{outcomeLabels[r.outcome]}</Badge>
          {r.result ? (
            <div>
              <Badge tone={resultTones[r.result]}>{resultLabels[r.result]}</Badge>
            </div>
          ) : null}
        </>
      ),
    },
    {
      key: 'record',
      header: 'Record',
      title: true,
      cell: (r) => {
        // Reasons that belong to no column of the file: the row's own, or a column the file left out.
        const other = Object.entries(r.messages ?? {}).filter(([column]) => !columns.includes(column))
        return (
          <>
            {r.key}
            {other.map(([column, message]) => (
              <p key={column} className="field-error">
                {column ? `${column}: ` : ''}
                {message}
              </p>
            ))}
            {r.resultMessage ? <p className="field-error">When applied: {r.resultMessage}</p> : null}
          </>
        )
      },
    },
    ...columns.map((column) => ({
      key: `c-${column}`,
      header: column,
      cell: (r: ImportRowView) => <Cell row={r} column={column} />,
    })),
  ]
  const toApply = job.toApply - job.rowsDone
  const filtered =
    show === 'refused_when_applied' ? 'refused when applied' : show ? outcomeLabels[show].toLowerCase() : null
  return (
    <>
      <PageHeader title={`Import #${job.id}`}>
        <ImportStatusBadge status={job.status} />
      </PageHeader>
      <p>
        {job.label} from <strong>{job.fileName}</strong>, uploaded by {job.uploadedBy ?? 'someone'} on{' '}
        <time dateTime={job.createdAt}>{formatDateTime(job.createdAt)}</time>.
      </p>
      <Figures figures={figures} label="Rows by outcome" />

      {job.status === 'previewed' ? (
        <section className="card" aria-labelledby="apply-heading">
          <h2 id="apply-heading">Apply</h2>
          {toApply > 0 ? (
            <p>
              Applying writes {countOf(job.counts.create, 'new record')} and {countOf(job.counts.change, 'change')}, in
              the background; each row is checked again as it is written. Unchanged and refused rows are left out.
            </p>
          ) : (
            <p>
              Nothing to apply: every row is unchanged or refused. Fix the refused rows in the file and import it again.
            </p>
          )}
          <div className="row">
            {toApply > 0 ? (
              <Form method="post">
                <input type="hidden" name="intent" value="apply" />
                <SubmitButton variant="primary" intent="apply" pendingText="Starting…">
                  Apply {countOf(toApply, 'row')}
                </SubmitButton>
              </Form>
            ) : null}
            <Form method="post">
              <input type="hidden" name="intent" value="cancel" />
              <SubmitButton intent="cancel" pendingText="Discarding…">
                Discard
              </SubmitButton>
            </Form>
          </div>
        </section>
      ) : null}
      {job.status === 'applying' ? <Progress done={job.rowsDone} total={job.toApply} /> : null}
      {job.status === 'failed' ? (
        <section className="card" aria-labelledby="failed-heading" role="alert">
          <h2 id="failed-heading">Applying stopped</h2>
          <p>
            {job.rowsDone.toLocaleString('en-IN')} of {countOf(job.toApply, 'row')} were applied before it stopped:{' '}
            {job.error ?? 'an error'}.
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="apply" />
            <SubmitButton variant="primary" intent="apply" pendingText="Starting…">
              Apply the other {countOf(toApply, 'row')}
            </SubmitButton>
          </Form>
        </section>
      ) : null}
      {job.status === 'applied' ? (
        <section className="card" aria-labelledby="done-heading" role="status">
          <h2 id="done-heading">Applied</h2>
          <p>
            {countOf(job.applied.created, 'record')} created, {countOf(job.applied.changed, 'record')} changed
            {job.applied.requested ? `, ${countOf(job.applied.requested, 'price-change request')} made` : ''}
            {job.applied.kept ? `, ${countOf(job.applied.kept, 'row')} already so when applied` : ''}
            {job.applied.refusedWhenApplied
              ? `, ${countOf(job.applied.refusedWhenApplied, 'row')} refused when applied (the catalogue had changed since the preview)`
              : ''}
            {job.finishedAt ? (
              <>
                {' '}
                on <time dateTime={job.finishedAt}>{formatDateTime(job.finishedAt)}</time>
              </>
            ) : null}
            .
          </p>
        </section>
      ) : null}
      {priceRequests.length ? (
        <section className="card" aria-labelledby="requests-heading">
          <h2 id="requests-heading">Price changes waiting for a decision</h2>
          <p>
            These prices need an admin’s decision, so applying did not change them: it made{' '}
            {countOf(priceRequests.length, 'price-change request')}. Each price stays as it was until its request is
            approved.
          </p>
          <ul>
            {priceRequests.map((p) => (
              <li key={p.id}>
                <Link to={`/redirect/approvals/buyer_skus/pricing_requests/${p.id}`}>Price change #{p.id}</Link>:{' '}
                {p.buyerName} · {p.buyerCode}, {formatMoney(p.priceMinor)} → {formatMoney(p.proposedMinor)} ({p.status})
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {job.status === 'cancelled' ? (
        <p className="muted">This import was discarded: nothing of it was applied.</p>
      ) : null}

      <h2 style={{ marginTop: 24 }}>{filtered ? `Rows: ${filtered}` : 'Rows'}</h2>
      {show ? (
        <p>
          {countOf(matching, 'row')} {filtered}. <Link to={importPath(job.id)}>Show every row</Link>
        </p>
      ) : null}
      <Table
        caption={`Rows of import #${job.id}`}
        rows={rows}
        rowKey={(r) => r.number}
        columns={tableColumns}
        empty={show ? `No row is ${filtered}.` : 'The file had no rows.'}
      />
      <Pagination page={page} pageSize={pageSize} total={matching} shown={rows.length} />
      <History entries={history} />
    </>
  )
}
