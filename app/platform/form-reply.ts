import type { SubmissionResult } from '@conform-to/react'
import type { PickOption } from './pick'

/**
 * The reply a page's forms read back after a refused submit: a conform reply, with the records to
 * choose from where a typed reference named none or several. One page may hold several small forms;
 * each says its name in the reply's `form` value, and reads back only its own (`replyFor`).
 */
export type Reply = (SubmissionResult<string[]> & { choices?: Record<string, PickOption[]> }) | null | undefined

/** The reply of the form named `name` (each small form says its name), else none. */
export const replyFor = (reply: Reply, name: string) => (reply?.initialValue?.form === name ? reply : undefined)

/** A reply that names its form: for pages whose forms are told apart by an id rather than a field. */
export interface FormReply {
  form: string
  result: SubmissionResult<string[]>
}
