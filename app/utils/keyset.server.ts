/**
 * A keyset walk for the CSVs: `next` answers the batch after the last row of the one before (null:
 * the first) and at most `batch` rows; it stops at the first short batch. Each batch costs the same
 * as the first, whatever the number of rows (no OFFSET).
 */
export async function* keysetWalk<R>(next: (after: R | null) => Promise<R[]>, batch: number): AsyncGenerator<R[]> {
  let last: R | null = null
  for (;;) {
    const rows = await next(last)
    if (rows.length) yield rows
    if (rows.length < batch) return
    last = rows[rows.length - 1]!
  }
}
