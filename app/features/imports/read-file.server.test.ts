import { strToU8, zipSync } from 'fflate'
import { cellText, columnName, readImportFile } from './read-file.server'
import { readImportFileApart } from './read-apart.server'
import { readXlsxRows } from './xlsx.server'

// The file reader: headers as column names, cells as imported, and the XLSX parts a spreadsheet
// application writes (rich text, entities, inline strings, booleans, cells without references).

const columns = [
  { name: 'buyer', required: true, about: '', example: '' },
  { name: 'moq', required: true, about: '', example: '' },
  { name: 'note', required: false, about: '', example: '' },
]

function workbook(sheet: string, shared = '') {
  return zipSync({
    'xl/workbook.xml': strToU8('<workbook><sheets><sheet name="A" sheetId="1" r:id="rId1"/></sheets></workbook>'),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<Relationships><Relationship Id="rId1" Target="/xl/worksheets/data.xml"/></Relationships>',
    ),
    'xl/sharedStrings.xml': strToU8(`<sst>${shared}</sst>`),
    'xl/worksheets/data.xml': strToU8(`<worksheet><sheetData>${sheet}</sheetData></worksheet>`),
  })
}

/** The zip with every part declared (local header and central directory) to unpack to 1,000 bytes. */
function declareSmall(zip: Uint8Array): Uint8Array {
  const bytes = zip.slice()
  const view = new DataView(bytes.buffer)
  for (let at = 0; at + 4 <= bytes.length; at++) {
    const signature = view.getUint32(at, true)
    if (signature === 0x04034b50) view.setUint32(at + 22, 1_000, true)
    else if (signature === 0x02014b50) view.setUint32(at + 24, 1_000, true)
  }
  return bytes
}

