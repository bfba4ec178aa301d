/**
 * What a picker chooses from, shared by the server (which finds and checks) and the browser (which
 * shows and fills in). A chosen record is written into its field as a value that names it on its
 * own: a product SKU by its code, a company or a buyer SKU by its name and "(#id)", so two
 * companies of one name stay apart, and a user can still type the value by hand.
 */

// order_buyer_sku: one buyer's active SKUs (the cart's), the buyer named by the picker's `within`.
export const PICK_KINDS = [
  'buyer',
  'seller',
  'company',
  'product_sku',
  'buyer_sku',
  'order_buyer_sku',
  'sample_sku',
] as const
export type PickKind = (typeof PICK_KINDS)[number]

export interface PickOption {
  id: number
  /** What the field holds once this option is chosen. */
  value: string
  /** What the list shows. */
  label: string
  /** A second line: status, owner, product. */
  detail: string | null
}

/** Choices offered at fields whose reference named no record or several, by field name. */
export type PickChoices = Record<string, PickOption[]>

/** The form field that carries a choice made without JavaScript; it replaces the field's typed value. */
export const pickFieldName = (name: string) => `${name}:pick`
export const PICK_SUFFIX = ':pick'

/** "Acme Textiles (#12)" or, where ids of two tables meet, "Acme Textiles (buyer #12)". */
export function pickValue(label: string, id: number, table?: string): string {
  return `${label} (${table ? `${table} ` : ''}#${id})`
}

/** The id a value names: "#12", "Acme Textiles (#12)", "Acme Textiles (buyer #12)"; null when it names none. */
export function pickedId(value: string): { id: number; table: string | null } | null {
  const text = value.trim()
  const bare = /^#\s*(\d{1,12})$/.exec(text)
  if (bare) return { id: Number(bare[1]), table: null }
  const tail = /\((?:([a-z_]+) )?#(\d{1,12})\)$/.exec(text)
  return tail ? { id: Number(tail[2]), table: tail[1] ?? null } : null
}

export const isPickKind = (value: unknown): value is PickKind =>
  typeof value === 'string' && (PICK_KINDS as readonly string[]).includes(value)

/** A form's reply with the choices of its refused references, for the pickers to show. */
export function withChoices<Reply extends object>(
  reply: Reply,
  choices: PickChoices | undefined,
): Reply & { choices?: PickChoices } {
  return choices && Object.keys(choices).length ? { ...reply, choices } : reply
}

/** The choices a reply offers at one field. */
export function choicesOf(reply: unknown, name: string): PickOption[] {
  const choices = (reply as { choices?: PickChoices } | null | undefined)?.choices
  return Array.isArray(choices?.[name]) ? choices[name] : []
}
