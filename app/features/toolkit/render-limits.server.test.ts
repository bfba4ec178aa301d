import { ByteLru, FairLimiter, RenderBusy } from './render-limits.server'

const later = () => {
  let open!: () => void
  const gate = new Promise<void>((resolve) => (open = resolve))
  return { gate, open }
}

describe('the renders’ turns', () => {
  const settle = () => new Promise((resolve) => setImmediate(resolve))

  it('runs one task at a time per user and a few in all; a full line is told at once', async () => {
    const turns = new FairLimiter({ limit: 2, perUser: 1, waitMs: 5_000 })
    const order: string[] = []
    const gates = new Map<string, ReturnType<typeof later>>()
    const task = (user: number, name: string) =>
      turns.run(user, async () => {
        order.push(name)
        const g = later()
        gates.set(name, g)
        await g.gate
        return name
      })
    const a1 = task(1, 'a1')
    const a2 = task(1, 'a2')
    await expect(task(1, 'a3')).rejects.toEqual(new RenderBusy('line'))
    const b1 = task(2, 'b1')
    const c1 = task(3, 'c1')
    await settle()
    expect([order, turns.active, turns.waiting]).toEqual([['a1', 'b1'], 2, 2])
    gates.get('b1')!.open()
    await b1
    await settle()
    // User 1's second waits for their first, though a turn is free: user 3 takes it.
    expect(order).toEqual(['a1', 'b1', 'c1'])
    gates.get('a1')!.open()
    await a1
    await settle()
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2'])
    for (const name of ['c1', 'a2']) gates.get(name)!.open()
    expect(await Promise.all([c1, a2])).toEqual(['c1', 'a2'])
    expect(turns.active).toBe(0)
  })

  it('serves the users in turn: one user’s many tasks do not hold back another’s', async () => {
    const turns = new FairLimiter({ limit: 1, perUser: 4, waitMs: 5_000 })
    const order: string[] = []
    const task = (user: number, name: string) => turns.run(user, async () => void order.push(name))
    await Promise.all([task(1, 'a1'), task(1, 'a2'), task(1, 'a3'), task(2, 'b1'), task(2, 'b2')])
    expect(order).toEqual(['a1', 'a2', 'b1', 'a3', 'b2'])
  })

  it('tells a task that waited too long, and frees its place', async () => {
    const turns = new FairLimiter({ limit: 1, perUser: 4, waitMs: 20 })
    const g = later()
    const first = turns.run(1, () => g.gate)
    await expect(turns.run(2, async () => 'late')).rejects.toEqual(new RenderBusy('wait'))
    g.open()
    await first
    expect(await turns.run(2, async () => 'now')).toBe('now')
  })
})

describe('the results’ cache', () => {
  it('holds at most its bytes, dropping the least recently used, and skips what is too large', () => {
    const cache = new ByteLru<{ bytes: Uint8Array }>(10, 6)
    const v = (n: number) => ({ bytes: new Uint8Array(n) })
    cache.set('a|1', v(4))
    cache.set('b|1', v(4))
    cache.get('a|1')
    cache.set('c|1', v(4))
    expect([cache.get('a|1'), cache.get('b|1'), cache.get('c|1')].map(Boolean)).toEqual([true, false, true])
    cache.set('d|1', v(7))
    expect(cache.get('d|1')).toBeUndefined()
    cache.deletePrefix('a|')
    expect([cache.get('a|1'), cache.bytes]).toEqual([undefined, 4])
  })
})
