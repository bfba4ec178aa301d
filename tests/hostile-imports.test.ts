// Hostile import files cannot take the server down or hold it up (issue 50): on the real server
// (node server.js, the built app: run `npm run build` first), a workbook with a cell hundreds of
// millions of columns to the right, a deflate bomb whose zip declares a small size, and a sheet of
// 300,000 rows are each refused at the file field, while /healthz keeps answering within a second
// and the process lives on.
import { strToU8, zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cookieFor } from './support/db'
import { startServer, type RunningServer } from './support/server'

const HEADER =
  '<row r="1"><c r="A1" t="inlineStr"><is><t>buyer</t></is></c><c r="B1" t="inlineStr"><is><t>product_sku</t></is></c>' +
  '<c r="C1" t="inlineStr"><is><t>buyer_code</t></is></c><c r="D1" t="inlineStr"><is><t>price</t></is></c>' +
  '<c r="E1" t="inlineStr"><is><t>moq</t></is></c></row>'

function workbook(sheet: Uint8Array): Uint8Array {
  return zipSync({
    'xl/workbook.xml': strToU8('<workbook><sheets><sheet name="A" sheetId="1" r:id="rId1"/></sheets></workbook>'),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    'xl/worksheets/sheet1.xml': sheet,
  })
}

const sheetXml = (rows: string) => strToU8(`<worksheet><sheetData>${HEADER}${rows}</sheetData></worksheet>`)

/** The 1 KB workbook of the review: valid but for one cell at column AAAAAAA (321 million). */
const farColumn = () => workbook(sheetXml('<row r="2"><c r="AAAAAAA2"><v>1</v></c></row>'))

/**
 * A deflate bomb: a workbook part of 30 MB (the workbook, then spaces) deflated to about 30 KB,
 * whose zip headers declare it unpacks to 1,000 bytes (a reader trusting them inflates it all).
 */
function deflateBomb(): Uint8Array {
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
function manyRows(): Uint8Array {
  const rows: string[] = []
  for (let r = 2; r <= 300_001; r++)
    rows.push(
      `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>Buyer ${r}</t></is></c><c r="B${r}" t="inlineStr"><is><t>SKU-${r}</t></is></c><c r="D${r}"><v>${r}</v></c><c r="E${r}"><v>5</v></c></row>`,
    )
  return workbook(sheetXml(rows.join('')))
}

describe('hostile import files on the real server', () => {
  let server: RunningServer
  let cookie = ''
  // Made before any request: seconds of idling between requests would let the server close a kept-alive
  // connection as the next request goes out on it.
  const files = new Map<string, Uint8Array>()
  beforeAll(async () => {
    // A bomb past a 20 MB limit proves the count as well as one past the default 200 MB, in a tenth of the time.
    const starting = startServer({ IMPORT_MAX_UNPACKED_MB: '20' })
    for (const [name, make] of Object.entries({ farColumn, deflateBomb, manyRows })) files.set(name, make())
    server = await starting
    cookie = await cookieFor('internal')
  }, 90_000)
  afterAll(() => server?.stop())

  /** Uploads the file while asking /healthz every 50 ms: the answer, and the slowest /healthz. */
  async function uploadWatchingHealth(name: string, bytes: Uint8Array) {
    let uploading = true
    let slowest = 0
    let asked = 0
    const watching = (async () => {
      while (uploading) {
        const started = performance.now()
        const health = await fetch(`${server.url}/healthz`)
        await health.arrayBuffer()
        expect(health.status).toBe(200)
        slowest = Math.max(slowest, performance.now() - started)
        asked++
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    })()
    const form = new FormData()
    form.set('kind', 'buyer_skus')
    form.set(
      'file',
      new File([Buffer.from(bytes)], name, {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    )
    const answer = await fetch(`${server.url}/skus/imports/new`, {
      method: 'POST',
      body: form,
      headers: { cookie, Origin: server.url.replace('127.0.0.1', 'localhost') },
      redirect: 'manual',
    }).finally(() => (uploading = false))
    const page = await answer.text()
    await watching
    return { status: answer.status, page, slowest, asked }
  }

  it.each([
    ['a cell at column AAAAAAA', 'farColumn', 'beyond the last a sheet can have'],
    [
      'a deflate bomb declaring 1,000 bytes',
      'deflateBomb',
      'The workbook is too large to read: one of its parts unpacks to more than 20 MB',
    ],
    ['300,000 rows', 'manyRows', 'The file has more than 1,00,000 rows: split it into smaller files.'],
  ])(
    'refuses %s at the file field while /healthz answers within a second',
    async (_name, file, message) => {
      const { status, page, slowest, asked } = await uploadWatchingHealth('hostile.xlsx', files.get(file)!)
      expect(status).toBe(400)
      expect(/<p class="field-error">([^<]*)<\/p>/.exec(page)?.[1]).toContain(message)
      expect(page).toContain('The file was not read: nothing was written.')
      expect(server.exitCode()).toBeNull()
      expect(asked).toBeGreaterThan(0)
      expect(slowest).toBeLessThan(1_000)
      // The server lives on and serves.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    },
    60_000,
  )
})
