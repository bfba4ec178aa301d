import { samplingPlan } from './iso2859'
import { nextScore, scoreFact, switchingState, type LotRecord } from './switching'

// Scripted lot histories: A accepted, R not accepted. Facts for the score are given where it matters.
const lots = (script: string, extra: Partial<LotRecord> = {}): LotRecord[] =>
  [...script.replace(/\s/g, '')].map((c) => ({ accepted: c === 'A', ...extra }))

// A plan with Ac 0/1 (the +2 rule): L at AQL 0.065 is 0/1 on 200.
const acZero = { acceptance: 0, defects: 0, tighterAcceptance: 0 }
// The plan L, AQL 2.5: Ac 10, one step tighter (1.5) Ac 7.
const l25 = samplingPlan({ lotSize: 5000, level: 'II', aql: 2.5 })

describe('normal to tightened (clause 9.3.1)', () => {
  it('starts on normal', () => {
    expect(switchingState([])).toMatchObject({ state: 'normal', switchingScore: 0, lastSwitchAfterLot: null })
    expect(switchingState([]).reason).toMatch(/9\.1/)
  })

  it('two lots not accepted within 5 consecutive lots switch to tightened', () => {
    const status = switchingState(lots('A R A A R'))
    expect(status.state).toBe('tightened')
    expect(status.lastSwitchAfterLot).toBe(5)
    expect(status.reason).toBe(
      'Tightened inspection after lot 5 (clause 9.3.1): 2 of 4 consecutive lots on normal inspection were not accepted (lots 2 and 5).',
    )
    expect(status.steps.map((s) => s.switchedTo ?? '')).toEqual(['', '', '', '', 'tightened'])
  })

  it('two lots not accepted in a row switch at once', () => {
    expect(switchingState(lots('R R')).state).toBe('tightened')
  })

  it('two lots not accepted six lots apart do not', () => {
    const status = switchingState(lots('R A A A A R'))
    expect(status.state).toBe('normal')
    expect(switchingState(lots('R A A A R')).state).toBe('tightened')
  })
})

describe('tightened to normal (9.3.2) and discontinuation (9.4)', () => {
  it('5 consecutive lots accepted on tightened return to normal, with the score restarting at 0', () => {
    const status = switchingState(lots('R R A A A A A'))
    expect(status).toMatchObject({ state: 'normal', switchingScore: 0, lastSwitchAfterLot: 7 })
    expect(status.reason).toMatch(/clause 9\.3\.2/)
    expect(status.steps.map((s) => s.inspectedOn)).toEqual([
      'normal',
      'normal',
      'tightened',
      'tightened',
      'tightened',
      'tightened',
      'tightened',
    ])
  })

  it('a lot not accepted on tightened restarts the run of five', () => {
    const status = switchingState(lots('R R A A A A R A A A A'))
    expect(status).toMatchObject({ state: 'tightened', acceptedInARowOnTightened: 4, notAcceptedOnTightened: 1 })
    expect(switchingState(lots('R R A A A A R A A A A A')).state).toBe('normal')
  })

  it('the fifth lot not accepted on tightened (not necessarily in a row) discontinues inspection', () => {
    // tightened after lot 2, then lots 3, 5, 7, 9 and 11 are not accepted on tightened
    const status = switchingState(lots('R R  R A R A R A R A R'))
    expect(status.state).toBe('discontinued')
    expect(status.lastSwitchAfterLot).toBe(11)
    expect(status.reason).toMatch(/^Inspection discontinued after lot 11 \(clause 9\.4\)/)
    expect(switchingState(lots('R R  R A R A R A R A'))).toMatchObject({
      state: 'tightened',
      notAcceptedOnTightened: 4,
    })
  })

  it('lots while discontinued change nothing; a resumed lot starts tightened again', () => {
    const history = [...lots('R R R R R R R'), { accepted: true }]
    expect(switchingState(history)).toMatchObject({ state: 'discontinued', lastSwitchAfterLot: 7 })
    expect(switchingState(history).steps.at(-1)?.inspectedOn).toBe('discontinued')
    const resumed = switchingState([...history, { accepted: true, resumed: true }])
    expect(resumed).toMatchObject({ state: 'tightened', acceptedInARowOnTightened: 1, notAcceptedOnTightened: 0 })
    expect(resumed.reason).toMatch(/resumed on tightened inspection at lot 9/)
  })
})

