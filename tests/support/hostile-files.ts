// Hostile import files (issue 50), made in memory: the test (tests/hostile-imports.test.ts) and the
// benchmark (tests/bench/hostile-imports.ts) upload the same ones.
import { strToU8, zipSync } from 'fflate'

const HEADER =
  '<row r="1"><c r="A1" t="inlineStr"><is><t>buyer</t></is></c><c r="B1" t="inlineStr"><is><t>product_sku</t></is></c>' +
  '<c r="C1" t="inlineStr"><is><t>buyer_code</t></is></c><c r="D1" t="inlineStr"><is><t>price</t></is></c>' +
  '<c r="E1" t="inlineStr"><is><t>moq</t></is></c></row>'

export function workbook(sheet: Uint8Array): Uint8Array {
  return zipSync({
    'xl/workbook.xml': strToU8('<workbook><sheets><sheet name="A" sheetId="1" r:id="rId1"/></sheets></workbook>'),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    'xl/worksheets/sheet1.xml': sheet,
  })
}

export const sheetXml = (rows: string) => strToU8(`<worksheet><sheetData>${HEADER}${rows}</sheetData></worksheet>`)

/** The 1 KB workbook of the review: valid but for one cell at column AAAAAAA (321 million). */
export const farColumn = () => workbook(sheetXml('<row r="2"><c r="AAAAAAA2"><v>1</v></c></row>'))

/**
 * A deflate bomb: a workbook part of 30 MB (the workbook, then spaces) deflated to about 30 KB,
 * whose zip headers declare it unpacks to 1,000 bytes (a reader trusting them inflates it all).
 */
export function deflateBomb(): Uint8Array {
  const part = new Uint8Array(30 * 1024 * 1024).fill(0x20)
  part.set(strToU8('<workbook><sheets><sheet name="A" sheetId="1" r:id="rId1"/></sheets>'))
  const bytes = zipSync({
    'xl/workbook.xml': [part, { level: 1 }],
    'xl/_rels/workbook.xml.rels': strToU8(
      '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    'xl/worksheets/sheet1.xml': sheetXml(''),
  })
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const declare = (at: number) => view.getUint32(at, true) > 1_000_000 && view.setUint32(at, 1_000, true)
  for (let at = 0; at + 4 <= bytes.length; at++) {
    const signature = view.getUint32(at, true)
    if (signature === 0x04034b50)
      declare(at + 22) // a local file header's uncompressed size
    else if (signature === 0x02014b50) declare(at + 24) // the central directory's
  }
  return bytes
}

/** 300,000 rows under the header: three times the import's limit. */
export function manyRows(): Uint8Array {
  const rows: string[] = []
  for (let r = 2; r <= 300_001; r++)
    rows.push(
      `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>Buyer ${r}</t></is></c><c r="B${r}" t="inlineStr"><is><t>SKU-${r}</t></is></c><c r="D${r}"><v>${r}</v></c><c r="E${r}"><v>5</v></c></row>`,
    )
  return workbook(sheetXml(rows.join('')))
}
