import { parseWithZod } from '@conform-to/zod/v4'
import { beforeAll, describe, expect, test } from 'vitest'
import { verifyPassword } from '~/auth/password.server'
import { getDb } from '~/db.server'
import { userIdOf } from '../../../tests/support/db'
import { changeUserRoles, createUser, updateUserDetails, CHANGED_SINCE_OPENED } from './mutations.server'
import { rolesOf } from './queries.server'
import { createUserSchema, userRolesSchema } from './schema'

const APP = 'http://localhost:3000'
let admin: { userId: number; name: string }
let indigo: number

beforeAll(async () => {
  admin = { userId: await userIdOf('admin@example.com'), name: 'Anita Admin' }
  indigo = (
    await getDb()
      .selectFrom('buyers')
      .select('id')
      .where('name', '=', 'Indigo Threads Retail')
      .executeTakeFirstOrThrow()
  ).id
})

/** Form data as the browser posts it, so the schema's rules are part of what is tested. */
function formData(fields: Record<string, string | string[]>) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) form.append(key, v)
  return form
}

const createForm = (fields: Record<string, string | string[]>) =>
  parseWithZod(formData({ intent: 'create', name: 'New Person', ...fields }), { schema: createUserSchema })
const errorsOf = (submission: ReturnType<typeof createForm>) =>
  submission.status === 'error' ? submission.error : null

async function auditOf(action: string, userId: number) {
  return getDb()
    .selectFrom('audit_events')
    .select(['actor_user_id', 'before_json', 'after_json', 'note'])
    .where('action', '=', action)
    .where('entity_type', '=', 'user')
    .where('entity_id', '=', String(userId))
    .execute()
}

describe('the create-user rules', () => {
  test('at least one role; buyer and seller exclude each other and every staff role', () => {
    expect(errorsOf(createForm({ email: 'a@rules.test' }))?.roles).toEqual(['Choose at least one role'])
    expect(
      errorsOf(createForm({ email: 'a@rules.test', roles: ['buyer', 'seller'], company: '#1' }))?.roles?.[0],
    ).toMatch(/either a buyer or a seller/)
    expect(
      errorsOf(createForm({ email: 'a@rules.test', roles: ['buyer', 'admin'], company: '#1' }))?.roles?.[0],
    ).toMatch(/cannot also hold staff roles \(admin\)/)
  })

  test('a buyer or seller needs its company, staff may not have one, and only company users administer one', () => {
    const noCompany = errorsOf(createForm({ email: 'a@rules.test', roles: 'buyer', name: 'X' }))
    expect(noCompany?.company?.[0]).toMatch(/needs its buyer company/)
    // Every message at once: the bad name too.
    expect(noCompany?.name?.[0]).toMatch(/at least 2 characters/)
    expect(errorsOf(createForm({ email: 'a@rules.test', roles: 'internal', company: 'Indigo' }))?.company?.[0]).toMatch(
      /belong to no company/,
    )
    expect(
      errorsOf(createForm({ email: 'a@rules.test', roles: 'internal', companyAdmin: 'on' }))?.companyAdmin?.[0],
    ).toMatch(/Only a buyer or seller/)
  })

  test('"set a password now" needs a good password typed twice', () => {
    expect(
      errorsOf(createForm({ email: 'a@rules.test', roles: 'internal', access: 'password', password: 'short' }))
        ?.password?.[0],
    ).toMatch(/at least 10/)
    expect(
      errorsOf(
        createForm({
          email: 'a@rules.test',
          roles: 'internal',
          access: 'password',
          password: 'long-enough-1',
          confirmPassword: 'other-one-22',
        }),
      )?.confirmPassword,
    ).toEqual(['The two passwords are not the same'])
    expect(createForm({ email: 'a@rules.test', roles: 'internal' }).status).toBe('success')
  })
})

