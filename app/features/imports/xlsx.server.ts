import { Unzip, UnzipInflate } from 'fflate'
import { countOf } from '~/utils/format'

// The first sheet of an XLSX workbook as rows of text (docs/domain.md "Bulk imports"): the workbook
// is a zip of XML parts (ECMA-376); the parts read are the workbook (which sheet is first), its
// relationships (where that sheet is), the shared strings and the sheet. Cells are read as their
// text: shared and inline strings, numbers (at 15 significant digits, so 0.1 + 0.2 reads 0.3),
// booleans as TRUE / FALSE. Formulas give their last computed value. No styles, so a date is its
// serial number (no column of an import is a date).
//
// A workbook is a file from outside (issue 50): its parts are inflated in small steps, counting the
// bytes actually inflated (never the size the zip declares) and stopping at MAX_PART_BYTES; the sheet
// is read row by row as it inflates, stopping at the row limit; a cell beyond the last column or row
// a sheet can have refuses the file, and empty cells are never made (a row's cells are a sparse
// array). The reader runs in a worker with its own memory and time limits (read-apart.server.ts).

/** Bytes one part may inflate to: a zip bomb stops here, whatever its header says. */
export const MAX_PART_BYTES = 200 * 1024 * 1024
/** The last column (XFD) and row a sheet can have (ECMA-376, as Excel). */
export const MAX_SHEET_COLUMNS = 16_384
export const MAX_SHEET_ROWS = 1_048_576
/** Compressed bytes handed to the inflater at a time: deflate makes at most ~1,032 times as many. */
const SLICE_BYTES = 16 * 1024

export class XlsxError extends Error {}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

/** XML text with its entities and OOXML's _xHHHH_ escapes decoded. */
function xmlText(text: string): string {
  return text
    .replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] !== '#') return ENTITIES[name] ?? whole
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1))
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole
    })
    .replace(/_x([0-9a-f]{4})_/gi, (_whole, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

/** The text of a string item (<si> or <is>): its <t> runs joined, phonetic guides left out. */
function runsText(xml: string): string {
  let text = ''
  for (const match of xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '').matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g))
    text += xmlText(match[1]!)
  return text
}

const attributePatterns = new Map<string, RegExp>()
/** An attribute's value in a tag's text (its pattern made once per name: a sheet asks millions of times). */
function attribute(tag: string, name: string): string | undefined {
  let pattern = attributePatterns.get(name)
  if (!pattern) attributePatterns.set(name, (pattern = new RegExp(`\\s${name}="([^"]*)"`)))
  return pattern.exec(tag)?.[1]
}

/** Column letters of a cell reference as a 0-based index ("B7" → 1, "AA3" → 26); past XFD is refused. */
function columnIndex(reference: string): number {
  const letters = /^[A-Z]*/.exec(reference)![0]
  let index = 0
  for (const letter of letters.slice(0, 4)) index = index * 26 + (letter.charCodeAt(0) - 64)
  if (letters.length > 3 || index > MAX_SHEET_COLUMNS) throw beyond(`cell ${reference.slice(0, 20)}`)
  return index - 1
}

const beyond = (what: string) =>
  new XlsxError(
    `The workbook has a ${what} beyond the last a sheet can have (column XFD, row ${MAX_SHEET_ROWS.toLocaleString('en-IN')}): save the sheet again from a spreadsheet application`,
  )

type PartReader = (text: string, final: boolean) => void

/**
 * Streams the named parts of the zip to their readers as text, in pieces, counting the bytes each
 * inflates. A part's reader stops the whole by throwing an XlsxError (a refusal); the parts it
 * names that are not in the zip are simply not read.
 */
