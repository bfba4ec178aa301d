import { COUNT_CAP, maxPage, readListParams } from './list-params'

const read = (query: string) =>
  readListParams(new URLSearchParams(query), { sorts: ['name'] as const, defaultSort: 'name' })

describe('list params', () => {
  it('shows 25 rows by default and up to 100 when the URL asks', () => {
    expect(read('').pageSize).toBe(25)
    expect(read('perPage=60').pageSize).toBe(60)
    expect(read('perPage=500').pageSize).toBe(100)
    expect(read('perPage=0').pageSize).toBe(25)
    expect(read('perPage=abc').pageSize).toBe(25)
  })

  it('never serves a page past the counted range, whatever page the URL names', () => {
    expect(read('page=999999999').page).toBe(COUNT_CAP / 25)
    expect(read('perPage=100&page=500').page).toBe(COUNT_CAP / 100)
    expect((read('page=999999').page - 1) * 25 + 25).toBeLessThanOrEqual(COUNT_CAP)
    expect(maxPage(100)).toBe(100)
    expect(read('page=-3').page).toBe(1)
  })
})
