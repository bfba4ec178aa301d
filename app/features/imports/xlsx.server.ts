import { unzipSync } from 'fflate'

// The first sheet of an XLSX workbook as rows of text (docs/domain.md "Bulk imports"): the workbook
// is a zip of XML parts (ECMA-376); the parts read are the workbook (which sheet is first), its
// relationships (where that sheet is), the shared strings and the sheet. Cells are read as their
// text: shared and inline strings, numbers (at 15 significant digits, so 0.1 + 0.2 reads 0.3),
// booleans as TRUE / FALSE. Formulas give their last computed value. No styles, so a date is its
// serial number (no column of an import is a date).

/** Unpacked parts larger than this are refused (a zip bomb stops here). */
const MAX_PART_BYTES = 200 * 1024 * 1024

export class XlsxError extends Error {}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

/** XML text with its entities and OOXML's _xHHHH_ escapes decoded. */
function xmlText(text: string): string {
  return text
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#')
        return String.fromCodePoint(
          name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)),
        )
      return ENTITIES[name] ?? whole
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

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]

/** Column letters of a cell reference as a 0-based index ("B7" → 1, "AA3" → 26). */
function columnIndex(reference: string): number {
  let index = 0
  for (const letter of /^[A-Z]+/.exec(reference)?.[0] ?? '') index = index * 26 + (letter.charCodeAt(0) - 64)
  return index - 1
}

function unzip(bytes: Uint8Array, names: string[]): Record<string, string> {
  let parts: Record<string, Uint8Array>
  try {
    parts = unzipSync(bytes, {
      filter: (file) => {
        if (!names.includes(file.name)) return false
        if (file.originalSize > MAX_PART_BYTES) throw new XlsxError('The workbook is too large to read')
        return true
      },
    })
  } catch (error) {
    if (error instanceof XlsxError) throw error
    throw new XlsxError('The file is not an XLSX workbook that can be read')
  }
  const decoder = new TextDecoder()
  return Object.fromEntries(Object.entries(parts).map(([name, data]) => [name, decoder.decode(data)]))
}

/** The path of the workbook's first sheet, from the workbook and its relationships. */
function firstSheetPath(bytes: Uint8Array): string {
  const parts = unzip(bytes, ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels'])
  const workbook = parts['xl/workbook.xml']
  if (!workbook) throw new XlsxError('The file is not an XLSX workbook (it has no xl/workbook.xml)')
  const sheet = /<sheet\b[^>]*>/.exec(workbook)?.[0]
  const relation = sheet ? (attribute(sheet, 'r:id') ?? /\sr:id="([^"]*)"/.exec(sheet)?.[1]) : undefined
  if (!sheet || !relation) throw new XlsxError('The workbook has no sheet')
  const rels = parts['xl/_rels/workbook.xml.rels'] ?? ''
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

/**
 * The first sheet's rows: each with its row number in the sheet and its cells by column (empty
 * cells as ''), rows without any value left out.
 */
export function readXlsxRows(bytes: Uint8Array): { line: number; cells: string[] }[] {
  const sheetPath = firstSheetPath(bytes)
  const parts = unzip(bytes, [sheetPath, 'xl/sharedStrings.xml'])
  const sheet = parts[sheetPath]
  if (sheet === undefined) throw new XlsxError('The workbook’s first sheet cannot be found')
  const shared: string[] = []
  for (const match of (parts['xl/sharedStrings.xml'] ?? '').matchAll(/<si>([\s\S]*?)<\/si>|<si\/>/g))
    shared.push(match[1] === undefined ? '' : runsText(match[1]))

  const rows: { line: number; cells: string[] }[] = []
  let lastLine = 0
  for (const row of sheet.matchAll(/<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const line = Number(attribute(row[1]!, 'r') ?? lastLine + 1)
    lastLine = line
    const cells: string[] = []
    let next = 0
    for (const cell of (row[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = cell[1]!
      const reference = attribute(attrs, 'r')
      const index = reference ? columnIndex(reference) : next
      next = index + 1
      const body = cell[2] ?? ''
      const type = attribute(attrs, 't') ?? 'n'
      const raw = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1]
      const text =
        type === 'inlineStr'
          ? runsText(/<is>([\s\S]*?)<\/is>/.exec(body)?.[1] ?? '')
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
      while (cells.length < index) cells.push('')
      cells[index] = text
    }
    if (cells.some((cell) => cell.trim() !== '')) rows.push({ line, cells })
  }
  return rows
}

/** Whether the bytes are a zip archive (an XLSX workbook is one). */
export const isZip = (bytes: Uint8Array) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04
