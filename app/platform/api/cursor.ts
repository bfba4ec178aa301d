// Cursor pagination: a list is read in a fixed order (newest first by id, unless a list says
// otherwise) and a page ends with an opaque cursor naming the last row's sort key; the next page
// starts after it. Cursors never skip or repeat a row when rows are added between pages, unlike
// offsets, and cost the same on page 1 and page 10,000 (an index seek).
import { z } from 'zod'

export const PAGE_LIMIT_DEFAULT = 50
export const PAGE_LIMIT_MAX = 200

export interface CursorKey {
  /** The last row's id. */
  id: number
  /** The last row's sort value when the list sorts by something other than the id. */
  v?: string | number | null
}

export const encodeCursor = (key: CursorKey) => Buffer.from(JSON.stringify(key)).toString('base64url')

export function decodeCursor(text: string): CursorKey | null {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown
    if (typeof value !== 'object' || value === null) return null
    const { id, v } = value as Record<string, unknown>
    if (!Number.isSafeInteger(id) || (id as number) < 0) return null
    if (v !== undefined && v !== null && typeof v !== 'string' && typeof v !== 'number') return null
    return { id: id as number, ...(v !== undefined ? { v } : {}) }
  } catch {
    return null
  }
}

/** The query parameters every list takes: `limit` and `cursor`. */
export const pageQuery = {
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(PAGE_LIMIT_MAX, `limit must be at most ${PAGE_LIMIT_MAX}`)
    .default(PAGE_LIMIT_DEFAULT)
    .describe(`How many records a page holds (1 to ${PAGE_LIMIT_MAX}; ${PAGE_LIMIT_DEFAULT} when absent).`),
  cursor: z
    .string()
    .max(500)
    .refine((text) => decodeCursor(text) !== null, 'cursor is not one this API gave')
    .optional()
    .describe('The `next_cursor` of the previous page; absent for the first page.'),
}

/** A page of a list: its records and the cursor of the next page (null on the last). */
export function pageOf<T>(rows: T[], limit: number, keyOf: (row: T) => CursorKey) {
  const more = rows.length > limit
  const data = more ? rows.slice(0, limit) : rows
  return { data, next_cursor: more ? encodeCursor(keyOf(data[data.length - 1])) : null }
}

/** The JSON shape of a page, for the document. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    next_cursor: z.string().nullable().describe('Pass as `cursor` to read the next page; null on the last page.'),
  })
