import { missingLongFiles } from './support/sequencer'

it('starts only files that exist first (a renamed long file would run last again)', () => {
  expect(missingLongFiles()).toEqual([])
})
