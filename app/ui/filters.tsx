import { Link } from '@remix-run/react'
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
  return (
    <>
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
