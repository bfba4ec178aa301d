import { describe, expect, it } from 'vitest'
import { planFor, planRanges, type LineSetup } from './inspect'
import { DEFECT_CLASSES } from './sampling/iso2859'

// The plans served to the phone (data-qc, read by public/field.js offline) give what the server
// computes for every lot size: the same code letter, sample to draw and Ac/Re per class.

const setup = (over: Partial<LineSetup>): LineSetup => ({
  method: 'aql',
  level: 'II',
  aqls: { critical: 0, major: 2.5, minor: 4 },
  pointsLimit: 40,
  state: 'normal',
  pieceUnit: false,
  pieceLot: null,
  defectTypes: [],
  ...over,
})

describe('plans served to the phone', () => {
  it.each([
    setup({}),
    setup({ level: 'S-3', aqls: { critical: 0, major: 1.5, minor: 4 } }),
    setup({ state: 'tightened', level: 'I' }),
    setup({ state: 'reduced', level: 'III', aqls: { critical: 0.65, major: 2.5, minor: 6.5 } }),
  ])('match the server’s plan at every lot size (level $level, $state)', (line) => {
    const ranges = planRanges(line)
    expect(ranges.length).toBe(15)
    for (const lot of [
      1, 2, 8, 9, 15, 16, 50, 51, 90, 151, 280, 281, 500, 1200, 3201, 10000, 35001, 500001, 2_000_000,
    ]) {
      const served = ranges.find((r) => r[1] === null || lot <= r[1])!
      const found = planFor(line, lot)
      if (!('plans' in found)) throw new Error(found.error)
      expect(served[2]).toBe(found.plans.critical.codeLetter)
      expect(Math.min(served[3], lot)).toBe(found.plans.sampleToDraw)
      for (const c of DEFECT_CLASSES)
        expect(served[4][c]).toEqual([found.plans[c].acceptance, found.plans[c].rejection])
    }
  })
})
