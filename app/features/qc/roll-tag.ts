// A fabric roll's tag as the mill prints it (issue 51): "12", "R1", "A-07", "24/3". One rule, read by
// the server's check (inspect.ts checkRolls) and served to the phone's live check (public/field.js
// reads it from the line's data-qc), so the two cannot disagree. Pure: the pages import it.

/** 1 to 20 letters, digits, '-' or '/', starting with a letter or digit (as a RegExp source, no flags). */
export const ROLL_TAG_SOURCE = '[A-Za-z0-9][A-Za-z0-9/-]{0,19}'
const ROLL_TAG = new RegExp(`^(?:${ROLL_TAG_SOURCE})$`)

/** The message at a roll's tag that does not follow the rule. */
export const ROLL_TAG_MESSAGE = 'Enter the roll’s tag as on the roll: letters, digits, - or /, up to 20, like 12 or R12'
/** The message at a tag already entered on the line ({tag} is the tag as typed the second time). */
export const ROLL_TAG_TWICE = 'Roll {tag} is entered twice'

/** What the phone's script needs to check a tag as the server does. */
export const rollTagRule = { source: ROLL_TAG_SOURCE, message: ROLL_TAG_MESSAGE, twice: ROLL_TAG_TWICE }

/** The tag as typed, trimmed, or null when it breaks the rule. */
export function readRollTag(text: string): string | null {
  const tag = text.trim()
  return ROLL_TAG.test(tag) ? tag : null
}

/** Two tags are the same roll whatever their letters' case ("r1" is "R1"). */
export const rollTagKey = (tag: string) => tag.trim().toUpperCase()
