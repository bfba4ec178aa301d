import { useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useEffect } from 'react'
import type { z } from 'zod'

/**
 * Every form's conform set-up: the zod schema checks in the browser (blur, then as you type, so a
 * message never jumps the button away from a click) and again on the server. When the server
 * refuses a submit, focus moves to the form's error summary (ErrorSummary), so it is seen and read.
 */
export function useZodForm<Schema extends z.ZodType<Record<string, any>, Record<string, any>>>(
  schema: Schema,
  options: {
    id: string
    lastResult?: SubmissionResult<string[]> | null
    defaultValue?: Record<string, unknown>
  },
) {
  const { id, lastResult } = options
  useEffect(() => {
    if (lastResult?.status !== 'error') return
    // conform applies the reply in an effect of its own: focus once the summary is drawn.
    const frame = requestAnimationFrame(() => document.getElementById(`${id}-error`)?.focus())
    return () => cancelAnimationFrame(frame)
  }, [id, lastResult])
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue: options.defaultValue as never,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
}
