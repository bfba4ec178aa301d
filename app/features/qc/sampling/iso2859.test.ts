import {
  AQLS,
  classPlans,
  codeLetter,
  INSPECTION_LEVELS,
  lotVerdict,
  MASTER_TABLES,
  printedCell,
  rowsOf,
  samplingPlan,
  SEVERITIES,
  tablePlan,
  tighterAcceptance,
  verdict,
  type InspectionLevel,
} from './iso2859'

// Expected values are the standard's published ones (ISO 2859-1:1999 Table 1 and tables 2-A, 2-B,
// 2-C as reprinted in GB/T 2828.1-2012; 2-A and 2-B also in ANSI/ASQ Z1.4), written out here by hand
// rather than derived from the module's tables.

const RANGES: Array<[min: number, max: number]> = [
  [2, 8],
  [9, 15],
  [16, 25],
  [26, 50],
  [51, 90],
  [91, 150],
  [151, 280],
  [281, 500],
  [501, 1200],
  [1201, 3200],
  [3201, 10000],
  [10001, 35000],
  [35001, 150000],
  [150001, 500000],
  [500001, 1_000_000_000],
]
// Table 1, one column per level, top (2 to 8) to bottom (500 001 and over).
const TABLE_1_COLUMNS: Record<InspectionLevel, string> = {
  'S-1': 'AAAABBBBCCCCDDD',
  'S-2': 'AAABBBCCCDDDEEE',
  'S-3': 'AABBCCDDEEFFGGH',
  'S-4': 'AABCCDEEFGGHJJK',
  I: 'AABCCDEFGHJKLMN',
  II: 'ABCDEFGHJKLMNPQ',
  III: 'BCDEFGHJKLMNPQR',
}

describe('Table 1: sample size code letters', () => {
  for (const level of INSPECTION_LEVELS) {
    it(`level ${level}: both ends of every lot size range`, () => {
      const got = RANGES.map(([min, max]) => {
        const atMin = codeLetter(min, level)
        expect(codeLetter(max, level), `${level} ${min}-${max}`).toBe(atMin)
        return atMin
      })
      expect(got.join('')).toBe(TABLE_1_COLUMNS[level])
    })
  }

  it('a lot of one unit is read with the first range', () => {
    expect(codeLetter(1, 'II')).toBe('A')
  })
})

