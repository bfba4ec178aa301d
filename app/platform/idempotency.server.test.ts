import { getDb } from '~/db.server'
import { once } from '~/platform/idempotency.server'

describe('once', () => {
  it('runs the create once per key and hands the first result to a retry', async () => {
    const db = getDb()
    let calls = 0
    const create = async () => ++calls * 10
    const first = await db.transaction().execute((trx) => once(trx, 'key-1', 'test.create', null, create))
    const retry = await db.transaction().execute((trx) => once(trx, 'key-1', 'test.create', null, create))
    const other = await db.transaction().execute((trx) => once(trx, 'key-2', 'test.create', null, create))
    expect(first).toEqual({ result: 10, repeated: false })
    expect(retry).toEqual({ result: 10, repeated: true })
    expect(other).toEqual({ result: 20, repeated: false })
    expect(calls).toBe(2)
  })

  it('forgets the key when the create fails, so the user can try again', async () => {
    const db = getDb()
    await expect(
      db.transaction().execute((trx) =>
        once(trx, 'key-3', 'test.create', null, async () => {
          throw new Error('bad input')
        }),
      ),
    ).rejects.toThrow('bad input')
    const again = await db.transaction().execute((trx) => once(trx, 'key-3', 'test.create', null, async () => 7))
    expect(again).toEqual({ result: 7, repeated: false })
  })

  it('keeps keys of different forms apart', async () => {
    const db = getDb()
    await db.transaction().execute((trx) => once(trx, 'same', 'a.create', null, async () => 1))
    const b = await db.transaction().execute((trx) => once(trx, 'same', 'b.create', null, async () => 2))
    expect(b.result).toBe(2)
  })

  it("keeps keys of different users apart: one user never gets another's result", async () => {
    const db = getDb()
    const mine = await db.transaction().execute((trx) => once(trx, 'shared-key', 'c.create', 1, async () => 'mine'))
    const theirs = await db.transaction().execute((trx) => once(trx, 'shared-key', 'c.create', 2, async () => 'theirs'))
    expect(mine).toEqual({ result: 'mine', repeated: false })
    expect(theirs).toEqual({ result: 'theirs', repeated: false })
    const again = await db.transaction().execute((trx) => once(trx, 'shared-key', 'c.create', 2, async () => 'twice'))
    expect(again).toEqual({ result: 'theirs', repeated: true })
  })

  it('two submits with one key at the same moment: one creates, the other gets its result (real concurrency on PostgreSQL)', async () => {
    const db = getDb()
    let calls = 0
    const slowCreate = async () => {
      calls++
      // Long enough for the other transaction to reach its claim while this one is open.
      await new Promise((resolve) => setTimeout(resolve, 150))
      return 'made once'
    }
    const submit = () => db.transaction().execute((trx) => once(trx, 'race-key', 'race.create', 1, slowCreate))
    const answers = await Promise.all([submit(), submit(), submit()])
    expect(calls).toBe(1)
    expect(answers.map((a) => a.result)).toEqual(['made once', 'made once', 'made once'])
    expect(answers.filter((a) => !a.repeated)).toHaveLength(1)
  })

  it('a submit waiting on a key whose first create fails creates it itself', async () => {
    const db = getDb()
    const failing = db.transaction().execute((trx) =>
      once(trx, 'retry-key', 'race.create', 1, async () => {
        await new Promise((resolve) => setTimeout(resolve, 150))
        throw new Error('the first attempt failed')
      }),
    )
    await new Promise((resolve) => setTimeout(resolve, 30))
    const second = db
      .transaction()
      .execute((trx) => once(trx, 'retry-key', 'race.create', 1, async () => 'second made it'))
    await expect(failing).rejects.toThrow('the first attempt failed')
    expect(await second).toEqual({ result: 'second made it', repeated: false })
  })
})
