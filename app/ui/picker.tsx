import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { Label } from 'radix-ui/label'
import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
} from 'react'
import { pickFieldName, type PickKind, type PickOption } from '~/platform/pick'
import { useLocation } from '@remix-run/react'
import { describedBy, FieldFrame } from './field'
import { Link } from './link'
import { useHydrated } from './hooks'

// The list's layer (Radix popover: placement, outside clicks) is fetched once the user is at a picker.
const loadList = () => import('./picker-list')
const PickerList = lazy(loadList)

/** How long typing must pause before the matches are fetched. */
const DEBOUNCE_MS = 200

export interface PickerInputProps {
  id: string
  name: string
  kind: PickKind
  /** The record the kind is picked within (a buyer, for its SKUs). */
  within?: number | null
  defaultValue?: string
  /** Records the server offered after a refused submit: radios that replace what was typed. */
  choices?: PickOption[]
  invalid?: boolean
  describedBy?: string
  placeholder?: string
  inputProps?: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'name' | 'id' | 'defaultValue'>
  /** Called when a record is chosen in the list (after the field is filled in with it). */
  onPick?: (option: PickOption) => void
}

type ListState =
  { status: 'closed' } | { status: 'loading' } | { status: 'ready'; query: string; options: PickOption[] }

/**
 * A field that names a record. Without JavaScript it is a text field: the server checks what was
 * typed on submit (an exact name or code, or "#id") and, when that names none or several, answers
 * with the matches as radios beside it. With JavaScript it is also a combobox (ARIA 1.2 pattern):
 * typing fetches matches in the viewer's scope from /pick/:kind, arrows move through them, Enter
 * or a click fills the field with the chosen record, Escape closes the list.
 */
export function PickerInput({
  id,
  name,
  kind,
  within,
  defaultValue,
  choices = [],
  invalid,
  describedBy,
  placeholder,
  inputProps,
  onPick,
}: PickerInputProps) {
  const hydrated = useHydrated()
  const inputRef = useRef<HTMLInputElement>(null)
  const listId = `${id}-list`
  const [list, setList] = useState<ListState>({ status: 'closed' })
  const [active, setActive] = useState(-1)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  const request = useRef<AbortController>()

  useEffect(
    () => () => {
      clearTimeout(timer.current)
      request.current?.abort()
    },
    [],
  )

  const close = () => {
    clearTimeout(timer.current)
    request.current?.abort()
    setList({ status: 'closed' })
    setActive(-1)
  }

  const search = (query: string) => {
    clearTimeout(timer.current)
    request.current?.abort()
    if (!query.trim()) return close()
    timer.current = setTimeout(async () => {
      const controller = new AbortController()
      request.current = controller
      setList((now) => (now.status === 'ready' ? now : { status: 'loading' }))
      try {
        const response = await fetch(
          `/pick/${kind}?${new URLSearchParams({ q: query, ...(within ? { within: String(within) } : {}) })}`,
          { signal: controller.signal, headers: { Accept: 'application/json' } },
        )
        if (!response.ok) return close()
        const { options } = (await response.json()) as { options: PickOption[] }
        setList({ status: 'ready', query, options })
        setActive(options.length ? 0 : -1)
      } catch {
        // Aborted by newer typing, or offline: the field still takes what is typed.
      }
    }, DEBOUNCE_MS)
  }

  const fill = (value: string) => {
    const input = inputRef.current
    if (!input) return
    input.value = value
    // conform revalidates on input events; the picker's own handler ignores this one.
    input.dispatchEvent(new Event('input', { bubbles: true }))
  }

  const filling = useRef(false)
  const pick = (option: PickOption) => {
    close()
    filling.current = true
    fill(option.value)
    filling.current = false
    inputRef.current?.focus()
    onPick?.(option)
  }

  const options = list.status === 'ready' ? list.options : []
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (list.status === 'closed') {
        search(event.currentTarget.value)
        return
      }
      event.preventDefault()
      if (!options.length) return
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((now) => (now + step + options.length) % options.length)
    } else if (event.key === 'Enter' && list.status !== 'closed' && active >= 0 && options[active]) {
      // Enter chooses the highlighted record rather than sending the form.
      event.preventDefault()
      pick(options[active])
    } else if (event.key === 'Escape' && list.status !== 'closed') {
      event.preventDefault()
      close()
    }
  }

  const open = hydrated && list.status !== 'closed'
  const combobox = hydrated
    ? {
        role: 'combobox' as const,
        'aria-autocomplete': 'list' as const,
        'aria-expanded': open,
        'aria-controls': listId,
        'aria-activedescendant': open && active >= 0 && options[active] ? `${listId}-${active}` : undefined,
        onInput: (event: React.FormEvent<HTMLInputElement>) => {
          if (!filling.current) search(event.currentTarget.value)
        },
        onKeyDown,
        onFocus: () => void loadList(),
        onBlur: () => setTimeout(close, 150),
      }
    : {}

  return (
    <div className="picker">
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="text"
        defaultValue={defaultValue}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        {...inputProps}
        {...combobox}
      />
      {open ? (
        <Suspense fallback={null}>
          <PickerList
            anchor={inputRef}
            listId={listId}
            state={list}
            active={active}
            onPick={pick}
            onHover={setActive}
            onDismiss={close}
          />
        </Suspense>
      ) : null}
      {choices.length ? (
        <PickChoices id={id} name={name} choices={choices} onChoose={(option) => fill(option.value)} />
      ) : null}
    </div>
  )
}

