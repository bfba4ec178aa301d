import { Form } from '@remix-run/react'
import type { InputHTMLAttributes } from 'react'
import { Badge } from '~/ui/badge'
import { Button, SubmitButton } from '~/ui/button'
import { CodeBlock } from '~/ui/code-block'
import { ConfirmDialog } from '~/ui/dialog'
import { Details } from '~/ui/details'
import { Link } from '~/ui/link'
import { PageHeader } from '~/ui/shell'
import { Table } from '~/ui/table'
import { formatBytes, formatDateTime } from '~/utils/format'
import type { DatabaseActionData, DatabasePageData } from './pages.server'

/** /admin/databases/manage: the database's health, its checks, and backups (SQLite) or how to take them (PostgreSQL). */
export function DatabasePage({ data, answer }: { data: DatabasePageData; answer?: DatabaseActionData | null }) {
  const { health } = data
  const check = answer?.intent === 'check' ? answer.result : null
  const stage = answer?.intent === 'stage' ? answer : null
  const restoreAnswer = answer?.intent === 'restore' ? answer : null
  // What was uploaded and checked: from the upload's answer, or again from a refused confirmation.
  const staged = stage && 'summary' in stage ? stage.summary : (restoreAnswer?.summary ?? null)
  const restoreProblem = restoreAnswer && !restoreAnswer.summary ? restoreAnswer.problem : null
  const totalRows = health.tables.reduce((sum, t) => sum + t.rows, 0)
  return (
    <>
      <PageHeader title="Database" />
      <section className="card" aria-labelledby="health-heading">
        <h2 id="health-heading">Health</h2>
        <Details
          items={[
            { label: 'Engine', value: `${health.engine} ${health.version}` },
            { label: 'Where', value: health.location },
            {
              label: 'Size',
              value: `${formatBytes(health.sizeBytes)}${health.journal ? ` (journal: ${health.journal})` : ''}`,
            },
            {
              label: 'Schema',
              value: health.migrations.length
                ? `${health.migrations.length} migrations applied, the last ${health.migrations.at(-1)!.name}`
                : 'No migrations applied',
            },
            {
              label: 'Pending migrations',
              value: health.pending.length ? <Badge tone="warning">{health.pending.join(', ')}</Badge> : 'None',
            },
            ...(health.ahead.length
              ? [
                  {
                    label: 'Run by a newer release',
                    value: (
                      <>
                        <Badge tone="warning">
                          {health.ahead.length} migration{health.ahead.length === 1 ? '' : 's'} this release does not
                          know
                        </Badge>
                        <br />A rolling upgrade is under way, or this release was rolled back to; it serves without them
                        (listed below).
                      </>
                    ),
                  },
                ]
              : []),
          ]}
        />
        <Form method="post" className="form-actions">
          <input type="hidden" name="intent" value="check" />
          <SubmitButton pendingText="Checking…" intent="check">
            Run the integrity check
          </SubmitButton>
        </Form>
        {check ? (
          <div className={check.ok ? 'notice-ok' : 'form-error'} role="status">
            <p>
              <strong>{check.ok ? 'The database is sound.' : 'The check found problems.'}</strong>
            </p>
            <ul>
              {check.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>

      <section className="card" aria-labelledby="backup-heading">
        <h2 id="backup-heading">Backups</h2>
        {data.postgresUrl ? (
          <div className="stack">
            <p>
              On PostgreSQL, backups are the operator’s job, with the server’s own tools; this app does not copy a
              server’s data through a web page. A consistent backup while the app runs:
            </p>
            <CodeBlock label="Backup command">
              pg_dump --format=custom --file=platform-$(date +%F).dump "{data.postgresUrl}"
            </CodeBlock>
            <p>and to restore one into an empty database, with the app stopped:</p>
            <CodeBlock label="Restore command">
              pg_restore --clean --if-exists --no-owner --dbname="{data.postgresUrl}" platform-2026-11-26.dump
            </CodeBlock>
            <p>
              A dump brings back every credential it holds: API tokens revoked since, webhook subscriptions deleted or
              rotated since, sessions and reset links. After restoring an older dump, revoke and delete them again on
              their pages and end every session (docs/operations.md, “Backups and restore”).
            </p>
          </div>
        ) : (
          <>
            <p>
              A backup is a consistent copy of the whole database taken while the app keeps serving (SQLite’s online
              backup). Keep it somewhere safe: it holds every account and order.
            </p>
            {/* A download, not a page: the browser posts it itself, with or without JavaScript. */}
            <Form method="post" action="/admin/databases/manage/backup" reloadDocument className="stack">
              <PlainField
                id="backup-password"
                name="ownPassword"
                type="password"
                autoComplete="current-password"
                required
                label="Your own password (for the download)"
                hint="A backup holds every account’s password hash: confirm it is you."
                problem={data.backupProblem}
              />
              <div className="form-actions">
                <Button type="submit" variant="primary">
                  Download a backup
                </Button>
              </div>
            </Form>
            <h3>Restore from a backup</h3>
            <p className="muted">
              The backup is checked first (a database of this app, undamaged, of this schema version); nothing is
              replaced until you confirm. The database as it is then is kept beside it.
            </p>
            <div className="stack" aria-labelledby="restore-credentials-heading">
              <h4 id="restore-credentials-heading">What a restore does with credentials</h4>
              <ul>
                {data.onRestore.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
            {staged ? (
              <div className="stack" aria-labelledby="staged-heading">
                <h4 id="staged-heading">The uploaded backup is sound</h4>
                <Details
                  items={[
                    { label: 'Size', value: formatBytes(staged.bytes) },
                    { label: 'Schema', value: `${staged.migrations} migrations, the last ${staged.lastMigration}` },
                    ...staged.counts.map((c) => ({ label: c.label, value: c.rows.toLocaleString('en-IN') })),
                  ]}
                />
                <ConfirmDialog
                  trigger="Restore this backup"
                  triggerVariant="danger"
                  title="Replace the database with this backup?"
                  description={`Everything changed since the backup was taken is lost (the current database is kept as a file beside it). ${data.onRestore.join(' ')}`}
                  defaultOpen={Boolean(restoreAnswer?.summary)}
                >
                  <Form method="post">
                    <input type="hidden" name="intent" value="restore" />
                    <input type="hidden" name="stagedId" value={staged.id} />
                    <PlainField
                      id="confirm"
                      name="confirm"
                      autoComplete="off"
                      label="Type RESTORE to confirm"
                      problem={restoreAnswer?.field === 'confirm' ? restoreAnswer.problem : null}
                    />
                    <PlainField
                      id="restore-password"
                      name="ownPassword"
                      type="password"
                      autoComplete="current-password"
                      label="Your own password (for the restore)"
                      problem={restoreAnswer?.field === 'ownPassword' ? restoreAnswer.problem : null}
                    />
                    <div className="form-actions">
                      <SubmitButton variant="danger" pendingText="Restoring…" intent="restore">
                        Replace the database
                      </SubmitButton>
                    </div>
                  </Form>
                </ConfirmDialog>
                <Form method="post">
                  <input type="hidden" name="intent" value="discard" />
                  <input type="hidden" name="stagedId" value={staged.id} />
                  <button type="submit" className="btn btn-link">
                    Discard the upload
                  </button>
                </Form>
              </div>
            ) : (
              <Form method="post" encType="multipart/form-data" className="stack">
                <input type="hidden" name="intent" value="stage" />
                {stage && 'problem' in stage ? (
                  <p className="field-error" id="backup-error" role="alert">
                    {stage.problem}
                  </p>
                ) : null}
                {restoreProblem ? (
                  <p className="field-error" role="alert">
                    {restoreProblem}
                  </p>
                ) : null}
                <div className="field">
                  <label htmlFor="backup">Backup file (.db)</label>
                  <input
                    id="backup"
                    name="backup"
                    type="file"
                    accept=".db,.sqlite,.sqlite3,application/vnd.sqlite3"
                    aria-describedby={stage && 'problem' in stage ? 'backup-error' : undefined}
                    aria-invalid={stage && 'problem' in stage ? true : undefined}
                  />
                </div>
                <div className="form-actions">
                  <SubmitButton pendingText="Checking the backup…" intent="stage">
                    Upload and check
                  </SubmitButton>
                </div>
              </Form>
            )}
            {data.kept.length ? (
              <>
                <h3>Kept on the server</h3>
                <p className="muted">Copies taken before each restore, in {data.keptDir}.</p>
                <ul>
                  {data.kept.map((k) => (
                    <li key={k.name}>
                      {k.name} · {formatBytes(k.bytes)} · {formatDateTime(k.at)}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </>
        )}
      </section>

      <section className="stack" aria-labelledby="tables-heading" style={{ marginTop: 24 }}>
        <div className="list-summary">
          <h2 id="tables-heading" style={{ margin: 0 }}>
            Tables
          </h2>
          <span>
            {health.tables.length} tables, {totalRows.toLocaleString('en-IN')} rows
            {health.tables[0]?.estimated ? ' (PostgreSQL’s estimates)' : ''}
          </span>
          {health.engine === 'SQLite' && !data.sizesMeasured ? (
            <Link to="?sizes=1">Measure table sizes (reads the whole file)</Link>
          ) : null}
        </div>
        <Table
          caption="Tables"
          rows={health.tables}
          rowKey={(t) => t.name}
          columns={[
            { key: 'name', header: 'Table', cell: (t) => <code>{t.name}</code> },
            {
              key: 'rows',
              header: 'Rows',
              numeric: true,
              cell: (t) => `${t.estimated ? '≈ ' : ''}${t.rows.toLocaleString('en-IN')}`,
            },
            {
              key: 'size',
              header: 'Size with indexes',
              numeric: true,
              cell: (t) => (t.bytes === null ? '—' : formatBytes(t.bytes)),
            },
          ]}
        />
      </section>

      <section className="card" aria-labelledby="migrations-heading" style={{ marginTop: 24 }}>
        <h2 id="migrations-heading">Applied migrations</h2>
        <ol>
          {[...health.migrations, ...health.ahead].map((m) => (
            <li key={m.name}>
              <code>{m.name}</code> <span className="muted">{m.appliedAt ? formatDateTime(m.appliedAt) : ''}</span>
              {health.ahead.includes(m) ? (
                <>
                  {' '}
                  <Badge tone="warning">newer release</Badge>
                </>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
    </>
  )
}

/** A field of this page's plain (not conform) forms: its label, an optional hint, and the server's message at the field. */
function PlainField({
  id,
  label,
  hint,
  problem,
  ...input
}: { id: string; label: string; hint?: string; problem?: string | null } & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'type' | 'autoComplete' | 'required'
>) {
  const described = [problem ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ')
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} aria-invalid={problem ? true : undefined} aria-describedby={described || undefined} />
      {hint ? (
        <p className="muted" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {problem ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  )
}
