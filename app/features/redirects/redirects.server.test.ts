import { buyerPageFor } from './redirects.server'
import { getDb } from '~/db.server'
import { loadViewer, startSession } from '~/auth/session.server'
import { userIdOf } from '../../../tests/support/db'

async function viewerOf(email: string) {
  const { idHash } = await startSession(getDb(), await userIdOf(email))
  const viewer = await loadViewer(getDb(), idHash)
  if (!viewer) throw new Error('no viewer')
  return viewer
}

describe('buyerPageFor', () => {
  it('sends staff to the main portal record, the buyer to its own company page, others nowhere', async () => {
    const db = getDb()
    const own = (await viewerOf('buyer@example.com')).company!.id
    const other = await db.selectFrom('buyers').select('id').where('id', '!=', own).executeTakeFirstOrThrow()
    expect(await buyerPageFor(db, await viewerOf('internal@example.com'), own)).toBe(`/buyers/${own}`)
    expect(await buyerPageFor(db, await viewerOf('admin@example.com'), own)).toBe(`/buyers/${own}`)
    expect(await buyerPageFor(db, await viewerOf('buyer@example.com'), own)).toBe(`/buyer/${own}/company`)
    expect(await buyerPageFor(db, await viewerOf('buyer@example.com'), other.id)).toBeNull()
    expect(await buyerPageFor(db, await viewerOf('seller@example.com'), own)).toBeNull()
    expect(await buyerPageFor(db, await viewerOf('demand_kam@example.com'), own)).toBeNull()
    expect(await buyerPageFor(db, await viewerOf('internal@example.com'), 999_999)).toBeNull()
  })
})
