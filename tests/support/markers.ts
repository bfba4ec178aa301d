import { decode } from 'turbo-stream'
import { PDFParse } from 'pdf-parse'

// Looking for markers (names, codes, amounts) in what a user receives, whatever field or sentence
// carries them (tests/confidentiality-markers.test.ts): many markers over many pages at once, in one
// pass over each text (Aho-Corasick), case-insensitively. A marker that begins or ends with a digit
// is found only where no digit touches it (739137 is not found in 17391370).

export interface Marker {
  /** What is looked for, as it would be shown or stored. */
  text: string
  /** What it is, for the report ("buyer name", "invoice total of INV/26-27/000031"). */
  what: string
  /** Where it is only a word of a published vocabulary, the same for everybody (the API's description): not a finding there. */
  vocabularyAt?: RegExp
}

interface Node {
  next: Map<string, number>
  fail: number
  out: number[]
}

export class MarkerFinder {
  private nodes: Node[] = [{ next: new Map(), fail: 0, out: [] }]
  readonly markers: Marker[]

  constructor(markers: Marker[]) {
    // Each text once, with what it is (the first two descriptions, when several things share it).
    const seen = new Map<string, Marker>()
    for (const m of markers) {
      if (!m.text) continue
      const key = m.text.toLowerCase()
      const before = seen.get(key)
      if (!before) seen.set(key, { ...m })
      else if (!before.what.includes(' or ') && before.what !== m.what) before.what = `${before.what} or ${m.what}`
    }
    this.markers = [...seen.values()]
    for (const [index, marker] of this.markers.entries()) {
      let node = 0
      for (const ch of marker.text.toLowerCase()) {
        let child = this.nodes[node]!.next.get(ch)
        if (child === undefined) {
          child = this.nodes.length
          this.nodes.push({ next: new Map(), fail: 0, out: [] })
          this.nodes[node]!.next.set(ch, child)
        }
        node = child
      }
      this.nodes[node]!.out.push(index)
    }
    // Breadth first: each node's failure link is the longest proper suffix that is also a prefix.
    const queue: number[] = [...this.nodes[0]!.next.values()]
    while (queue.length) {
      const node = queue.shift()!
      for (const [ch, child] of this.nodes[node]!.next) {
        queue.push(child)
        let fail = this.nodes[node]!.fail
        while (fail !== 0 && !this.nodes[fail]!.next.has(ch)) fail = this.nodes[fail]!.fail
        const target = this.nodes[fail]!.next.get(ch)
        this.nodes[child]!.fail = target !== undefined && target !== child ? target : 0
        this.nodes[child]!.out.push(...this.nodes[this.nodes[child]!.fail]!.out)
      }
    }
  }

  /** The markers the text holds, each once. */
  find(text: string): Marker[] {
    const lower = text.toLowerCase()
    // Lower-casing keeps the length of everything these markers are made of; when it does not, positions are not checked.
    const exact = lower.length === text.length
    const found = new Set<number>()
    let node = 0
    let i = 0
    for (const ch of lower) {
      while (node !== 0 && !this.nodes[node]!.next.has(ch)) node = this.nodes[node]!.fail
      node = this.nodes[node]!.next.get(ch) ?? 0
      i += ch.length
      for (const index of this.nodes[node]!.out) {
        if (found.has(index)) continue
        const marker = this.markers[index]!.text
        if (exact && !standsAlone(lower, i - marker.length, i, marker)) continue
        found.add(index)
      }
    }
    return [...found].map((index) => this.markers[index]!)
  }
}

const isDigit = (ch: string | undefined) => ch !== undefined && ch >= '0' && ch <= '9'

/** A marker beginning (ending) with a digit is not the tail (head) of a longer number. */
function standsAlone(text: string, start: number, end: number, marker: string): boolean {
  if (
    isDigit(marker[0]) &&
    (isDigit(text[start - 1]) || ((text[start - 1] === ',' || text[start - 1] === '.') && isDigit(text[start - 2])))
  )
    return false
  if (
    isDigit(marker[marker.length - 1]) &&
    (isDigit(text[end]) || ((text[end] === ',' || text[end] === '.') && isDigit(text[end + 1])))
  )
    return false
  return true
}

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  rsquo: '’',
  lsquo: '‘',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  rarr: '→',
}

/** A page's HTML as its reader meets it: React's text separators removed, character references decoded. */
export function textOfHtml(html: string): string {
  return html.replace(/<!-- -->/g, '').replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#')
      return String.fromCodePoint(ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1)))
    return entities[ref.toLowerCase()] ?? whole
  })
}

/**
 * A single-fetch `.data` answer decoded as the browser decodes it, every string and number (and key)
 * on a line of its own. What plain turbo-stream cannot decode (Remix's own error and redirect types)
 * is read as sent: its strings and numbers stand in it as they are.
 */
export async function textOfData(response: Response): Promise<string> {
  const raw = await response.text()
  let decoded: Awaited<ReturnType<typeof decode>>
  try {
    decoded = await decode(new Response(raw).body!)
    await decoded.done
  } catch {
    return raw
  }
  const parts: string[] = []
  const seen = new Set<unknown>()
  const visit = (value: unknown) => {
    if (value === null || value === undefined) return
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint')
      return void parts.push(String(value))
    if (value instanceof Date) return void parts.push(value.toISOString())
    if (typeof value !== 'object' || seen.has(value)) return
    seen.add(value)
    if (value instanceof Map)
      for (const [k, v] of value) {
        visit(k)
        visit(v)
      }
    else if (value instanceof Set) for (const v of value) visit(v)
    else if (value instanceof Error) parts.push(value.message)
    else
      for (const [k, v] of Object.entries(value)) {
        parts.push(k)
        visit(v)
      }
  }
  visit(decoded.value)
  return parts.join('\n')
}

/** A PDF's text, as pdf-parse extracts it. */
export async function textOfPdf(body: ArrayBuffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(body) })
  try {
    return (await parser.getText()).text
  } finally {
    await parser.destroy()
  }
}
