import { describe, expect, it } from 'vitest'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { FindingInputs } from './field-findings'
import { checkRolls, findLine, planFor, planRanges, proposedQuantities, type LineSetup } from './inspect'
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

// Issue 51: the phone's live check of a roll's tag is the server's rule, served in data-qc (one
// source: roll-tag.ts). The tags tried are the ones mills print and the ones the server refuses.
describe('the roll tag rule served to the phone', () => {
  const fabric = setup({
    method: 'four_point',
    defectTypes: [{ id: 7, name: 'Hole', severity: 'major', isHole: true }],
  })
  const served = () => {
    const html = renderToStaticMarkup(
      createElement(FindingInputs, {
        line: { id: 5, lineNo: 1, quantity: '150', unit: 'm' },
        setup: fabric,
        typed: { lot: '', counts: {}, rolls: [] },
        errors: {},
        more: '',
      }),
    )
    const attribute = /data-qc="([^"]*)"/.exec(html)![1]!
    const text = attribute
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, '&')
    return JSON.parse(text) as { rollTag: { source: string; message: string; twice: string } }
  }
  const roll = (no: string) => ({ no, shade: '', length: '50', width: '147', defects: [] })

  it.each([
    '12',
    'R1',
    'r1',
    'A-07',
    '24/3',
    'RL-2024/0001',
    'R 1',
    '-1',
    '/3',
    'R1!',
    'रोल1',
    'A'.repeat(20),
    'A'.repeat(21),
  ])('the page’s check and the server agree on “%s”', (tag) => {
    const rule = served().rollTag
    const live = new RegExp(`^(?:${rule.source})$`).test(tag.trim()) ? null : rule.message
    const server = checkRolls(fabric, 5, [roll(tag)])
    expect('fields' in server ? server.fields['roll.5.0.no'] : null).toBe(live)
  })

  it('takes letters and digits, and refuses a tag entered twice whatever its case, in the served words', () => {
    expect(checkRolls(fabric, 5, [roll('R1'), roll('A-07')])).toMatchObject({
      rolls: [{ tag: 'R1' }, { tag: 'A-07' }],
    })
    const twice = checkRolls(fabric, 5, [roll('R1'), roll('r1')])
    expect(twice).toEqual({ fields: { 'roll.5.1.no': served().rollTag.twice.replace('{tag}', 'r1') } })
    expect(served().rollTag.twice.replace('{tag}', 'r1')).toBe('Roll r1 is entered twice')
  })
})

// Issue 51: an accepted fabric lot is proposed less its rolls over the points limit.
describe('the inspector’s proposal', () => {
  const fabric = setup({
    method: 'four_point',
    defectTypes: [{ id: 7, name: 'Hole', severity: 'major', isHole: true }],
  })
  const holes = (n: number) => Array.from({ length: n }, () => ({ type: '7', size: '', unit: 'in' }))
  const rolls = [
    { no: 'R1', shade: '', length: '140', width: '147', defects: [] },
    { no: 'R2', shade: '', length: '10', width: '147', defects: holes(6) },
  ]

  it('takes the rolls over the limit out of an accepted lot, in the line’s unit', () => {
    const found = findLine(fabric, 5, { lot: '', counts: {}, rolls }, true)
    expect(found.verdict).toBe('accept')
    expect(found.fabric!.lot.rollsOverLimit).toEqual(['R2'])
    expect(proposedQuantities(found, { quantityMilli: 150_000, unit: 'm' })).toEqual({
      accepted: '140',
      rejected: '10',
    })
    // 10 m is 10.936 yd (10,000 mm / 914.4 mm).
    expect(proposedQuantities(found, { quantityMilli: 164_000, unit: 'yd' })).toEqual({
      accepted: '153.064',
      rejected: '10.936',
    })
  })
})
