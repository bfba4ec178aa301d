import { getDb } from '~/db.server'
import { makeBuyer } from '../../tests/support/companies'
import { Refused, refusals } from '~/utils/refusal.server'
import { machine, stepsFrom } from './steps'
import { takeStep } from './steps.server'

// A machine over a table the tests can fill without an order: a buyer's status.
const company = machine({
  entity: 'buyer',
  table: 'buyers',
  codeColumn: 'name',
  words: { pending: 'waiting for approval' },
  steps: {
    activate: { from: ['pending', 'suspended'], to: 'active', by: 'staff', label: 'Activate', done: 'activated' },
    suspend: { from: ['active'], to: 'suspended', by: 'staff', label: 'Suspend', done: 'suspended', needsReason: true },
  },
})

const actorUserId = null

describe('takeStep', () => {
  it('moves the record, audits the step with its reason and tells the kept counts', async () => {
    const db = getDb()
    const id = await makeBuyer({ name: 'Step Test One', status: 'active' })
    const moves: string[] = []
    const taken = await db.transaction().execute((trx) =>
      takeStep(trx, company, id, 'suspend', {
        actorUserId,
        note: ' Unpaid invoices ',
        after: { why: 'dues' },
        moved: async ({ from, to }) => void moves.push(`${from}->${to}`),
      }),
    )
    expect(taken).toEqual({ from: 'active', to: 'suspended' })
    expect(moves).toEqual(['active->suspended'])
    const row = await db.selectFrom('buyers').select('status').where('id', '=', id).executeTakeFirstOrThrow()
    expect(row.status).toBe('suspended')
    const entry = await db
      .selectFrom('audit_events')
      .select(['action', 'before_json', 'after_json', 'note'])
      .where('entity_type', '=', 'buyer')
      .where('entity_id', '=', String(id))
      .executeTakeFirstOrThrow()
    expect(entry).toEqual({
      action: 'buyer.suspended',
      before_json: JSON.stringify({ status: 'active' }),
      after_json: JSON.stringify({ status: 'suspended', why: 'dues' }),
      note: 'Unpaid invoices',
    })
  })

  it('refuses a step the record has moved past, saying who moved it, and rolls back', async () => {
    const db = getDb()
    const id = await makeBuyer({ name: 'Step Test Two', status: 'pending' })
    const user = await db
      .insertInto('users')
      .values({ name: 'Asha Rao', email: 'asha.steps@example.test', password_hash: 'x', status: 'active' })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db.transaction().execute((trx) => takeStep(trx, company, id, 'activate', { actorUserId: user.id }))
    const second = await refusals(() =>
      db.transaction().execute(async (trx) => {
        await trx.updateTable('buyers').set({ name: 'Renamed in the refused step' }).where('id', '=', id).execute()
        await takeStep(trx, company, id, 'activate', { actorUserId })
        return { ok: true as const, value: undefined }
      }),
    )
    expect(second.ok).toBe(false)
    if (second.ok) return
    expect(second.message).toMatch(
      /^Renamed in the refused step is already active \(by Asha Rao, .+\): “Activate” is no longer possible/,
    )
    const row = await db.selectFrom('buyers').select('name').where('id', '=', id).executeTakeFirstOrThrow()
    expect(row.name).toBe('Step Test Two')
  })

  it('refuses a step that needs a reason without one, at the reason field', async () => {
    const db = getDb()
    const id = await makeBuyer({ name: 'Step Test Three', status: 'active' })
    const error = await db
      .transaction()
      .execute((trx) => takeStep(trx, company, id, 'suspend', { actorUserId, note: '  ' }))
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Refused)
    expect((error as Refused).field).toBe('reason')
  })

  it('answers a record that is not there as not found', async () => {
    const error = await getDb()
      .transaction()
      .execute((trx) => takeStep(trx, company, 987654, 'activate', { actorUserId }))
      .catch((e: unknown) => e)
    expect((error as Refused).refusal).toMatchObject({ ok: false, notFound: true })
  })

  it('lists the steps a state offers, by role', () => {
    expect(stepsFrom(company, 'suspended')).toEqual(['activate'])
    expect(stepsFrom(company, 'active', 'staff')).toEqual(['suspend'])
  })
})
