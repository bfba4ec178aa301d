import { useForm, type Submission, type SubmissionResult } from '@conform-to/react'
import { useEffect, useRef, useState } from 'react'
import type { z } from 'zod'

/** A form's schema: an object of fields in, an object of values out. */
export type FormSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>

/**
 * Every form's conform set-up: the zod schema checks in the browser (blur, then as you type, so a
 * message never jumps the button away from a click) and again on the server. When the server
 * refuses a submit, focus moves to the form's error summary (ErrorSummary), so it is seen and read.
 *
 * The schema comes as a loader (`() => import('./schema').then((m) => m.fooSchema)`): zod and the
 * schemas are a chunk of their own, fetched when the person first reaches into the form (hover,
 * focus, touch), not with the page (zod alone is 25 KB brotli, a fifth of a page's budget). Until
 * it is there the form is checked by the server on submit, as without JavaScript; a field left
 * before it arrived is checked as soon as it does. A module a page imports statically must not
 * hold the schema, or zod comes with the page again (tests/client-imports.test.ts says so).
 */
export function useZodForm<Schema extends FormSchema>(
  load: () => Promise<Schema>,
  options: {
    id: string
    lastResult?: SubmissionResult<string[]> | null
    defaultValue?: Record<string, unknown>
  },
) {
  const { id, lastResult } = options
  const [validate, setValidate] = useState<null | {
    run: (formData: FormData) => Submission<z.input<Schema>, string[], z.output<Schema>>
  }>(null)
  const loader = useRef(load)
  loader.current = load
  const left = useRef(new Set<string>())

  useEffect(() => {
    if (lastResult?.status !== 'error') return
    // conform applies the reply in an effect of its own: focus once the summary is drawn.
    const frame = requestAnimationFrame(() => document.getElementById(`${id}-error`)?.focus())
    return () => cancelAnimationFrame(frame)
  }, [id, lastResult])

  useEffect(() => {
    if (validate) return
    let started = false
    let gone = false
    const ours = (event: Event) => {
      const target = event.target as (Element & { form?: HTMLFormElement | null }) | null
      return Boolean(target && (target.form?.id === id || target.closest?.(`form[id="${CSS.escape(id)}"]`)))
    }
    const start = (event: Event) => {
      if (started || !ours(event)) return
      started = true
      Promise.all([loader.current(), import('@conform-to/zod/v4')])
        .then(([schema, { parseWithZod }]) => {
          if (!gone) setValidate({ run: (formData) => parseWithZod(formData, { schema }) as never })
        })
        .catch(() => {
          // Not loaded (offline): the server checks the form on submit, as without JavaScript.
        })
    }
    const leave = (event: Event) => {
      const name = (event.target as HTMLInputElement | null)?.name
      if (name && ours(event)) left.current.add(name)
    }
    const events = ['pointerover', 'focusin', 'touchstart'] as const
    for (const type of events) document.addEventListener(type, start, { passive: true })
    document.addEventListener('focusout', leave)
    return () => {
      gone = true
      for (const type of events) document.removeEventListener(type, start)
      document.removeEventListener('focusout', leave)
    }
  }, [id, validate])

  const result = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue: options.defaultValue as never,
    onValidate: validate ? ({ formData }) => validate.run(formData) : undefined,
    // Before the schema is here nothing is checked on blur (that would send the form to the server).
    shouldValidate: validate ? 'onBlur' : 'onSubmit',
    shouldRevalidate: validate ? 'onInput' : 'onSubmit',
  })

  const [form] = result
  useEffect(() => {
    if (!validate) return
    // The fields left while the schema was on its way: checked now, as a blur would have.
    for (const name of left.current) form.validate({ name })
    left.current.clear()
  }, [validate, form])

  return result
}