describe('creating a user', () => {
  test('invited buyer user: company by exact name, invitation e-mail and token, audit entry', async () => {
    const submission = createForm({
      email: 'Invited.Buyer@Create.Test',
      roles: 'buyer',
      company: 'indigo threads retail',
      companyAdmin: 'on',
      phone: '98765 01234',
    })
    if (submission.status !== 'success') throw new Error('form should be valid')
    const created = await createUser(getDb(), admin, submission.value, APP)
    if (!created.ok) throw new Error(JSON.stringify(created))
    const { userId } = created.value
    const db = getDb()
    const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow()
    expect(user).toMatchObject({
      email: 'invited.buyer@create.test',
      buyer_id: indigo,
      seller_id: null,
      is_company_admin: 1,
      phone: '9876501234',
      status: 'active',
    })
    expect((await rolesOf(db, [userId])).get(userId)).toEqual(['buyer'])
    const mail = await db
      .selectFrom('outbox_emails')
      .select(['subject', 'body_text', 'kind'])
      .where('to_address', '=', 'invited.buyer@create.test')
      .executeTakeFirstOrThrow()
    expect(mail.kind).toBe('invitation')
    expect(mail.body_text).toContain(`${APP}/reset_password?token=`)
    const token = await db
      .selectFrom('password_reset_tokens')
      .select('purpose')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
    expect(token.purpose).toBe('invite')
    const [entry] = await auditOf('user.created', userId)
    expect(entry.actor_user_id).toBe(admin.userId)
    expect(JSON.parse(entry.after_json!)).toMatchObject({
      roles: ['buyer'],
      companyAdmin: true,
      access: 'invitation e-mail',
    })
  })

  test('staff user with a password set now: the password verifies, nothing is e-mailed, the password is not audited', async () => {
    const submission = createForm({
      email: 'staff.pw@create.test',
      roles: ['logistics', 'internal'],
      access: 'password',
      password: 'chosen-by-admin-1',
      confirmPassword: 'chosen-by-admin-1',
    })
    if (submission.status !== 'success') throw new Error('form should be valid')
    const created = await createUser(getDb(), admin, submission.value, APP)
    if (!created.ok) throw new Error(JSON.stringify(created))
    const db = getDb()
    const user = await db
      .selectFrom('users')
      .select(['password_hash', 'buyer_id', 'seller_id'])
      .where('id', '=', created.value.userId)
      .executeTakeFirstOrThrow()
    expect(await verifyPassword('chosen-by-admin-1', user.password_hash)).toBe(true)
    expect(user).toMatchObject({ buyer_id: null, seller_id: null })
    expect((await rolesOf(db, [created.value.userId])).get(created.value.userId)).toEqual(['logistics', 'internal'])
    expect(
      await db.selectFrom('outbox_emails').select('id').where('to_address', '=', 'staff.pw@create.test').execute(),
    ).toHaveLength(0)
    const [entry] = await auditOf('user.created', created.value.userId)
    expect(entry.after_json).not.toContain('chosen-by-admin-1')
  })

  test('an unknown or ambiguous company is refused at the field with up to 5 candidates', async () => {
    const db = getDb()
    await db
      .insertInto('buyers')
      .values([{ name: 'Twin Looms' }, { name: 'twin looms' }])
      .execute()
    const twins = await db
      .selectFrom('buyers')
      .select('id')
      .where('name', 'in', ['Twin Looms', 'twin looms'])
      .orderBy('id')
      .execute()
    const tryCompany = async (company: string) => {
      const submission = createForm({ email: 'company.try@create.test', roles: 'buyer', company })
      if (submission.status !== 'success') throw new Error('form should be valid')
      const result = await createUser(db, admin, submission.value, APP)
      return result.ok
        ? null
        : {
            message: result.field === 'company' ? result.message : result.fields?.company,
            choices: (result.choices?.company ?? []).map((c) => c.value),
          }
    }
    expect(await tryCompany('Twin Looms')).toEqual({
      message: 'Several buyers are called “Twin Looms”: choose one below',
      choices: [`Twin Looms (#${twins[0].id})`, `twin looms (#${twins[1].id})`],
    })
    const lotus = await tryCompany('Lotus')
    expect(lotus?.message).toBe('Several buyers match “Lotus”: choose one below')
    expect(lotus?.choices).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Blue Lotus Fashions \(#\d+\)$/),
        expect.stringMatching(/^Lotus Home Textiles \(#\d+\)$/),
      ]),
    )
    expect(await tryCompany('#999999')).toEqual({ message: 'There is no buyer #999999', choices: [] })
    expect(await tryCompany('Nothing Like It')).toEqual({ message: 'No buyer matches “Nothing Like It”', choices: [] })
    // A company picker's value names its table: a seller is no buyer user's company.
    expect(await tryCompany(`Twin Looms (seller #${twins[0].id})`)).toEqual({
      message: 'That is a seller: a buyer user belongs to a buyer company',
      choices: [],
    })
    // The choice, as the picker or a radio fills it in, is taken.
    const chosen = createForm({
      email: 'company.chosen@create.test',
      roles: 'buyer',
      company: `twin looms (buyer #${twins[1].id})`,
    })
    if (chosen.status !== 'success') throw new Error('form should be valid')
    const made = await createUser(db, admin, chosen.value, APP)
    if (!made.ok) throw new Error(`the chosen company should be taken: ${JSON.stringify(made)}`)
    expect(
      (await db.selectFrom('users').select('buyer_id').where('id', '=', made.value.userId).executeTakeFirstOrThrow())
        .buyer_id,
    ).toBe(twins[1].id)
    expect(
      await db.selectFrom('users').select('id').where('email', '=', 'company.try@create.test').execute(),
    ).toHaveLength(0)
  })

  test('an e-mail already in use, in any case, is refused at the field', async () => {
    const submission = createForm({ email: 'INTERNAL@example.com', roles: 'internal' })
    if (submission.status !== 'success') throw new Error('form should be valid')
    const result = await createUser(getDb(), admin, submission.value, APP)
    expect(result).toEqual({
      ok: false,
      fields: { email: 'There is already a user with this e-mail address' },
      message: 'There is already a user with this e-mail address',
    })
  })

  test('a double submit with the same key creates one user and one invitation', async () => {
    const submission = createForm({ email: 'twice@create.test', roles: 'internal', idempotencyKey: 'key-twice-1' })
    if (submission.status !== 'success') throw new Error('form should be valid')
    const [a, b] = await Promise.all([
      createUser(getDb(), admin, submission.value, APP),
      createUser(getDb(), admin, submission.value, APP),
    ])
    if (!a.ok || !b.ok) throw new Error('both submits should answer with the user')
    expect(a.value.userId).toBe(b.value.userId)
    expect([a.value.repeated, b.value.repeated].sort()).toEqual([false, true])
    const db = getDb()
    expect(await db.selectFrom('users').select('id').where('email', '=', 'twice@create.test').execute()).toHaveLength(1)
    expect(
      await db.selectFrom('outbox_emails').select('id').where('to_address', '=', 'twice@create.test').execute(),
    ).toHaveLength(1)
  })
})