describe('the switching score and normal to reduced (9.3.3)', () => {
  it('Ac 0 or 1: +2 per accepted lot; 15 such lots reach 30 and switch to reduced', () => {
    const fourteen = switchingState(lots('A'.repeat(14), { scoreFacts: [acZero] }))
    expect(fourteen).toMatchObject({ state: 'normal', switchingScore: 28 })
    const fifteen = switchingState(lots('A'.repeat(15), { scoreFacts: [acZero] }))
    expect(fifteen).toMatchObject({ state: 'reduced', switchingScore: 0, lastSwitchAfterLot: 15 })
    expect(fifteen.reason).toMatch(/switching score reached 30/)
    expect(fifteen.steps.at(-1)).toMatchObject({ lot: 15, inspectedOn: 'normal', score: 30, switchedTo: 'reduced' })
  })

  it('Ac 2 or more: +3 only when the lot passes one AQL step tighter, else the score resets', () => {
    expect(scoreFact(l25, 7)).toEqual({ acceptance: 10, defects: 7, tighterAcceptance: 7 })
    expect(nextScore(12, { accepted: true, scoreFacts: [scoreFact(l25, 7)] })).toBe(15)
    // 8 defects: accepted on Ac 10, but not on Ac 7: reset
    expect(nextScore(12, { accepted: true, scoreFacts: [scoreFact(l25, 8)] })).toBe(0)
    expect(nextScore(12, { accepted: false, scoreFacts: [scoreFact(l25, 11)] })).toBe(0)
    const ten = lots('A'.repeat(10)).map((l) => ({ ...l, scoreFacts: [scoreFact(l25, 3)] }))
    expect(switchingState(ten).state).toBe('reduced')
    expect(switchingState(ten.slice(0, 9)).switchingScore).toBe(27)
  })

  it('several classes: any reset resets, else the smallest increment counts', () => {
    expect(nextScore(0, { accepted: true, scoreFacts: [scoreFact(l25, 2), acZero] })).toBe(2)
    expect(nextScore(6, { accepted: true, scoreFacts: [scoreFact(l25, 9), acZero] })).toBe(0)
  })

  it('a lot not accepted resets the score; accepted lots without facts hold it', () => {
    const history: LotRecord[] = [
      ...lots('AAAA', { scoreFacts: [acZero] }),
      { accepted: true },
      { accepted: false },
      ...lots('AA', { scoreFacts: [acZero] }),
    ]
    const status = switchingState(history)
    expect(status.steps.map((s) => s.score)).toEqual([2, 4, 6, 8, 8, 0, 2, 4])
    expect(status.state).toBe('normal')
  })

  it('stays on normal while production is not steady or the authority does not approve', () => {
    const unsteady = switchingState(lots('A'.repeat(16), { scoreFacts: [acZero], productionSteady: false }))
    expect(unsteady).toMatchObject({ state: 'normal', switchingScore: 32 })
    expect(unsteady.note).toMatch(/production is not steady/)
    const refused = switchingState(lots('A'.repeat(15), { scoreFacts: [acZero], authorityApprovesReduced: false }))
    expect(refused.state).toBe('normal')
    expect(refused.note).toMatch(/has not approved/)
    // once approved, the next accepted lot switches
    const approved = switchingState([
      ...lots('A'.repeat(15), { scoreFacts: [acZero], authorityApprovesReduced: false }),
      { accepted: true, scoreFacts: [acZero] },
    ])
    expect(approved).toMatchObject({ state: 'reduced', lastSwitchAfterLot: 16 })
  })
})

describe('reduced to normal (9.3.4)', () => {
  const toReduced = lots('A'.repeat(15), { scoreFacts: [acZero] })

  it('a lot not accepted on reduced', () => {
    const status = switchingState([...toReduced, { accepted: true }, { accepted: false }])
    expect(status).toMatchObject({ state: 'normal', lastSwitchAfterLot: 17, switchingScore: 0 })
    expect(status.reason).toBe('Back to normal inspection after lot 17: a lot was not accepted (clause 9.3.4 a).')
  })

  it('production irregular or delayed', () => {
    const status = switchingState([...toReduced, { accepted: true, productionSteady: false }])
    expect(status.state).toBe('normal')
    expect(status.reason).toMatch(/9\.3\.4 b/)
  })

  it('other conditions', () => {
    const status = switchingState([...toReduced, { accepted: true, normalRequired: true }])
    expect(status.reason).toMatch(/9\.3\.4 c/)
  })

  it('accepted lots keep reduced inspection', () => {
    expect(switchingState([...toReduced, ...lots('AAAAAAAAAA')]).state).toBe('reduced')
  })
})

it('a scheme the authority starts on tightened', () => {
  expect(switchingState([], { initial: 'tightened' })).toMatchObject({ state: 'tightened' })
  expect(switchingState(lots('AAAAA'), { initial: 'tightened' }).state).toBe('normal')
})
