import { beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '~/db.server'
import { userIdOf } from '../../../tests/support/db'
import { handleFlagForm } from './action.server'
import { FLAG_CHANGED_SINCE_OPENED, isFlagOn, listFlags, setFlag } from './flags.server'
import { FLAGS } from './registry'

let devAdmin: number
const KEY = 'sku_csv_export'

beforeAll(async () => {
  devAdmin = await userIdOf('dev_admin@example.com')
})

function formData(fields: Record<string, string | string[]>) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) form.append(key, v)
  return form
}

const versionOf = async (key: string) => (await listFlags(getDb())).find((f) => f.key === key)?.updatedAt ?? ''

describe('isFlagOn', () => {
  test('a flag without a row is at its default', async () => {
    await getDb().deleteFrom('flags').where('key', '=', KEY).execute()
    expect(await isFlagOn(getDb(), KEY, ['internal'])).toBe(FLAGS[KEY].defaultOn)
    expect((await listFlags(getDb())).find((f) => f.key === KEY)).toMatchObject({
      enabled: FLAGS[KEY].defaultOn,
      roles: null,
      updatedAt: null,
    })
  })

  test('off is off for everybody', async () => {
    await setFlag(getDb(), devAdmin, KEY, { enabled: false, roles: [] })
    expect(await isFlagOn(getDb(), KEY, ['internal'])).toBe(false)
    expect(await isFlagOn(getDb(), KEY, ['admin', 'internal'])).toBe(false)
  })

  test('on with no roles is on for every role', async () => {
    await setFlag(getDb(), devAdmin, KEY, { enabled: true, roles: [] })
    expect(await isFlagOn(getDb(), KEY, ['internal'])).toBe(true)
    expect(await isFlagOn(getDb(), KEY, ['buyer'])).toBe(true)
  })

  test('on for some roles: on for a holder of one of them, off for anyone else', async () => {
    await setFlag(getDb(), devAdmin, KEY, { enabled: true, roles: ['catalog_manager', 'admin'] })
    expect(await isFlagOn(getDb(), KEY, ['admin'])).toBe(true)
    expect(await isFlagOn(getDb(), KEY, ['internal', 'catalog_manager'])).toBe(true)
    expect(await isFlagOn(getDb(), KEY, ['internal'])).toBe(false)
    expect(await isFlagOn(getDb(), KEY, [])).toBe(false)
  })

  test('off keeps its role list but is off for those roles too', async () => {
    await setFlag(getDb(), devAdmin, KEY, { enabled: false, roles: ['admin'] })
    expect(await isFlagOn(getDb(), KEY, ['admin'])).toBe(false)
  })
})

describe('setFlag', () => {
  test('audits each change with before and after, and records who and when', async () => {
    const key = 'price_request_effective_date'
    await setFlag(getDb(), devAdmin, key, { enabled: true, roles: [] })
    await setFlag(getDb(), devAdmin, key, { enabled: true, roles: ['demand_kam', 'admin', 'admin'] })
    const entries = await getDb()
      .selectFrom('audit_events')
      .select(['actor_user_id', 'before_json', 'after_json'])
      .where('entity_type', '=', 'flag')
      .where('entity_id', '=', key)
      .where('action', '=', 'flag.changed')
      .orderBy('id', 'desc')
      .execute()
    expect(entries.length).toBeGreaterThanOrEqual(2)
    expect(entries[0].actor_user_id).toBe(devAdmin)
    expect(JSON.parse(entries[0].before_json!)).toEqual({ enabled: true, roles: null })
    expect(JSON.parse(entries[0].after_json!)).toEqual({ enabled: true, roles: ['admin', 'demand_kam'] })
    const state = (await listFlags(getDb())).find((f) => f.key === key)!
    expect(state.roles).toEqual(['admin', 'demand_kam'])
    const name = await getDb().selectFrom('users').select('name').where('id', '=', devAdmin).executeTakeFirstOrThrow()
    expect(state.updatedBy).toBe(name.name)
    const row = await getDb().selectFrom('flags').select('updated_by').where('key', '=', key).executeTakeFirstOrThrow()
    expect(row.updated_by).toBe(devAdmin)
  })

  test('refuses a save over a newer change', async () => {
    const opened = await versionOf(KEY)
    expect(await setFlag(getDb(), devAdmin, KEY, { enabled: true, roles: [], version: opened })).toEqual({
      ok: true,
      value: undefined,
    })
    expect(await setFlag(getDb(), devAdmin, KEY, { enabled: false, roles: [], version: opened })).toEqual({
      ok: false,
      message: FLAG_CHANGED_SINCE_OPENED,
    })
    expect(await isFlagOn(getDb(), KEY, ['internal'])).toBe(true)
  })
})

describe('the flag form', () => {
  test('saves on/off and the ticked roles', async () => {
    const outcome = await handleFlagForm(
      getDb(),
      devAdmin,
      formData({
        intent: 'flag',
        key: KEY,
        enabled: 'on',
        roles: ['biz_ops', 'internal'],
        version: await versionOf(KEY),
      }),
    )
    expect(outcome).toMatchObject({ status: 'done' })
    expect(await isFlagOn(getDb(), KEY, ['biz_ops'])).toBe(true)
    expect(await isFlagOn(getDb(), KEY, ['admin'])).toBe(false)
  })

  test('refuses unknown flags, missing intents and unknown roles', async () => {
    expect(await handleFlagForm(getDb(), devAdmin, formData({}))).toEqual({ status: 'bad-request' })
    expect(
      await handleFlagForm(getDb(), devAdmin, formData({ intent: 'flag', key: 'no_such_flag', enabled: 'on' })),
    ).toEqual({ status: 'bad-request' })
    // Keys every object inherits are not flags.
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(await handleFlagForm(getDb(), devAdmin, formData({ intent: 'flag', key, enabled: 'on' }))).toEqual({
        status: 'bad-request',
      })
    }
    const badRole = await handleFlagForm(
      getDb(),
      devAdmin,
      formData({ intent: 'flag', key: KEY, enabled: 'on', roles: 'superuser', version: await versionOf(KEY) }),
    )
    expect(badRole).toMatchObject({ status: 'invalid', reply: { form: `flag-${KEY}` } })
  })
})
