import { getInputProps, getSelectProps as conformSelectProps, type FieldMetadata } from '@conform-to/react'
import { Label } from 'radix-ui/label'
import { useEffect, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react'

/**
 * conform's select props, with one value for a single select: a refused form that came back with a
 * field sent twice (never from this page, but a body can say anything) shows its first value.
 */
export function getSelectProps(meta: FieldMetadata<unknown>, options?: Parameters<typeof conformSelectProps>[1]) {
  const props = conformSelectProps(meta, options)
  return Array.isArray(props.defaultValue) && !props.multiple
    ? { ...props, defaultValue: props.defaultValue[0] as string | undefined }
    : props
}

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

interface SummaryForm {
  id: string
  errorId: string
  status?: 'success' | 'error'
  allErrors: Record<string, string[]>
}

/**
 * What is wrong with a submitted form, at its top: the form's own messages, then each field's as a
 * link to the field. It is the form's error element (conform's errorId, so the form is described
 * by it). It shows once the form was sent (not while a field is checked as the user types) and
 * takes focus: by `autofocus` when the server answers a page without JavaScript, so on a page of
 * several forms the browser lands on the one that was refused, and on mount or on a new attempt
 * with JavaScript.
 */
export function ErrorSummary({ form }: { form: SummaryForm }) {
  const [attempts, setAttempts] = useState(0)
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = document.getElementById(form.id)
    const count = () => setAttempts((n) => n + 1)
    element?.addEventListener('submit', count)
    return () => element?.removeEventListener('submit', count)
  }, [form.id])
  const entries = Object.entries(form.allErrors).filter(([, errors]) => errors?.length)
  const shown = entries.length > 0 && (form.status === 'error' || attempts > 0)
  useEffect(() => {
    if (!shown || attempts === 0) return
    const frame = requestAnimationFrame(() => ref.current?.focus())
    return () => cancelAnimationFrame(frame)
  }, [shown, attempts])
  if (!shown) return null
  const formErrors = entries.filter(([name]) => name === '').flatMap(([, errors]) => errors)
  const fieldErrors = entries.filter(([name]) => name !== '')
  const count = fieldErrors.reduce((n, [, errors]) => n + errors.length, 0)
  return (
    // autoFocus: moving focus to what went wrong is the point
    <div className="form-error error-summary" role="alert" id={form.errorId} tabIndex={-1} ref={ref} autoFocus>
      {formErrors.map((error) => (
        <p key={error} style={{ margin: 0 }}>
          {error}
        </p>
      ))}
      {count > 0 ? (
        <>
          <p className="error-summary-title">{count === 1 ? 'One thing to fix:' : `${count} things to fix:`}</p>
          <ul>
            {fieldErrors.flatMap(([name, errors]) =>
              errors.map((error) => (
                <li key={`${name}:${error}`}>
                  <a href={`#${form.id}-${name}`}>{error}</a>
                </li>
              )),
            )}
          </ul>
        </>
      ) : null}
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

type InputType =
  'text' | 'email' | 'password' | 'tel' | 'number' | 'date' | 'datetime-local' | 'time' | 'url' | 'search' | 'color'

interface FieldProps {
  label: ReactNode
  meta: FieldMetadata<unknown>
  type?: InputType
  hint?: ReactNode
  /** Messages from elsewhere shown at this field too (e.g. what a refused publish said about it). */
  extraErrors?: (string | undefined)[]
  inputProps?: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'name'>
}

/** What describes a field's input: its hint, then its messages when it has any. */
export function describedBy(meta: FieldMetadata<unknown>, hint: ReactNode, errors: string[]) {
  return [hint ? `${meta.id}-hint` : null, errors.length ? meta.errorId : null].filter(Boolean).join(' ') || undefined
}

/** The frame every labelled field shares: label, hint, the control, its messages. */
export function FieldFrame({
  label,
  meta,
  hint,
  errors,
  children,
}: {
  label: ReactNode
  meta: FieldMetadata<unknown>
  hint?: ReactNode
  errors: string[]
  children: ReactNode
}) {
  return (
    <div className="field">
      <Label htmlFor={meta.id}>{label}</Label>
      {hint ? (
        <span className="hint" id={`${meta.id}-hint`}>
          {hint}
        </span>
      ) : null}
      {children}
      <ErrorList id={meta.errorId} errors={errors} />
    </div>
  )
}

/** A labelled input with its hint and its errors; it keeps what was typed when the form comes back. */
export function Field({ label, meta, type = 'text', hint, extraErrors = [], inputProps }: FieldProps) {
  const errors = [...(meta.errors ?? []), ...extraErrors.filter((e): e is string => Boolean(e))]
  const props = getInputProps(meta, { type })
  // Passwords are never sent back to the browser.
  if (type === 'password') delete (props as { defaultValue?: unknown }).defaultValue
  return (
    <FieldFrame label={label} meta={meta} hint={hint} errors={errors}>
      <input
        {...props}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={describedBy(meta, hint, errors)}
        {...inputProps}
      />
    </FieldFrame>
  )
}

export function SelectField({
  label,
  meta,
  options,
  placeholder,
}: {
  label: ReactNode
  meta: FieldMetadata<unknown>
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

/** Radio choices (or, with `multiple`, checkboxes) as native inputs, so they post without JavaScript. */
export function ChoiceField({
  legend,
  meta,
  options,
  hint,
  multiple = false,
}: {
  legend: ReactNode
  meta: FieldMetadata<unknown>
  options: { value: string; label: string }[]
  hint?: ReactNode
  multiple?: boolean
}) {
  const invalid = Boolean(meta.errors?.length)
  const chosen = ([] as unknown[]).concat(meta.initialValue ?? [])
  const describedBy =
    [hint ? `${meta.id}-hint` : null, invalid ? meta.errorId : null].filter(Boolean).join(' ') || undefined
  return (
    <fieldset className={invalid ? 'choices field invalid' : 'choices field'} aria-describedby={describedBy}>
      <legend>{legend}</legend>
      {hint ? (
        <span className="hint" id={`${meta.id}-hint`}>
          {hint}
        </span>
      ) : null}
      <div>
        {options.map((o, i) => (
          <label key={o.value}>
            <input
              type={multiple ? 'checkbox' : 'radio'}
              // The first choice carries the field's id, so an error summary's link lands on the group.
              id={i === 0 ? meta.id : undefined}
              name={meta.name}
              value={o.value}
              defaultChecked={chosen.includes(o.value)}
              aria-invalid={invalid || undefined}
            />
            {o.label}
          </label>
        ))}
      </div>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </fieldset>
  )
}

/** One native checkbox (posts "on" when ticked) that keeps its state when the form comes back. */
export function CheckField({ meta, label }: { meta: FieldMetadata<unknown>; label: ReactNode }) {
  const invalid = Boolean(meta.errors?.length)
  return (
    <div className={invalid ? 'field invalid' : 'field'}>
      <div className="checks">
        <label>
          <input
            type="checkbox"
            id={meta.id}
            name={meta.name}
            defaultChecked={meta.initialValue === 'on'}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? meta.errorId : undefined}
          />
          {label}
        </label>
      </div>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  )
}