describe('reading an import file', () => {
  it('names columns as the templates do', () => {
    expect(columnName('Product SKU')).toBe('product_sku')
    expect(columnName('MOQ (m)')).toBe('moq')
    expect(columnName('\ufeffSeller’s code')).toBe('sellers_code')
    expect(columnName('  Lead time days ')).toBe('lead_time_days')
  })

  it('takes off the formula guard of an export, and only that', () => {
    expect(cellText("'=SUM(A1)")).toBe('=SUM(A1)')
    expect(cellText("'-5")).toBe('-5')
    expect(cellText("'tis")).toBe("'tis")
    expect(cellText('  spaced  ')).toBe('spaced')
  })

  it('reads shared rich text, entities, inline strings, booleans and cells without references', () => {
    const bytes = workbook(
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="s"><v>1</v></c></row>' +
        '<row r="2"/>' +
        '<row r="4"><c t="inlineStr"><is><t>Tom &amp; Co</t></is></c><c t="b"><v>1</v></c><c><v>1.1000000000000001</v></c></row>',
      '<si><r><t>Indigo </t></r><r><rPr/><t>Threads</t></r><rPh><t>ignored</t></rPh></si><si><t>Line_x000A_two &#8377;</t></si>',
    )
    expect(readXlsxRows(bytes).map(({ line, cells }) => ({ line, cells: Array.from(cells, (c) => c ?? '') }))).toEqual([
      { line: 1, cells: ['Indigo Threads', '', 'Line\ntwo ₹'] },
      { line: 4, cells: ['Tom & Co', 'TRUE', '1.1'] },
    ])
  })

  it('refuses a cell beyond column XFD or a row beyond 1,048,576 at once, and never makes the empty cells before one', () => {
    const far = workbook('<row r="1"><c r="A1"><v>1</v></c></row><row r="2"><c r="AAAAAAA2"><v>1</v></c></row>')
    expect(() => readXlsxRows(far)).toThrow(
      'The workbook has a cell AAAAAAA2 beyond the last a sheet can have (column XFD, row 10,48,576)',
    )
    expect(() => readXlsxRows(workbook('<row r="1"><c r="XFE1"><v>1</v></c></row>'))).toThrow('cell XFE1 beyond')
    expect(() => readXlsxRows(workbook('<row r="1048577"><c r="A1048577"><v>1</v></c></row>'))).toThrow(
      'row 1048577 beyond',
    )
    expect(() => readXlsxRows(workbook('<row r="-3"><c><v>1</v></c></row>'))).toThrow('row -3 beyond')
    // The last column is read, as one cell: the 16,383 before it are holes, not strings.
    const [row] = readXlsxRows(workbook('<row r="1048576"><c r="XFD1048576"><v>7</v></c></row>'))
    expect(row!.line).toBe(1_048_576)
    expect(row!.cells.length).toBe(16_384)
    expect(Object.keys(row!.cells)).toEqual(['16383'])
  })

  it('stops reading at the row limit, with the sentence an over-long file gets', () => {
    const rows = Array.from({ length: 10 }, (_, i) => `<row><c><v>${i}</v></c></row>`).join('')
    expect(readXlsxRows(workbook(rows), { maxDataRows: 9 })).toHaveLength(10)
    expect(() => readXlsxRows(workbook(rows), { maxDataRows: 8 })).toThrow(
      'The file has more than 8 rows: split it into smaller files',
    )
  })

  it('refuses a sheet that holds one element larger than its limit, or a part that unpacks past its own, whatever the zip declares', () => {
    const padded = new Uint8Array(6 * 1024 * 1024).fill(0x20)
    padded.set(strToU8('<worksheet><sheetData><row r="1"><c><v>1</v></c></row>'))
    const bytes = zipSync({
      'xl/workbook.xml': strToU8('<workbook><sheets><sheet name="A" sheetId="1" r:id="rId1"/></sheets></workbook>'),
      'xl/worksheets/sheet1.xml': [padded, { level: 1 }],
    })
    expect(() => readXlsxRows(bytes, { maxElementChars: 2 * 1024 * 1024 })).toThrow(
      'The workbook holds a row larger than 2 MB: it cannot be an import',
    )
    // The part's declared size says 1,000 bytes: the bytes inflated are what count.
    const lying = declareSmall(bytes)
    expect(() => readXlsxRows(lying, { maxPartBytes: 4 * 1024 * 1024 })).toThrow(
      'The workbook is too large to read: one of its parts unpacks to more than 4 MB',
    )
  })

  it('refuses a zip that is not a workbook', () => {
    const notWorkbook = zipSync({ 'zeros.txt': new Uint8Array(1024) })
    expect(readImportFile(notWorkbook, columns)).toEqual({
      ok: false,
      message: 'The file is not an XLSX workbook (it has no xl/workbook.xml).',
    })
  })

  it('keeps the columns the file has and the line of each row, skipping empty lines', () => {
    const file = readImportFile(strToU8('Buyer,MOQ\n\nAcme,5\n,\nBeta,6\n'), columns)
    expect(file).toEqual({
      ok: true,
      columns: ['buyer', 'moq'],
      rows: [
        { number: 3, cells: { buyer: 'Acme', moq: '5' } },
        { number: 5, cells: { buyer: 'Beta', moq: '6' } },
      ],
    })
  })

  it('refuses a CSV that cannot be read', () => {
    expect(readImportFile(strToU8('buyer,moq\n"Acme,5\n'), columns)).toMatchObject({
      ok: false,
      message: expect.stringContaining('The file is not a CSV file that can be read'),
    })
  })

  it('reads apart in a worker, and refuses at the field a file that outgrows its heap or its time', async () => {
    const small = strToU8('Buyer,MOQ\nAcme,5\n')
    expect(await readImportFileApart(small, columns)).toEqual({
      ok: true,
      columns: ['buyer', 'moq'],
      rows: [{ number: 2, cells: { buyer: 'Acme', moq: '5' } }],
    })
    expect(await readImportFileApart(small, columns, [], { timeMs: 1 })).toEqual({
      ok: false,
      message: 'The file took longer than 1 ms to read: split it into smaller files.',
    })
    const wide = strToU8(`buyer,moq\n${'Acme,5\n'.repeat(2_000_000)}`)
    expect(await readImportFileApart(wide, columns, [], { heapMb: 16 })).toEqual({
      ok: false,
      message: 'The file is too large to read at once: split it into smaller files.',
    })
  })
})
