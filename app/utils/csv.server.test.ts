import { parseCsv } from '../../tests/support/csv'
import { csvResponse } from './csv.server'

describe('csvResponse', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","x")', `'=HYPERLINK("http://evil.example","x")`],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['  =1+1', "'  =1+1"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['Prime Fashions', 'Prime Fashions'],
    ['a=b', 'a=b'],
    ['', ''],
  ])('makes %j inert in every string column', async (value, expected) => {
    const response = csvResponse('x.csv', [{ key: 'a', header: 'A' }, { key: 'b', header: 'B' }], [{ a: value, b: value }])
    const [row] = parseCsv(await response.text())
    expect(row).toEqual({ A: expected, B: expected })
  })

  it('leaves numbers as numbers', async () => {
    const response = csvResponse('x.csv', [{ key: 'n', header: 'N' }], [{ n: -5 }])
    expect(parseCsv(await response.text())[0]).toEqual({ N: '-5' })
  })
})