function streamParts(bytes: Uint8Array, readers: Record<string, PartReader>, maxPartBytes: number): void {
  const unzip = new Unzip((file) => {
    const read = readers[file.name]
    if (!read) return
    const decoder = new TextDecoder()
    let inflated = 0
    file.ondata = (error, data, final) => {
      // fflate hands a reader's own refusal (thrown below) back here as the error of the part.
      if (error instanceof XlsxError) throw error
      if (error) throw new XlsxError('The file is not an XLSX workbook that can be read')
      inflated += data.length
      if (inflated > maxPartBytes)
        throw new XlsxError(
          `The workbook is too large to read: one of its parts unpacks to more than ${Math.round(maxPartBytes / 1024 / 1024)} MB`,
        )
      read(decoder.decode(data, { stream: !final }), final)
    }
    file.start()
  })
  unzip.register(UnzipInflate)
  try {
    for (let at = 0; at < bytes.length; at += SLICE_BYTES)
      unzip.push(bytes.subarray(at, at + SLICE_BYTES), at + SLICE_BYTES >= bytes.length)
  } catch (error) {
    if (error instanceof XlsxError) throw error
    throw new XlsxError('The file is not an XLSX workbook that can be read')
  }
}

/** A part read whole, as text (the small ones: the workbook and its relationships). */
function wholeText(into: Map<string, string>, name: string): PartReader {
  let text = ''
  return (piece, final) => {
    text += piece
    if (final) into.set(name, text)
  }
}

/** The most text held waiting for an element's end: one row (or shared string) larger refuses the file. */
export const MAX_ELEMENT_CHARS = 32 * 1024 * 1024

/**
 * Hands each complete `<tag …/>` or `<tag …>…</tag>` element of a part streamed in pieces to `each`
 * (its attributes and body), holding back only the text after the last closing tag. Each piece is
 * searched once, so the work is linear in the part's size whatever its shape.
 */
function elements(
  tag: string,
  each: (attrs: string, body: string | undefined) => void,
  maxChars = MAX_ELEMENT_CHARS,
): PartReader {
  const pattern = new RegExp(`<${tag}\\b([^>]*?)(?:/>|>([\\s\\S]*?)</${tag}>)`, 'g')
  const close = `</${tag}>`
  // The text held since the last closing tag, as its pieces (joined only when an element ends), and
  // its last few characters, where a closing tag split between two pieces begins.
  let held: string[] = []
  let heldLength = 0
  let tail = ''
  const tooLarge = () =>
    new XlsxError(
      `The workbook holds a ${tag === 'row' ? 'row' : 'text'} larger than ${Math.round(maxChars / 1024 / 1024)} MB: it cannot be an import`,
    )
  return (piece, final) => {
    const last = (tail + piece).lastIndexOf(close)
    const start = heldLength - tail.length
    held.push(piece)
    heldLength += piece.length
    tail = (tail + piece).slice(-(close.length - 1))
    if (last < 0) {
      if (heldLength > maxChars) throw tooLarge()
      if (!final) return
    }
    // What follows the last closing tag is the start of one element: it must fit too.
    const closed = last < 0 ? 0 : start + last + close.length
    if (heldLength - closed > maxChars) throw tooLarge()
    const text = held.join('')
    const end = final ? text.length : closed
    for (const match of text.slice(0, end).matchAll(pattern)) each(match[1]!, match[2])
    const rest = text.slice(end)
    held = rest ? [rest] : []
    heldLength = rest.length
    tail = rest.slice(-(close.length - 1))
  }
}

