import { describe, expect, it } from 'vitest'
import { verdictSentence, type LineVerdictFacts } from './verdict'

// Issue 51: one sentence from the whole verdict; a lot the plan rejects never reads "every condition is met".

const line = (over: Partial<LineVerdictFacts>): LineVerdictFacts => ({
  lineNo: 1,
  verdict: null,
  classesRejected: [],
  points: null,
  rollsOver: [],
  ...over,
})

describe('the verdict sentence', () => {
  it('says what the plan rejects and why, even when every condition is met', () => {
    const sentence = verdictSentence({
      failedConditions: 0,
      lines: [line({ verdict: 'reject', classesRejected: [{ defectClass: 'major', found: 3, acceptance: 2 }] })],
    })
    expect(sentence).toBe('The plan rejects line 1 (major 3 of Ac 2).')
    expect(sentence).not.toMatch(/every condition/i)
  })

  it('names the rolls over the limit of an accepted lot, the conditions not met, and a lot over its points', () => {
    expect(
      verdictSentence({
        failedConditions: 2,
        lines: [
          line({ verdict: 'accept', points: { per100: '9.10', limit: 40 }, rollsOver: ['R2'] }),
          line({ lineNo: 2, verdict: 'reject', points: { per100: '52.10', limit: 40 }, rollsOver: ['7', 'A-9'] }),
        ],
      }),
    ).toBe(
      'The plan rejects line 2 (52.10 points per 100 sq yd, limit 40); roll R2 of line 1 is over the points limit of 40; rolls 7 and A-9 of line 2 are over the points limit of 40; 2 conditions not met.',
    )
  })

  it('says every condition is met only when nothing else is found', () => {
    expect(verdictSentence({ failedConditions: 0, lines: [line({})] })).toBe('Every condition is met.')
    expect(verdictSentence({ failedConditions: 0, lines: [line({ verdict: 'accept' }), line({ lineNo: 2 })] })).toBe(
      'Every condition is met and the plan accepts line 1.',
    )
    expect(verdictSentence({ failedConditions: 1, lines: [line({ verdict: 'accept' })] })).toBe('1 condition not met.')
    expect(verdictSentence({ failedConditions: 0, lines: [line({ verdict: 'reject', discontinued: true })] })).toBe(
      'The plan rejects line 1 (the seller is discontinued).',
    )
  })
})
