import { inRequestScope, oncePerRequest } from './request-scope.server'

describe('oncePerRequest', () => {
  it('makes a value once per scoped request and key, however many loaders ask', async () => {
    let made = 0
    const make = () => Promise.resolve(++made)
    const answers = await inRequestScope(async () => {
      const first = await Promise.all([oncePerRequest('viewer:a', make), oncePerRequest('viewer:a', make)])
      // After an await, as a page loader asks after its layout's.
      const later = await oncePerRequest('viewer:a', make)
      const other = await oncePerRequest('viewer:b', make)
      return [...first, later, other]
    })
    expect(answers).toEqual([1, 1, 1, 2])
    expect(made).toBe(2)
  })

  it('keeps nothing from one request to the next, nor outside a request', async () => {
    let made = 0
    const make = () => ++made
    inRequestScope(() => oncePerRequest('k', make))
    inRequestScope(() => oncePerRequest('k', make))
    oncePerRequest('k', make)
    oncePerRequest('k', make)
    expect(made).toBe(4)
  })
})
