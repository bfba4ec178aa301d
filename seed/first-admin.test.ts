import { getDb } from '~/db.server'
import { createFirstAdmin } from './demo'

// Several machines starting at once on an empty production database each try to create the first
// administrator from ADMIN_EMAIL: one does, the others start all the same.
it('makes one first administrator when two start-ups try at once', async () => {
  const lines: string[] = []
  const email = 'first.admin@machines.test'
  await Promise.all([
    createFirstAdmin(getDb(), email, 'a long first password', (line) => lines.push(line)),
    createFirstAdmin(getDb(), email, 'a long first password', (line) => lines.push(line)),
  ])
  const admins = await getDb().selectFrom('users').select('id').where('email', '=', email).execute()
  expect(admins).toHaveLength(1)
  expect(lines.sort()).toEqual([
    `Created the first administrator, ${email}.`,
    `The first administrator, ${email}, was created by another process.`,
  ])
})
