import { isOwnKey } from './own-key'

describe('isOwnKey', () => {
  const table = { archive: 1, restore: 2 }
  it.each(['archive', 'restore'])('takes the own key %s', (key) => expect(isOwnKey(table, key)).toBe(true))
  it.each(['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', '', null, 1])('refuses %j', (key) =>
    expect(isOwnKey(table, key)).toBe(false),
  )
})