/** The server's matches for a refused reference: radios, so a choice needs no JavaScript. */
function PickChoices({
  id,
  name,
  choices,
  onChoose,
}: {
  id: string
  name: string
  choices: PickOption[]
  onChoose: (option: PickOption) => void
}) {
  const legendId = useId()
  return (
    <fieldset className="pick-choices" aria-labelledby={legendId}>
      <legend id={legendId}>Choose one, then send the form again</legend>
      {choices.map((option, index) => (
        <label key={`${option.id}:${option.value}`} className="pick-choice" htmlFor={`${id}-choice-${index}`}>
          <input
            type="radio"
            id={`${id}-choice-${index}`}
            name={pickFieldName(name)}
            value={option.value}
            onChange={() => onChoose(option)}
          />
          <span>
            {option.label}
            {option.detail ? <span className="muted"> · {option.detail}</span> : null}
          </span>
        </label>
      ))}
    </fieldset>
  )
}

/** A labelled picker in a conform form: the typed value, the hint, the message, the choices. */
export function PickerField({
  label,
  meta,
  kind,
  within,
  hint,
  choices,
  extraErrors = [],
  inputProps,
}: {
  label: ReactNode
  meta: FieldMetadata<unknown>
  kind: PickKind
  /** The record the kind is picked within (a buyer, for its SKUs). */
  within?: number | null
  hint?: ReactNode
  choices?: PickOption[]
  /** Messages from elsewhere shown at this field too. */
  extraErrors?: string[]
  inputProps?: PickerInputProps['inputProps']
}) {
  const errors = [...(meta.errors ?? []), ...extraErrors]
  const props = getInputProps(meta, { type: 'text' })
  return (
    <FieldFrame label={label} meta={meta} hint={hint} errors={errors}>
      <PickerInput
        key={meta.key}
        id={meta.id}
        name={meta.name}
        kind={kind}
        within={within}
        defaultValue={typeof props.defaultValue === 'string' ? props.defaultValue : undefined}
        choices={choices}
        invalid={errors.length > 0}
        describedBy={describedBy(meta, hint, errors)}
        inputProps={inputProps}
      />
    </FieldFrame>
  )
}

/**
 * A picker in a GET filter form: the list filters by the record named. When that names none or
 * several, the matches are links to the same list filtered by each (a GET needs no radios).
 */
export function PickerFilter({
  name,
  label,
  kind,
  value,
  error,
  choices = [],
  placeholder,
}: {
  name: string
  label: string
  kind: PickKind
  value: string
  error: string | null
  choices?: PickOption[]
  placeholder?: string
}) {
  const location = useLocation()
  const errorId = `${name}-error`
  const hrefFor = (option: PickOption) => {
    const params = new URLSearchParams(location.search)
    params.set(name, option.value)
    params.delete('page')
    return `${location.pathname}?${params}`
  }
  return (
    <div className="field">
      <Label htmlFor={name}>{label}</Label>
      <PickerInput
        id={name}
        name={name}
        kind={kind}
        defaultValue={value}
        invalid={Boolean(error)}
        describedBy={error ? errorId : undefined}
        placeholder={placeholder}
      />
      {error ? (
        <div id={errorId}>
          <p className="field-error">{error}</p>
          {choices.length ? (
            <ul className="pick-links">
              {choices.map((option) => (
                <li key={`${option.id}:${option.value}`}>
                  <Link to={hrefFor(option)}>{option.label}</Link>
                  {option.detail ? <span className="muted"> · {option.detail}</span> : null}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