describe('Table 2-A, normal inspection', () => {
  it.each([
    // lot size, level, AQL -> code letter, plan letter, sample, Ac, Re
    [5000, 'II', 2.5, 'L', 'L', 200, 10, 11], // the example
    [5000, 'II', 4.0, 'L', 'L', 200, 14, 15],
    [5000, 'II', 1.5, 'L', 'L', 200, 7, 8],
    [5000, 'II', 0.65, 'L', 'L', 200, 3, 4],
    [5000, 'II', 0.065, 'L', 'L', 200, 0, 1],
    [2000, 'II', 2.5, 'K', 'K', 125, 7, 8],
    [2000, 'II', 4.0, 'K', 'K', 125, 10, 11],
    [1000, 'II', 2.5, 'J', 'J', 80, 5, 6],
    [1000, 'II', 4.0, 'J', 'J', 80, 7, 8],
    [1000, 'II', 1.0, 'J', 'J', 80, 2, 3],
    [500, 'II', 2.5, 'H', 'H', 50, 3, 4],
    [500, 'II', 1.0, 'H', 'H', 50, 1, 2],
    [200, 'II', 2.5, 'G', 'G', 32, 2, 3],
    [120, 'II', 2.5, 'F', 'F', 20, 1, 2],
    [120, 'II', 4.0, 'F', 'F', 20, 2, 3],
    [20000, 'II', 1.0, 'M', 'M', 315, 7, 8],
    [100000, 'II', 2.5, 'N', 'N', 500, 21, 22],
    [1_000_000, 'III', 0.65, 'R', 'R', 2000, 21, 22],
    [1_000_000, 'III', 0.025, 'R', 'R', 2000, 1, 2],
    [20, 'II', 10, 'C', 'C', 5, 1, 2],
    [20, 'II', 65, 'C', 'C', 5, 7, 8],
    [5, 'II', 1000, 'A', 'A', 2, 30, 31],
    [10, 'II', 1000, 'B', 'B', 3, 44, 45],
    [5, 'II', 6.5, 'A', 'A', 2, 0, 1],
  ] as const)(
    'lot %i at %s, AQL %s: %s -> %s, n %i, Ac %i Re %i',
    (lotSize, level, aql, code, planLetter, n, ac, re) => {
      const plan = samplingPlan({ lotSize, level, aql, severity: 'normal' })
      expect(plan).toMatchObject({ table: '2-A', codeLetter: code, planLetter, sampleSize: n, acceptance: ac })
      expect(plan.rejection).toBe(re)
      expect(plan.fullInspection).toBe(false)
    },
  )

  it.each([
    // arrows: the sample size changes to the plan's code letter
    [70, 'II', 2.5, 'E', '↓', 'F', 20, 1], // E (13) at 2.5: down to F's 1/2 on 20
    [40, 'II', 2.5, 'D', '↑', 'C', 5, 0], // D (8) at 2.5: up to C's 0/1 on 5
    [500, 'II', 0.65, 'H', '↓', 'J', 80, 1], // H (50) at 0.65: down to J's 1/2 on 80
    [500, 'II', 0.4, 'H', '↑', 'G', 32, 0],
    [5000, 'II', 0.01, 'L', '↓', 'Q', 1250, 0], // far down the 0.010 column
    [1_000_000, 'III', 0.01, 'R', '↑', 'Q', 1250, 0],
    [1_000_000, 'III', 0.015, 'R', '↑', 'P', 800, 0], // R cannot point down: a long up arrow
    [5000, 'II', 10, 'L', '↑', 'K', 125, 21], // the percent columns end at 21/22
    [120, 'II', 100, 'F', '↑', 'E', 13, 21],
    [120, 'II', 150, 'F', '↑', 'E', 13, 30],
    [20, 'II', 1000, 'C', '↑', 'B', 3, 44],
    [5, 'II', 10, 'A', '↓', 'C', 5, 1], // A at 10: two cells down to C's 1/2
    [5, 'II', 15, 'A', '↓', 'B', 3, 1],
  ] as const)(
    'lot %i at %s, AQL %s: cell %s is %s, plan %s n %i Ac %i',
    (lotSize, level, aql, code, arrow, planLetter, n, ac) => {
      expect(printedCell('normal', code, aql)).toEqual({ kind: arrow === '↓' ? 'down' : 'up' })
      const plan = samplingPlan({ lotSize, level, aql })
      expect(plan).toMatchObject({ codeLetter: code, planLetter, acceptance: ac, rejection: ac + 1 })
      expect(plan.sampleSize).toBe(Math.min(n, lotSize))
    },
  )
})

