// The one sentence that says what an inspection found (issue 51): the conditions, each line's
// sampling-plan verdict and its 4-point rolls, read together. Every screen and message that states
// an inspection's outcome in words takes it from here (the phone's review, the approval card, the
// seller's e-mail), so a lot the plan rejects never reads "every condition is met". Pure: the
// pages import it.

/** What one line of an inspection found, as the sentence needs it. */
export interface LineVerdictFacts {
  lineNo: number
  /** The plan's verdict (AQL or 4 points); null for a line inspected by its conditions alone. */
  verdict: 'accept' | 'reject' | null
  /** AQL: each class the plan rejects, with what was found and its acceptance number. */
  classesRejected: { defectClass: string; found: number; acceptance: number }[]
  /** 4 points: the lot's points per 100 sq yd (as shown) against the category's limit. */
  points: { per100: string; limit: number } | null
  /** 4 points: the rolls over the limit, by their tag. */
  rollsOver: string[]
  /** The seller's supplies of the category are discontinued: the plan rejects whatever was found. */
  discontinued?: boolean
}

export interface WholeVerdict {
  /** Conditions measured and not met, over all the lines. */
  failedConditions: number
  lines: LineVerdictFacts[]
}

const list = (items: (string | number)[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`

function whyRejected(line: LineVerdictFacts): string {
  const why = [
    ...line.classesRejected.map((c) => `${c.defectClass} ${c.found} of Ac ${c.acceptance}`),
    ...(line.points && Number(line.points.per100) > line.points.limit
      ? [`${line.points.per100} points per 100 sq yd, limit ${line.points.limit}`]
      : []),
    ...(line.discontinued ? ['the seller is discontinued'] : []),
  ]
  return why.length ? ` (${why.join(', ')})` : ''
}

/** Whether anything in the verdict stands against accepting all of the lot as it is. */
export function verdictHasFindings(v: WholeVerdict): boolean {
  return v.failedConditions > 0 || v.lines.some((l) => l.verdict === 'reject' || l.rollsOver.length > 0)
}

/**
 * The whole verdict in one sentence: what the plan rejects (and why), the rolls over the points
 * limit, the conditions not met; "Every condition is met" only when nothing else is found.
 */
export function verdictSentence(v: WholeVerdict): string {
  const parts: string[] = []
  for (const line of v.lines)
    if (line.verdict === 'reject') parts.push(`the plan rejects line ${line.lineNo}${whyRejected(line)}`)
  for (const line of v.lines)
    if (line.rollsOver.length)
      parts.push(
        `${line.rollsOver.length === 1 ? 'roll' : 'rolls'} ${list(line.rollsOver)} of line ${line.lineNo} ${
          line.rollsOver.length === 1 ? 'is' : 'are'
        } over the points limit${line.points ? ` of ${line.points.limit}` : ''}`,
      )
  if (v.failedConditions) parts.push(`${v.failedConditions} condition${v.failedConditions === 1 ? '' : 's'} not met`)
  if (parts.length) {
    const text = parts.join('; ')
    return `${text[0]!.toUpperCase()}${text.slice(1)}.`
  }
  const planned = v.lines.filter((l) => l.verdict === 'accept').map((l) => l.lineNo)
  return planned.length
    ? `Every condition is met and the plan accepts line${planned.length === 1 ? '' : 's'} ${list(planned)}.`
    : 'Every condition is met.'
}
