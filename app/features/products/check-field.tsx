import type { FieldMetadata } from '@conform-to/react'
import { ErrorList } from '~/ui/field'

/** One native checkbox (posts "on" when ticked) that keeps its state when the form comes back. */
export function CheckField({ meta, label }: { meta: FieldMetadata<any>; label: string }) {
  return (
    <div className="field">
      <div className="checks">
        <label>
          <input type="checkbox" name={meta.name} defaultChecked={meta.initialValue === 'on'} aria-describedby={meta.errors?.length ? meta.errorId : undefined} />
          {label}
        </label>
      </div>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  )
}
