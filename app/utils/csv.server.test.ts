import { parseCsv } from '../../tests/support/csv'
import { csvResponse, csvStreamResponse } from './csv.server'
import { rupeesInput } from './money'
import { quantityInput } from './quantity'

describe('csvResponse', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","x")', `'=HYPERLINK("http://evil.example","x")`],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ["-1+cmd|' /C calc'!A0", "'-1+cmd|' /C calc'!A0"],
    ['+1+1', "'+1+1"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['-', "'-"],
    ['-1-1', "'-1-1"],
    ['-1.5.5', "'-1.5.5"],
    ['-1e5', "'-1e5"],
    [' -5', "' -5"],
    ['-A1', "'-A1"],
    ['-296500.00', '-296500.00'],
    ['-1,234.50', '-1,234.50'],
    ['-12,34,567.50', '-12,34,567.50'],
    ['-1.500', '-1.500'],
    ['-7', '-7'],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['  =1+1', "'  =1+1"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['Prime Fashions', 'Prime Fashions'],
    ['a=b', 'a=b'],
    ['', ''],
  ])('makes %j inert in every string column', async (value, expected) => {
    const response = csvResponse(
      'x.csv',
      [
        { key: 'a', header: 'A' },
        { key: 'b', header: 'B' },
      ],
      [{ a: value, b: value }],
    )
    const [row] = parseCsv(await response.text())
    expect(row).toEqual({ A: expected, B: expected })
  })

  it('leaves numbers as numbers', async () => {
    const response = csvResponse('x.csv', [{ key: 'n', header: 'N' }], [{ n: -5 }])
    expect(parseCsv(await response.text())[0]).toEqual({ N: '-5' })
  })

  it('writes negative money and quantities as numbers, as the exports format them', async () => {
    const columns = [
      { key: 'value', header: 'Value' },
      { key: 'margin', header: 'Margin' },
      { key: 'quantity', header: 'Quantity' },
      { key: 'n', header: 'N' },
    ]
    const row = { value: rupeesInput(-29650000), margin: rupeesInput(-5), quantity: quantityInput(-1500), n: -296500.5 }
    const text = await csvResponse('x.csv', columns, [row]).text()
    expect(text.split('\n')[1]).toBe('-296500.00,-0.05,-1.5,-296500.5')
    expect(parseCsv(text)[0]).toEqual({ Value: '-296500.00', Margin: '-0.05', Quantity: '-1.5', N: '-296500.5' })
    const streamed = await csvStreamResponse(
      'x.csv',
      columns,
      (async function* () {
        yield [row]
      })(),
    ).text()
    expect(parseCsv(streamed)[0]).toEqual({ Value: '-296500.00', Margin: '-0.05', Quantity: '-1.5', N: '-296500.5' })
  })
})

describe('csvStreamResponse', () => {
  it('writes the header and every batch, the same cells as csvResponse, fetching a batch only when the one before is taken', async () => {
    let fetched = 0
    async function* batches() {
      for (let b = 0; b < 3; b++) {
        fetched++
        yield [
          { a: `=${b}`, n: b },
          { a: 'plain', n: -b },
        ]
      }
    }
    const response = csvStreamResponse(
      'x.csv',
      [
        { key: 'a', header: 'A' },
        { key: 'n', header: 'N' },
      ],
      batches(),
    )
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(fetched).toBe(0)
    const reader = response.body!.getReader()
    const decoder = new TextDecoder()
    let text = ''
    const fetchedAtRead: number[] = []
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      text += decoder.decode(value, { stream: true })
      fetchedAtRead.push(fetched)
    }
    // Never more than one batch ahead of what has been read: memory holds a batch, not the export.
    fetchedAtRead.forEach((count, i) => expect(count).toBeLessThanOrEqual(i + 1))
    expect(parseCsv(text)).toEqual([
      { A: "'=0", N: '0' },
      { A: 'plain', N: '0' },
      { A: "'=1", N: '1' },
      { A: 'plain', N: '-1' },
      { A: "'=2", N: '2' },
      { A: 'plain', N: '-2' },
    ])
  })

  it('is one CSV with one header when read whole', async () => {
    async function* batches() {
      yield [{ a: '@x' }]
      yield []
      yield [{ a: 'y' }]
    }
    const bytes = new Uint8Array(await csvStreamResponse('x.csv', [{ key: 'a', header: 'A' }], batches()).arrayBuffer())
    // A byte-order mark first, so spreadsheet apps read UTF-8.
    expect([...bytes.slice(0, 5)]).toEqual([0xef, 0xbb, 0xbf, 0x41, 0x0a])
    expect(parseCsv(new TextDecoder().decode(bytes))).toEqual([{ A: "'@x" }, { A: 'y' }])
  })
})

describe('times in CSV exports', () => {
  it('writes instants in IST and says so in the header, and leaves plain dates as dates', async () => {
    const columns = [
      { key: 'placed_at', header: 'Placed at' },
      { key: 'updated_at', header: 'Updated (UTC)' },
      { key: 'required_on', header: 'Needed by' },
      { key: 'note', header: 'Note' },
    ]
    const rows = [
      {
        placed_at: '2026-01-31T20:15:00.000Z',
        updated_at: new Date('2026-03-01T00:00:00Z'),
        required_on: '2026-02-10',
        note: 'at 2026-01-31T20:15:00Z',
      },
    ]
    for (const response of [
      csvResponse('x.csv', columns, rows),
      csvStreamResponse(
        'x.csv',
        columns,
        (async function* () {
          yield rows
        })(),
      ),
    ]) {
      const [row] = parseCsv(await response.text())
      // 20:15 UTC on the 31st is 01:45 on 1 February in India.
      expect(row).toEqual({
        'Placed at (IST)': '2026-02-01 01:45',
        'Updated (IST)': '2026-03-01 05:30',
        'Needed by': '2026-02-10',
        Note: 'at 2026-01-31T20:15:00Z',
      })
    }
  })

  it('writes an instant in IST in any column, so no export gives UTC', async () => {
    const response = csvResponse('x.csv', [{ key: 'when', header: 'When' }], [{ when: '2026-06-30 22:00:00+00:00' }])
    expect(parseCsv(await response.text())[0]).toEqual({ When: '2026-07-01 03:30' })
  })
})