describe('changing a user', () => {
  const versionOf = async (userId: number) =>
    (await getDb().selectFrom('users').select('updated_at').where('id', '=', userId).executeTakeFirstOrThrow())
      .updated_at
  const rolesForm = (fields: Record<string, string | string[]>) => {
    const submission = parseWithZod(formData({ intent: 'roles', ownPassword: 'demo-pass-2026', ...fields }), {
      schema: userRolesSchema,
    })
    if (submission.status !== 'success') throw new Error(JSON.stringify(submission.error))
    return submission.value
  }

  test('name and phone: saved with an audit entry; a stale version is refused', async () => {
    const userId = await userIdOf('biz_ops@example.com')
    const version = await versionOf(userId)
    const saved = await updateUserDetails(getDb(), admin, userId, {
      version,
      name: 'Bhavna Operations',
      phone: '9811122233',
    })
    expect(saved.ok).toBe(true)
    const [entry] = await auditOf('user.updated', userId)
    expect(JSON.parse(entry.before_json!)).toMatchObject({ name: 'Bhavna Ops' })
    expect(JSON.parse(entry.after_json!)).toEqual({ name: 'Bhavna Operations', phone: '9811122233' })
    expect(await updateUserDetails(getDb(), admin, userId, { version, name: 'Someone Else' })).toEqual({
      ok: false,
      message: CHANGED_SINCE_OPENED,
    })
  })

  test('roles: staff to seller with a company; audit has before and after; rules apply', async () => {
    const userId = await userIdOf('field_operator@example.com')
    const tiruppur = (
      await getDb()
        .selectFrom('sellers')
        .select('id')
        .where('name', '=', 'Tiruppur Knit Works')
        .executeTakeFirstOrThrow()
    ).id
    const refused = await changeUserRoles(
      getDb(),
      admin,
      userId,
      rolesForm({ version: await versionOf(userId), roles: 'seller', company: '#999999' }),
    )
    expect(refused.ok ? null : refused.fields?.company).toEqual('There is no seller #999999')
    const saved = await changeUserRoles(
      getDb(),
      admin,
      userId,
      rolesForm({ version: await versionOf(userId), roles: 'seller', company: `#${tiruppur}` }),
    )
    expect(saved.ok).toBe(true)
    const user = await getDb()
      .selectFrom('users')
      .select(['seller_id', 'buyer_id'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    expect(user).toEqual({ seller_id: tiruppur, buyer_id: null })
    const [entry] = await auditOf('user.roles_changed', userId)
    expect(JSON.parse(entry.before_json!)).toEqual({ roles: ['field_operator'], company: null, companyAdmin: false })
    expect(JSON.parse(entry.after_json!)).toEqual({
      roles: ['seller'],
      company: `seller #${tiruppur}`,
      companyAdmin: false,
    })
    // A stale form is refused.
    const stale = await changeUserRoles(
      getDb(),
      admin,
      userId,
      rolesForm({ version: '2000-01-01T00:00:00.000Z', roles: 'internal' }),
    )
    expect(stale.ok ? null : stale.message).toEqual(CHANGED_SINCE_OPENED)
  })

  test('an admin cannot remove its own admin role, and the last active admin keeps it', async () => {
    const db = getDb()
    const own = await changeUserRoles(
      db,
      admin,
      admin.userId,
      rolesForm({ version: await versionOf(admin.userId), roles: 'internal' }),
    )
    expect(own.ok ? null : own.fields?.roles).toMatch(/cannot remove your own admin role/)
    // Another admin (the only other active one) tries to take the role from the demo admin, who is then the last.
    const second = await userIdOf('dev_admin@example.com')
    await db.insertInto('user_roles').values({ user_id: second, role: 'admin' }).execute()
    await db.updateTable('users').set({ status: 'disabled' }).where('id', '=', second).execute()
    const last = await changeUserRoles(
      db,
      { userId: second },
      admin.userId,
      rolesForm({ version: await versionOf(admin.userId), roles: 'internal' }),
    )
    expect(last.ok ? null : last.fields?.roles).toMatch(/last active administrator/)
    expect((await rolesOf(db, [admin.userId])).get(admin.userId)).toEqual(['admin'])
    // With a second active admin, the role may go.
    await db.updateTable('users').set({ status: 'active' }).where('id', '=', second).execute()
    const fine = await changeUserRoles(
      db,
      { userId: second },
      admin.userId,
      rolesForm({ version: await versionOf(admin.userId), roles: ['internal'] }),
    )
    expect(fine.ok).toBe(true)
    expect((await rolesOf(db, [admin.userId])).get(admin.userId)).toEqual(['internal'])
  })
})