describe('Table 2-B, tightened inspection', () => {
  it.each([
    [5000, 'II', 2.5, 'L', 200, 8, 9],
    [5000, 'II', 4.0, 'L', 200, 12, 13],
    [5000, 'II', 1.0, 'L', 200, 3, 4],
    [2000, 'II', 2.5, 'K', 125, 5, 6],
    [1000, 'II', 2.5, 'J', 80, 3, 4],
    [500, 'II', 2.5, 'H', 50, 2, 3],
    [200, 'II', 2.5, 'G', 32, 1, 2],
    [100000, 'II', 2.5, 'N', 500, 18, 19],
    [5, 'II', 1000, 'A', 2, 27, 28],
    [10, 'II', 1000, 'B', 3, 41, 42],
    [1_000_000, 'III', 0.01, 'R', 2000, 0, 1],
  ] as const)('lot %i at %s, AQL %s: %s n %i Ac %i Re %i', (lotSize, level, aql, planLetter, n, ac, re) => {
    expect(samplingPlan({ lotSize, level, aql, severity: 'tightened' })).toMatchObject({
      table: '2-B',
      planLetter,
      sampleSize: n,
      acceptance: ac,
      rejection: re,
    })
  })

  it('row S (3150) holds one plan, 1/2 under AQL 0.025, reached by the arrows of Q and R', () => {
    expect(printedCell('tightened', 'S', 0.025)).toEqual({ kind: 'plan', acceptance: 1, rejection: 2 })
    expect(AQLS.filter((aql) => printedCell('tightened', 'S', aql).kind === 'blank')).toHaveLength(25)
    for (const lotSize of [200_000, 1_000_000]) {
      const plan = samplingPlan({ lotSize, level: 'III', aql: 0.025, severity: 'tightened' })
      expect(plan).toMatchObject({ planLetter: 'S', sampleSize: 3150, acceptance: 1, rejection: 2 })
    }
    // R at 0.015 points up (to Q's 0/1 on 1250), never down into S
    expect(samplingPlan({ lotSize: 1_000_000, level: 'III', aql: 0.015, severity: 'tightened' })).toMatchObject({
      planLetter: 'Q',
      sampleSize: 1250,
      acceptance: 0,
    })
    expect(() => tablePlan('tightened', 'S', 0.01)).toThrow(RangeError)
  })

  it('arrows change the sample: G (32) at 1.0 goes down to J (80) with 1/2', () => {
    expect(printedCell('tightened', 'G', 1.0)).toEqual({ kind: 'down' })
    expect(samplingPlan({ lotSize: 200, level: 'II', aql: 1.0, severity: 'tightened' })).toMatchObject({
      codeLetter: 'G',
      planLetter: 'J',
      tableSampleSize: 80,
      sampleSize: 80,
      acceptance: 1,
    })
  })
})

describe('Table 2-C, reduced inspection (1999 edition: Re = Ac + 1)', () => {
  it.each([
    [5000, 'II', 1.5, 'L', 80, 5, 6],
    [5000, 'II', 2.5, 'L', 80, 6, 7],
    [5000, 'II', 4.0, 'L', 80, 8, 9],
    [5000, 'II', 6.5, 'L', 80, 10, 11],
    [2000, 'II', 2.5, 'K', 50, 5, 6],
    [1000, 'II', 2.5, 'J', 32, 3, 4],
    [500, 'II', 2.5, 'H', 20, 2, 3],
    [20000, 'II', 0.04, 'M', 125, 0, 1],
    [20000, 'II', 0.065, 'L', 80, 0, 1], // an arrow up: L's 0/1 on 80
    [5000, 'II', 10, 'K', 50, 10, 11], // an arrow up: the percent columns end at 10/11
    [5, 'II', 1000, 'A', 2, 30, 31],
    [20, 'II', 100, 'C', 2, 6, 7],
  ] as const)('lot %i at %s, AQL %s: %s n %i Ac %i Re %i', (lotSize, level, aql, planLetter, n, ac, re) => {
    expect(samplingPlan({ lotSize, level, aql, severity: 'reduced' })).toMatchObject({
      table: '2-C',
      planLetter,
      sampleSize: n,
      acceptance: ac,
      rejection: re,
    })
  })

  it('arrows in 2-C bring the reduced sample size of the plan reached', () => {
    // H (20) at 0.65 is an arrow down twice: K's 1/2 on 50
    expect(printedCell('reduced', 'H', 0.65)).toEqual({ kind: 'down' })
    expect(samplingPlan({ lotSize: 500, level: 'II', aql: 0.65, severity: 'reduced' })).toMatchObject({
      planLetter: 'K',
      sampleSize: 50,
      acceptance: 1,
    })
    // Q at 0.025 is a long arrow up over P to N's 0/1 on 200
    expect(printedCell('reduced', 'Q', 0.025)).toEqual({ kind: 'up' })
    expect(samplingPlan({ lotSize: 300_000, level: 'III', aql: 0.025, severity: 'reduced' })).toMatchObject({
      planLetter: 'N',
      sampleSize: 200,
      acceptance: 0,
    })
  })
})

