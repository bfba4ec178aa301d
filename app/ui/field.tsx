import { getInputProps, getSelectProps, type FieldMetadata } from '@conform-to/react'
import { Label } from 'radix-ui/label'
import type { InputHTMLAttributes, ReactNode } from 'react'

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null
  return (
    <div id={id}>
      {errors.map((error) => (
        <p key={error} className="field-error">
          {error}
        </p>
      ))}
    </div>
  )
}

/** Errors that belong to the whole form (wrong password, too many attempts). */
export function FormErrors({ errors, id }: { errors?: string[] | null; id?: string }) {
  if (!errors?.length) return null
  return (
    <div className="form-error" role="alert" id={id}>
      {errors.map((error) => (
        <p key={error} style={{ margin: 0 }}>
          {error}
        </p>
      ))}
    </div>
  )
}

type InputType = 'text' | 'email' | 'password' | 'tel' | 'number' | 'date' | 'time' | 'url' | 'search' | 'color'

interface FieldProps {
  label: ReactNode
  meta: FieldMetadata<any>
  type?: InputType
  hint?: ReactNode
  inputProps?: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'name'>
}

/** A labelled input with its hint and its errors; it keeps what was typed when the form comes back. */
export function Field({ label, meta, type = 'text', hint, inputProps }: FieldProps) {
  const hintId = hint ? `${meta.id}-hint` : undefined
  const props = getInputProps(meta, { type, ariaDescribedBy: hintId })
  // Passwords are never sent back to the browser.
  if (type === 'password') delete (props as { defaultValue?: unknown }).defaultValue
  return (
    <div className="field">
      <Label htmlFor={meta.id}>{label}</Label>
      {hint ? (
        <span className="hint" id={hintId}>
          {hint}
        </span>
      ) : null}
      <input {...props} {...inputProps} />
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

export function SelectField({
  label,
  meta,
  options,
  placeholder,
}: {
  label: ReactNode
  meta: FieldMetadata<any>
  options: { value: string; label: string }[]
  placeholder?: string
}) {
  return (
    <div className="field">
      <Label htmlFor={meta.id}>{label}</Label>
      <select {...getSelectProps(meta)}>
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

/** Radio choices as native inputs, so they post without JavaScript. */
export function ChoiceField({
  legend,
  meta,
  options,
}: {
  legend: ReactNode
  meta: FieldMetadata<any>
  options: { value: string; label: string }[]
}) {
  return (
    <fieldset className="choices field" aria-describedby={meta.errors?.length ? meta.errorId : undefined}>
      <legend>{legend}</legend>
      <div>
        {options.map((o) => (
          <label key={o.value}>
            <input type="radio" name={meta.name} value={o.value} defaultChecked={meta.initialValue === o.value} />
            {o.label}
          </label>
        ))}
      </div>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </fieldset>
  )
}
