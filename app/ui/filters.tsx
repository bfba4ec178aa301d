import { useSearchParams } from '@remix-run/react'
import { Link } from '~/ui/link'
import { Button } from './button'

/**
 * The end of a list's GET filter form: the sort in force rides along (so filtering keeps it;
 * omitted when it is the list's default, to keep URLs short), then Filter and, while filters are
 * set, a link that clears them.
 */
export function FilterActions({
  sort,
  dir,
  defaultSort,
  defaultDir,
  clearTo,
  filtering,
}: {
  sort: string
  dir: 'asc' | 'desc'
  defaultSort: string
  defaultDir: 'asc' | 'desc'
  clearTo: string
  filtering: boolean
}) {
  // A page size asked for in the URL outlives a new filter.
  const perPage = useSearchParams()[0].get('perPage')
  return (
    <>
      {perPage ? <input type="hidden" name="perPage" value={perPage} /> : null}
      {sort !== defaultSort || dir !== defaultDir ? (
        <>
          <input type="hidden" name="sort" value={sort} />
          <input type="hidden" name="dir" value={dir} />
        </>
      ) : null}
      <div className="form-actions">
        <Button type="submit" variant="primary">
          Filter
        </Button>
        {filtering ? <Link to={clearTo}>Clear filters</Link> : null}
      </div>
    </>
  )
}

/** The word-prefix search box of a list's filter form (`q`). */
export function SearchFilter({ value, placeholder }: { value: string; placeholder: string }) {
  return (
    <div className="field grow">
      <label htmlFor="q">Search</label>
      <input id="q" name="q" type="search" defaultValue={value} placeholder={placeholder} />
    </div>
  )
}

/** One choice of a list's filter form; `any` is the empty choice that filters nothing. */
export function SelectFilter({
  name,
  label,
  value,
  any,
  options,
}: {
  name: string
  label: string
  value: string | number | null | undefined
  any?: string
  options: { value: string | number; label: string }[]
}) {
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <select id={name} name={name} defaultValue={value ?? ''}>
        {any ? <option value="">{any}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )
}

/** A date filter (YYYY-MM-DD) and, when what was typed is not a date, why it is ignored. */
export function DateFilter({
  name,
  label,
  value,
  problem,
}: {
  name: string
  label: string
  value: string
  problem?: string
}) {
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <input
        id={name}
        name={name}
        type="date"
        defaultValue={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${name}-error` : undefined}
      />
      {problem ? (
        <p className="field-error" id={`${name}-error`}>
          {problem}
        </p>
      ) : null}
    </div>
  )
}