describe('every cell of every table', () => {
  it('has Re = Ac + 1, and every arrow reaches a plan on the table', () => {
    for (const severity of SEVERITIES) {
      for (const letter of rowsOf(severity)) {
        for (const aql of AQLS) {
          const cell = MASTER_TABLES[severity][letter]![AQLS.indexOf(aql)]!
          if (cell.kind === 'plan') expect(cell.rejection).toBe(cell.acceptance + 1)
          if (cell.kind === 'blank') continue
          const plan = tablePlan(severity, letter, aql)
          expect(plan.rejection).toBe(plan.acceptance + 1)
          const rows = rowsOf(severity)
          const from = rows.indexOf(letter)
          const to = rows.indexOf(plan.planLetter)
          if (cell.kind === 'down') expect(to).toBeGreaterThan(from)
          if (cell.kind === 'up') expect(to).toBeLessThan(from)
          if (cell.kind === 'plan') expect(to).toBe(from)
        }
      }
    }
  })

  it('tightened never accepts more than normal, reduced never samples more than normal', () => {
    for (const letter of rowsOf('normal')) {
      for (const aql of AQLS) {
        const normal = tablePlan('normal', letter, aql)
        const tightened = tablePlan('tightened', letter, aql)
        const reduced = tablePlan('reduced', letter, aql)
        if (tightened.sampleSize === normal.sampleSize) {
          expect(tightened.acceptance).toBeLessThanOrEqual(normal.acceptance)
        }
        expect(reduced.sampleSize).toBeLessThanOrEqual(normal.sampleSize)
      }
    }
  })
})

describe('100 % inspection when the sample is not smaller than the lot', () => {
  it('a lot of 4 at level II, AQL 2.5: A points down to C (5 units), so all 4 are inspected with Ac 0', () => {
    const plan = samplingPlan({ lotSize: 4, level: 'II', aql: 2.5 })
    expect(plan).toMatchObject({
      codeLetter: 'A',
      planLetter: 'C',
      tableSampleSize: 5,
      sampleSize: 4,
      fullInspection: true,
      acceptance: 0,
      rejection: 1,
    })
  })

  it('equal sizes count: a lot of 5 with a sample of 5 is inspected whole', () => {
    expect(samplingPlan({ lotSize: 5, level: 'II', aql: 2.5 })).toMatchObject({ sampleSize: 5, fullInspection: true })
    expect(samplingPlan({ lotSize: 9, level: 'II', aql: 2.5 })).toMatchObject({ sampleSize: 5, fullInspection: false })
  })

  it('an arrow can send a small lot to a sample larger than itself', () => {
    // lot 30 at level II is D (8); AQL 0.40 points down to G's 0/1 on 32: all 30 units are inspected
    const plan = samplingPlan({ lotSize: 30, level: 'II', aql: 0.4 })
    expect(plan).toMatchObject({ codeLetter: 'D', planLetter: 'G', tableSampleSize: 32, sampleSize: 30 })
    expect(plan).toMatchObject({ fullInspection: true, acceptance: 0 })
  })
})

describe('verdicts', () => {
  it('accepts at Ac and rejects at Re', () => {
    const plan = samplingPlan({ lotSize: 5000, level: 'II', aql: 2.5 })
    expect(verdict(plan, 0)).toBe('accept')
    expect(verdict(plan, 10)).toBe('accept')
    expect(verdict(plan, 11)).toBe('reject')
    expect(() => verdict(plan, -1)).toThrow(RangeError)
    expect(() => verdict(plan, 1.5)).toThrow(RangeError)
  })

  it('plans per defect class with the defaults (critical 0, major 2.5, minor 4.0)', () => {
    const plans = classPlans({ lotSize: 5000, level: 'II' })
    expect(plans.major).toMatchObject({ aql: 2.5, sampleSize: 200, acceptance: 10, rejection: 11 })
    expect(plans.minor).toMatchObject({ aql: 4, sampleSize: 200, acceptance: 14, rejection: 15 })
    expect(plans.critical).toMatchObject({ aql: 0, sampleSize: 200, acceptance: 0, rejection: 1 })
    expect(plans.sampleToDraw).toBe(200)
    expect(lotVerdict(plans, { critical: 0, major: 10, minor: 14 }).verdict).toBe('accept')
    expect(lotVerdict(plans, { critical: 1, major: 0, minor: 0 })).toEqual({
      verdict: 'reject',
      byClass: { critical: 'reject', major: 'accept', minor: 'accept' },
    })
    expect(lotVerdict(plans, { critical: 0, major: 11, minor: 0 }).verdict).toBe('reject')
  })

  it('classes with different samples: the lot draws the largest, zero tolerance counts over it', () => {
    // lot 70 (E, 13): major 2.5 points down to F (20); minor 4.0 stays on E (13)
    const plans = classPlans({ lotSize: 70, level: 'II', aqls: { critical: 0, major: 2.5, minor: 4 } })
    expect(plans.major).toMatchObject({ sampleSize: 20, acceptance: 1 })
    expect(plans.minor).toMatchObject({ sampleSize: 13, acceptance: 1 })
    expect(plans.critical).toMatchObject({ planLetter: 'F', sampleSize: 20, acceptance: 0, rejection: 1 })
    expect(plans.sampleToDraw).toBe(20)
  })

  it('a critical class may have its own AQL from the table', () => {
    const plans = classPlans({ lotSize: 5000, level: 'II', aqls: { critical: 0.065 } })
    expect(plans.critical).toMatchObject({ aql: 0.065, sampleSize: 200, acceptance: 0 })
  })
})

