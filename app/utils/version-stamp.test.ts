import { nextStamp } from './version-stamp'

describe('nextStamp', () => {
  it('is now, or just past a stamp that is not behind now', () => {
    const ahead = new Date(Date.now() + 60_000).toISOString()
    expect(nextStamp(ahead)).toBe(new Date(new Date(ahead).getTime() + 1).toISOString())
    const old = '2020-01-01T00:00:00.000Z'
    expect(nextStamp(old) > old).toBe(true)
    expect(Math.abs(Date.parse(nextStamp()) - Date.now())).toBeLessThan(1000)
  })
})
