import { sentenceCase } from './badge'

describe('sentenceCase', () => {
  it('reads a status key as words, capitalised once, with its acronyms in capitals', () => {
    expect(sentenceCase('pending_approval')).toBe('Pending approval')
    expect(sentenceCase('in_qc')).toBe('In QC')
    expect(sentenceCase('qc_passed')).toBe('QC passed')
    expect(sentenceCase('ready_for_qc')).toBe('Ready for QC')
    expect(sentenceCase('active')).toBe('Active')
  })
})
