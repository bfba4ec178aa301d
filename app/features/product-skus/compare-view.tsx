import { TableFrame } from '~/ui/table'
import { Form } from '@remix-run/react'
import { Link } from '~/ui/link'
import { Button } from '~/ui/button'
import { PageHeader } from '~/ui/shell'
import type { ComparedRow, CompareRequest } from './compare.server'
import { MAX_COMPARED, comparePath, skuListPath, skuPath } from './shared'

interface Sku {
  id: number
  code: string
  name: string
}

export interface CompareViewProps {
  category: { id: number; name: string; productName: string; productSlug: string }
  request: CompareRequest
  chosen: Sku[]
  candidates: Sku[]
  messages: string[]
  rows: ComparedRow[]
}

/**
 * Pick SKUs of one category (a GET form: ticked boxes and typed codes; the URL is the state),
 * then see them side by side. A row whose values differ is shaded and says "differs" in words,
 * so it reads the same to a screen reader and on paper.
 */
export function CompareView({ category, request, chosen, candidates, messages, rows }: CompareViewProps) {
  // Two of this category's own codes as the example of what to type.
  const examples = [...chosen, ...candidates]
    .slice(0, 2)
    .map((s) => s.code)
    .join(', ')
  const path = comparePath(category.id)
  return (
    <>
      <PageHeader title={`Compare ${category.name} SKUs`}>
        <Link to={`${skuListPath(category.productSlug)}?category=${category.id}`}>All {category.name} SKUs</Link>
      </PageHeader>
      {messages.length > 0 ? (
        <div className="form-error" role="status">
          {messages.map((m) => (
            <p key={m} style={{ margin: 0 }}>
              {m}
            </p>
          ))}
        </div>
      ) : null}
      <Form method="get" className="card" aria-label="Choose SKUs to compare">
        <div className="filters">
          <div className="field grow">
            <label htmlFor="q">Search in {category.name}</label>
            <input id="q" name="q" type="search" defaultValue={request.q} placeholder="Code or name" />
          </div>
          <div className="field grow">
            <label htmlFor="codes">Or type codes</label>
            <input
              id="codes"
              name="codes"
              defaultValue={request.codes}
              placeholder={examples || undefined}
              spellCheck={false}
              autoCapitalize="characters"
            />
          </div>
          <div className="form-actions">
            <Button type="submit" variant="primary">
              Compare
            </Button>
            {chosen.length || request.q || request.codes ? <Link to={path}>Start again</Link> : null}
          </div>
        </div>
        <fieldset className="field">
          <legend>
            SKUs of {category.name}: tick up to {MAX_COMPARED}, then Compare
          </legend>
          <div className="checks compare-choices">
            {chosen.map((s) => (
              <label key={s.id}>
                <input type="checkbox" name="sku" value={s.id} defaultChecked /> {s.code}{' '}
                <span className="muted">{s.name}</span>
              </label>
            ))}
            {candidates.map((s) => (
              <label key={s.id}>
                <input type="checkbox" name="sku" value={s.id} /> {s.code} <span className="muted">{s.name}</span>
              </label>
            ))}
            {chosen.length + candidates.length === 0 ? (
              <p className="muted">No active SKU of {category.name} matches this search.</p>
            ) : null}
          </div>
        </fieldset>
      </Form>
      {chosen.length === 0 ? (
        <p className="muted">Tick two or more SKUs, or type their codes, to see them side by side.</p>
      ) : (
        <TableFrame label={`${category.name} SKUs side by side`} className="compare-table">
          <table className="table">
            <caption className="visually-hidden">{category.name} SKUs side by side</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                {chosen.map((s) => (
                  <th key={s.id} scope="col">
                    <Link to={skuPath(category.productSlug, s.id)}>{s.code}</Link>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label} className={row.differs ? 'diff' : undefined}>
                  <th scope="row">
                    {row.label}
                    {row.differs ? <span className="diff-marker"> (differs)</span> : null}
                  </th>
                  {row.values.map((value, i) => (
                    <td key={chosen[i].id}>{value}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </>
  )
}
