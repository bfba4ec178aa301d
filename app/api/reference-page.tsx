import { CodeBlock } from '~/ui/code-block'
import { TableFrame } from '~/ui/table'
import type { ReactNode } from 'react'
import type { FieldRow, Reference, ReferenceOperation } from './reference.server'

// The readable reference of the integration API (/api/docs): plain HTML, no script of its own (the CSP
// allows none from elsewhere, and a reference needs none).

const anchorOf = (op: Pick<ReferenceOperation, 'id'>) => `op-${op.id}`

function Fields({
  rows,
  caption,
  withIn = false,
}: {
  rows: (FieldRow & { in?: string })[]
  caption: string
  withIn?: boolean
}) {
  if (rows.length === 0) return <p className="muted">None.</p>
  return (
    <TableFrame label={caption}>
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            {withIn ? <th scope="col">In</th> : null}
            <th scope="col">Type</th>
            <th scope="col">Required</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.in ?? ''}:${row.name}`}>
              <td className="nowrap">
                <code>{row.name}</code>
              </td>
              {withIn ? <td>{row.in}</td> : null}
              <td>{row.type}</td>
              <td>{row.required ? 'yes' : 'no'}</td>
              <td>{row.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <h4>{title}</h4>
      {children}
    </>
  )
}

function Operation({ op }: { op: ReferenceOperation }) {
  return (
    <section className="card" aria-labelledby={anchorOf(op)}>
      <h3 id={anchorOf(op)}>
        <code>
          {op.method} /api/v1{op.path}
        </code>{' '}
        · {op.summary}
      </h3>
      {op.description
        .split('\n\n')
        .filter(Boolean)
        .map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      <dl className="details">
        <div>
          <dt>Scope</dt>
          <dd>
            {op.scope ? (
              <>
                <code>{op.scope.name}</code> ({op.scope.label})
              </>
            ) : (
              'none: any valid token'
            )}
          </dd>
        </div>
        <div>
          <dt>Callable by users of</dt>
          <dd>{op.portals.join(', ')}</dd>
        </div>
        <div>
          <dt>operationId</dt>
          <dd>
            <code>{op.id}</code>
          </dd>
        </div>
      </dl>
      <Section title="Parameters">
        <Fields rows={op.parameters} caption={`Parameters of ${op.id}`} withIn />
      </Section>
      {op.body ? (
        <Section title="Request body (application/json)">
          <Fields rows={op.body} caption={`Request body of ${op.id}`} />
        </Section>
      ) : null}
      <Section title={`Answer ${op.success.status} (${op.success.type})`}>
        {op.success.type.includes('json') ? (
          <Fields rows={op.success.rows} caption={`Answer of ${op.id}`} />
        ) : (
          <p>The document itself.</p>
        )}
      </Section>
      <Section title="Problems">
        <ul>
          {op.problems.map((p) => (
            <li key={p.status}>
              {p.status}:{' '}
              {p.types.map((type, i) => (
                <span key={type}>
                  {i ? ', ' : ''}
                  <a href={`#problem-${type}`}>{type}</a>
                </span>
              ))}
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Examples">
        {op.examples.map((ex) => (
          <div key={ex.name}>
            <p>
              <strong>{ex.summary}</strong> (answers {ex.status} against the demo data)
            </p>
            <CodeBlock label={`Example of ${op.id}: ${ex.summary}`}>{ex.curl}</CodeBlock>
          </div>
        ))}
      </Section>
    </section>
  )
}

export function ReferencePage({ reference }: { reference: Reference }) {
  const tags = [...new Set(reference.operations.map((op) => op.tag))]
  return (
    <article className="stack api-reference">
      <header className="card">
        <h1>{reference.title}</h1>
        <p>
          Base URL: <code>{reference.base}</code>. JSON over HTTPS; every request carries{' '}
          <code>Authorization: Bearer sp_…</code>, a token made on the API tokens page of your portal. The
          machine-readable contract is the <a href={reference.openapiUrl}>OpenAPI 3.1 document</a>; this page is read
          from it.
        </p>
        <nav aria-label="Operations">
          {tags.map((tag) => (
            <div key={tag}>
              <h2>{tag}</h2>
              <ul>
                {reference.operations
                  .filter((op) => op.tag === tag)
                  .map((op) => (
                    <li key={op.id}>
                      <a href={`#${anchorOf(op)}`}>
                        <code>
                          {op.method} {op.path}
                        </code>
                      </a>{' '}
                      {op.summary}
                    </li>
                  ))}
              </ul>
            </div>
          ))}
          <p>
            <a href="#scopes">Scopes</a> · <a href="#problems">Problem types</a>
          </p>
        </nav>
      </header>
      {tags.map((tag) => (
        <section key={tag} aria-label={tag} className="stack">
          <h2>{tag}</h2>
          {reference.operations
            .filter((op) => op.tag === tag)
            .map((op) => (
              <Operation key={op.id} op={op} />
            ))}
        </section>
      ))}
      <section className="card" aria-labelledby="scopes">
        <h2 id="scopes">Scopes</h2>
        <TableFrame label="Scopes">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Scope</th>
                <th scope="col">What it allows</th>
                <th scope="col">Whose tokens may hold it</th>
              </tr>
            </thead>
            <tbody>
              {reference.scopes.map((s) => (
                <tr key={s.name}>
                  <td className="nowrap">
                    <code>{s.name}</code>
                  </td>
                  <td>{s.label}</td>
                  <td>{s.holders}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      </section>
      <section className="card" aria-labelledby="problems">
        <h2 id="problems">Problem types</h2>
        <p>
          Every refusal is an RFC 9457 problem document (<code>application/problem+json</code>) whose <code>type</code>{' '}
          is one of these.
        </p>
        <dl className="details">
          {reference.problems.map((p) => (
            <div key={p.type} id={`problem-${p.type}`}>
              <dt>
                <a href={p.uri}>
                  <code>{p.type}</code>
                </a>{' '}
                ({p.status}) {p.title}
              </dt>
              <dd>{p.help}</dd>
            </div>
          ))}
        </dl>
      </section>
    </article>
  )
}
