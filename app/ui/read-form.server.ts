import { unstable_parseMultipartFormData, type UploadHandler } from '@remix-run/node'
import { PICK_SUFFIX } from '~/platform/pick'
import { countOf } from '~/utils/format'

// Routes that parse in their own action take conform's zod parser from here: a route module that
// imported it directly would bring zod into its page's bundle.
export { parseWithZod } from '@conform-to/zod/v4'

/**
 * The one way an action reads its body. A body that is not a form (JSON, text, a broken or
 * truncated multipart) is the client's mistake: it answers 400 with a sentence, never a 500.
 * Multipart is read only where the route says it takes files, through its upload handler, and
 * a form with more file parts than `maxFiles` is refused (413) before they are all read.
 */

export const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'] as const

/** How many file parts a multipart form may carry at most, unless the route says otherwise. */
export const MAX_FILE_PARTS = 10

export function unreadableForm(
  message = 'This request could not be read as a form. Reload the page and submit the form again.',
  status = 400,
): Response {
  return new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
}

function mediaType(request: Request): string {
  return (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase()
}

export interface ReadFormOptions {
  /** Accept multipart bodies, each part handed to this handler (files and text fields alike). */
  uploads?: UploadHandler
  /** At most this many parts with a file name (default MAX_FILE_PARTS). */
  maxFiles?: number
}

/**
 * Characters no one types and PostgreSQL cannot store (NUL) or that no form needs: NUL and the other
 * C0 control characters except tab, line feed and carriage return (whether a field takes those is
 * its schema's rule). A lone surrogate (half of a pair) becomes U+FFFD, as a UTF-8 decoder would.
 */
const UNTYPABLE_CONTROLS = /[^\P{Cc}\t\n\r\u007f-\u009f]/gu
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/** A submitted text as every action reads it: the rest of what was typed is kept as it is. */
export function cleanFormText(value: string): string {
  return value.replace(UNTYPABLE_CONTROLS, '').replace(LONE_SURROGATE, '\ufffd')
}

/** The form with every name cleaned, and every text value unless its values were cleaned as read. */
function cleanForm(form: FormData, values = true): FormData {
  const clean = new FormData()
  for (const [name, value] of form.entries())
    clean.append(cleanFormText(name), values && typeof value === 'string' ? cleanFormText(value) : value)
  return clean
}

/**
 * The submitted form, or a thrown 400/413 Response when the body is not one this route takes.
 * Every text value and field name has passed cleanFormText (docs/domain.md, "Forms").
 */
export async function readForm(request: Request, options: ReadFormOptions = {}): Promise<FormData> {
  const type = mediaType(request)
  if (type === 'multipart/form-data' && options.uploads) {
    const uploads = options.uploads
    const maxFiles = options.maxFiles ?? MAX_FILE_PARTS
    let files = 0
    const counting: UploadHandler = async (part) => {
      if (part.filename !== undefined && ++files > maxFiles) {
        throw unreadableForm(`This form takes at most ${countOf(maxFiles, 'file')} at a time.`, 413)
      }
      // A file's name is text too (it may be stored); a file's contents are not touched, nor what
      // the handler makes of a file (TOO_LARGE). A text field's value is cleaned here, names below.
      const name = cleanFormText(part.name)
      if (part.filename !== undefined) return uploads({ ...part, name, filename: cleanFormText(part.filename) })
      const value = await uploads({ ...part, name })
      return typeof value === 'string' ? cleanFormText(value) : value
    }
    try {
      return applyPicks(cleanForm(await unstable_parseMultipartFormData(request, counting), false))
    } catch (error) {
      if (error instanceof Response) throw error
      throw unreadableForm()
    }
  }
  if (type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data') throw unreadableForm()
  try {
    const form = await request.formData()
    // A route without an upload handler takes no files: a file sent anyway is refused, not stored.
    for (const value of form.values())
      if (typeof value !== 'string') throw unreadableForm('This form does not take files.', 400)
    return applyPicks(cleanForm(form))
  } catch (error) {
    if (error instanceof Response) throw error
    throw unreadableForm()
  }
}

/** What a file over its form's limit becomes in the form data, so the form can say so at the field. */
export const TOO_LARGE = '\u0000too-large'
const MAX_TEXT_FIELD_BYTES = 100 * 1024

/**
 * Reads a form that may carry files, each kept in memory up to `maxFileBytes`: a larger one is
 * drained and becomes TOO_LARGE (so the other fields survive and the form says so at the field);
 * no file chosen is null. Text fields are kept as text. A urlencoded post is read as usual.
 */
export function readLimitedUploadForm(
  request: Request,
  options: { maxFileBytes: number; maxFiles: number },
): Promise<FormData> {
  const handler: UploadHandler = async ({ filename, contentType, data }) => {
    const limit = filename === undefined ? MAX_TEXT_FIELD_BYTES : options.maxFileBytes
    const chunks: Uint8Array[] = []
    let size = 0
    for await (const chunk of data) {
      size += chunk.byteLength
      if (size <= limit) chunks.push(chunk)
    }
    if (filename === undefined) return size > limit ? '' : Buffer.concat(chunks).toString('utf8')
    // No file chosen: browsers send an empty part with an empty name.
    if (!filename && size === 0) return null
    if (size > limit) return TOO_LARGE
    return new File([Buffer.concat(chunks)] as unknown as BlobPart[], filename, { type: contentType })
  }
  return readForm(request, { uploads: handler, maxFiles: options.maxFiles })
}

/**
 * A record chosen among a picker's choices without JavaScript comes as "field:pick" (a radio beside
 * the typed field); the choice replaces what was typed, so every form reads the field as usual.
 */
export function applyPicks(form: FormData): FormData {
  const picks = [...form.keys()].filter((key) => key.endsWith(PICK_SUFFIX))
  for (const key of new Set(picks)) {
    const chosen = form.getAll(key).find((value): value is string => typeof value === 'string' && value.trim() !== '')
    form.delete(key)
    const field = key.slice(0, -PICK_SUFFIX.length)
    if (chosen !== undefined && field) form.set(field, chosen)
  }
  return form
}