describe('inputs are checked', () => {
  it.each([0, -5, 2.5, Number.NaN, Number.POSITIVE_INFINITY, '100'])('lot size %s is refused', (lotSize) => {
    expect(() => samplingPlan({ lotSize: lotSize as number, level: 'II', aql: 2.5 })).toThrow(
      /lot size must be a positive whole number/,
    )
  })

  it.each([0, 3, 2.4, 0.1 + 0.2, 2000])('AQL %s is refused', (aql) => {
    expect(() => samplingPlan({ lotSize: 100, level: 'II', aql })).toThrow(RangeError)
    expect(() => samplingPlan({ lotSize: 100, level: 'II', aql })).toThrow(/not one of the standard's AQLs/)
  })

  it('AQLs written as the standard prints them are read', () => {
    expect(samplingPlan({ lotSize: 5000, level: 'II', aql: '4.0' as unknown as number }).acceptance).toBe(14)
  })

  it.each(['IV', 'S-5', 'ii', ''])('level %s is refused', (level) => {
    expect(() => samplingPlan({ lotSize: 100, level: level as InspectionLevel, aql: 2.5 })).toThrow(
      /Unknown inspection level/,
    )
  })

  it('an unknown severity is refused', () => {
    expect(() => samplingPlan({ lotSize: 100, level: 'II', aql: 2.5, severity: 'strict' as 'normal' })).toThrow(
      RangeError,
    )
  })

  it('a class AQL outside the list names its class', () => {
    expect(() => classPlans({ lotSize: 100, level: 'II', aqls: { minor: 3 } })).toThrow(/minor defects: AQL 3/)
  })
})

describe('the switching score one step tighter (clause 9.3.3.2)', () => {
  it('reads the tighter AQL on the row of the plan used', () => {
    expect(tighterAcceptance(samplingPlan({ lotSize: 5000, level: 'II', aql: 2.5 }))).toBe(7) // L at 1.5
    // F at 100 points up to E's 21/22 on 13; one step tighter (65) on row E is 14/15 on 13
    expect(tighterAcceptance(samplingPlan({ lotSize: 120, level: 'II', aql: 100 }))).toBe(14)
    expect(tighterAcceptance(samplingPlan({ lotSize: 5000, level: 'II', aql: 0.01 }))).toBeNull()
  })
})

describe('zero tolerance on a small lot', () => {
  it('every class at 0 inspects the code letter sample, or the whole lot when smaller', () => {
    const plans = classPlans({ lotSize: 6, level: 'II', aqls: { critical: 0, major: 0, minor: 0 } })
    expect(plans.critical).toMatchObject({ planLetter: 'A', tableSampleSize: 2, sampleSize: 2, fullInspection: false })
    expect(plans.sampleToDraw).toBe(2)
    // lot 4 at AQL 2.5 draws C's 5, so all 4 units, and the critical class counts over all of them
    const small = classPlans({ lotSize: 4, level: 'II', aqls: { critical: 0, major: 2.5, minor: 4 } })
    expect(small.critical).toMatchObject({ sampleSize: 4, fullInspection: true, acceptance: 0 })
    expect(small.sampleToDraw).toBe(4)
  })
})
