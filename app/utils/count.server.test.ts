import { getDb } from '~/db.server'
import { countUpTo } from './count.server'

describe('countUpTo', () => {
  it('counts exactly up to the cap and says when it stopped', async () => {
    const db = getDb()
    const all = Number(
      (
        await db
          .selectFrom('sellers')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
    const query = db.selectFrom('sellers').select(['id', 'name']).orderBy('name')
    expect(await countUpTo(db, query)).toEqual({ total: all, capped: false })
    expect(await countUpTo(db, query, 10)).toEqual({ total: 10, capped: true })
    expect(await countUpTo(db, query.where('status', '=', 'pending'), 1000)).toEqual({ total: 4, capped: false })
  })
})