/** The path of the workbook's first sheet, from the workbook and its relationships. */
function firstSheetPath(parts: Map<string, string>): string {
  const workbook = parts.get('xl/workbook.xml')
  if (workbook === undefined) throw new XlsxError('The file is not an XLSX workbook (it has no xl/workbook.xml)')
  const sheet = /<sheet\b[^>]*>/.exec(workbook)?.[0]
  const relation = sheet ? (attribute(sheet, 'r:id') ?? /\sr:id="([^"]*)"/.exec(sheet)?.[1]) : undefined
  if (!sheet || !relation) throw new XlsxError('The workbook has no sheet')
  const rels = parts.get('xl/_rels/workbook.xml.rels') ?? ''
  for (const [tag] of rels.matchAll(/<Relationship\b[^>]*>/g)) {
    if (attribute(tag, 'Id') !== relation) continue
    const target = attribute(tag, 'Target') ?? ''
    return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`
  }
  return 'xl/worksheets/sheet1.xml'
}

/** A number as its text at 15 significant digits ("245.5", "0.3", "1200"). */
function numberText(value: string): string {
  const n = Number(value)
  return Number.isFinite(n) ? String(Number(n.toPrecision(15))) : value
}

/** A reader's limits: the defaults are a sheet's own and MAX_PART_BYTES, MAX_ELEMENT_CHARS. */
export interface XlsxLimits {
  /** Rows with a value under the header. */
  maxDataRows?: number
  /** Bytes one part may unpack to. */
  maxPartBytes?: number
  /** Characters of one row or shared string. */
  maxElementChars?: number
}

export interface SheetRow {
  line: number
  /** By column: a sparse array (a cell never written is a hole, read as ''). */
  cells: string[]
}

/**
 * The first sheet's rows: each with its row number in the sheet and its cells by column, rows
 * without any value left out. More than `maxDataRows` rows with a value under the first (the header)
 * refuse the file as soon as the reader meets the next one: the rest is never inflated.
 */
export function readXlsxRows(bytes: Uint8Array, options: XlsxLimits = {}): SheetRow[] {
  const maxDataRows = options.maxDataRows ?? MAX_SHEET_ROWS
  const maxPartBytes = options.maxPartBytes ?? MAX_PART_BYTES
  const maxChars = options.maxElementChars ?? MAX_ELEMENT_CHARS
  const small = new Map<string, string>()
  const shared: string[] = []
  // First the workbook, its relationships and the shared strings (which often come after the sheet).
  streamParts(
    bytes,
    {
      'xl/workbook.xml': wholeText(small, 'xl/workbook.xml'),
      'xl/_rels/workbook.xml.rels': wholeText(small, 'xl/_rels/workbook.xml.rels'),
      'xl/sharedStrings.xml': elements(
        'si',
        (_attrs, body) => shared.push(body === undefined ? '' : runsText(body)),
        maxChars,
      ),
    },
    maxPartBytes,
  )
  const sheetPath = firstSheetPath(small)

  const rows: SheetRow[] = []
  let lastLine = 0
  let found = false
  const readRow = (attrs: string, body: string | undefined) => {
    const r = attribute(attrs, 'r')
    const line = r === undefined ? lastLine + 1 : Number(r)
    if (!Number.isInteger(line) || line < 1 || line > MAX_SHEET_ROWS) throw beyond(`row ${String(r).slice(0, 20)}`)
    lastLine = line
    if (!body || !body.includes('<c')) return
    const cells: string[] = []
    let next = 0
    let any = false
    for (const cell of (body ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const cellAttrs = cell[1]!
      const reference = attribute(cellAttrs, 'r')
      const index = reference ? columnIndex(reference) : next
      if (index >= MAX_SHEET_COLUMNS) throw beyond('cell')
      next = index + 1
      const cellBody = cell[2] ?? ''
      const type = attribute(cellAttrs, 't') ?? 'n'
      const raw = /<v>([\s\S]*?)<\/v>/.exec(cellBody)?.[1]
      const text =
        type === 'inlineStr'
          ? runsText(/<is>([\s\S]*?)<\/is>/.exec(cellBody)?.[1] ?? '')
          : raw === undefined
            ? ''
            : type === 's'
              ? (shared[Number(raw)] ?? '')
              : type === 'b'
                ? raw === '1'
                  ? 'TRUE'
                  : 'FALSE'
                : type === 'n'
                  ? numberText(raw)
                  : xmlText(raw)
      if (text === '') continue
      cells[index] = text
      if (text.trim() !== '') any = true
    }
    if (!any) return
    if (rows.length > maxDataRows)
      throw new XlsxError(`The file has more than ${countOf(maxDataRows, 'row')}: split it into smaller files`)
    rows.push({ line, cells })
  }
  const readSheet = elements('row', readRow, maxChars)
  streamParts(
    bytes,
    {
      [sheetPath]: (piece, final) => {
        found = true
        readSheet(piece, final)
      },
    },
    maxPartBytes,
  )
  if (!found) throw new XlsxError('The workbook’s first sheet cannot be found')
  return rows
}

/** Whether the bytes are a zip archive (an XLSX workbook is one). */
export const isZip = (bytes: Uint8Array) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04
