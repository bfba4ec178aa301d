import type { Viewer } from '~/auth/session.server'
import { getDb } from '~/db.server'
import { kolkataDay } from '~/utils/format'
import { makeBuyer, makeCompanyUser, makeSeller, makeStaffUser } from '../../../tests/support/companies'
import { userIdOf } from '../../../tests/support/db'
import { formOf, placeTestOrder, stagesBefore } from '../../../tests/support/orders'
import { auditEntriesOf } from '~/features/audit/history.server'
import { advanceLine } from '../orders/progress.server'
import { lensFor, orderDetail } from '../orders/search.server'
import { takeSellerOrderStep } from '~/lifecycle/seller-orders.server'
import { calendarAction, calendarPage } from './calendar.server'
import { qcApprovalsAction, qcApprovalsPage } from './approvals.server'
import { decideInspection, qcMoves } from '~/lifecycle/inspections.server'
import { RECORDED_BY_ANOTHER } from './rules'
import { inspectionAction, operatorInspection, operatorTasks } from './field.server'
import { fieldUserMarker, readOwnerToken, signOwnerToken } from './owner-token.server'
import { cancelInspection, moveInspection, scheduleInspection } from './schedule.server'

let staff: { userId: number }
let buyerId: number
let sellerIds: number[]
let operatorId: number
let otherOperatorId: number
const viewer = (userId: number, roles: Viewer['roles']): Viewer => ({
  userId,
  email: 'x@example.com',
  name: 'X',
  phone: null,
  roles,
  company: null,
  sessionIdHash: 'x',
})
/** A day a week ahead, so "today or later" holds whenever the test runs. */
const ahead = (days = 7) => kolkataDay(new Date(Date.now() + days * 86_400_000))
let counter = 0

beforeAll(async () => {
  staff = { userId: await userIdOf('biz_ops@example.com') }
  buyerId = await makeBuyer({ name: 'Inspected Apparel', status: 'active' }, [
    { kind: 'shipping', city: 'Tiruppur', isDefault: true },
    { kind: 'billing', city: 'Tiruppur', isDefault: true },
  ])
  sellerIds = [
    await makeSeller({ name: 'Gauge Mills', status: 'active', contact_phone: '+919812345678' }),
    await makeSeller({ name: 'Loom Works', status: 'active' }),
  ]
  await makeCompanyUser('seller', sellerIds[0]!, 'gauge.user@example.com')
  operatorId = await makeStaffUser('field_operator', 'fo.one@example.com', 'Farah Field')
  otherOperatorId = await makeStaffUser('field_operator', 'fo.two@example.com', 'Omar Operator')
})

/**
 * A seller order (one line of 10 m in Cotton shirting: gsm within 5 % of the SKU's 180, so 171-189; width >= 57;
 * weave plain/twill/dobby; inspected by 4 points) ready for QC.
 */
async function readyOrder(lines = 1) {
  const order = await placeTestOrder({
    userId: await userIdOf('internal@example.com'),
    buyerId,
    sellerIds: Array.from({ length: lines }, () => sellerIds[0]!),
    key: `qc-${++counter}`,
  })
  for (const step of ['approve', 'start_production', 'ready_for_qc'] as const) {
    await stagesBefore(order.sellerOrderId, step)
    const done = await takeSellerOrderStep(getDb(), staff, order.sellerOrderId, step)
    if (!done.ok) throw new Error(done.message)
  }
  return order
}

async function scheduled(day = ahead(), slot = '09:00', operator = operatorId) {
  const order = await readyOrder()
  const done = await scheduleInspection(getDb(), staff, order.sellerOrderId, { day, slot, operatorId: operator })
  if (!done.ok) throw new Error(done.message)
  return { order, inspectionId: done.value.id, code: done.value.code }
}

/** The operator's form for an inspection, filled: every condition's value and each line's quantities. */
async function filledForm(
  inspectionId: number,
  values: { gsm?: string; width?: string; weave?: string; accepted?: string; rejected?: string } = {},
  intent = 'review',
  key = '',
) {
  const inspection = ((await operatorInspection(getDb(), viewer(operatorId, ['field_operator']), inspectionId)) ??
    (await operatorInspection(getDb(), viewer(otherOperatorId, ['field_operator']), inspectionId)))!
  const fields: Record<string, string> = {
    intent,
    key,
    notes: 'Checked on the loading bay',
    owner: inspection.ownerToken,
  }
  for (const line of inspection.lines) {
    for (const c of line.conditions)
      fields[`value.${line.id}.${c.id}`] = c.lab
        ? // A lab parameter (shrinkage, colour fastness): at its bound, which passes.
          (c.max_value ?? c.min_value ?? '')
        : c.name.startsWith('Weight')
          ? (values.gsm ?? '180')
          : c.name.startsWith('Usable')
            ? (values.width ?? '58')
            : (values.weave ?? 'twill')
    // Cotton shirting is inspected by the 4-point system: one clean roll.
    if (line.setup?.method === 'four_point') {
      fields[`roll.${line.id}.0.no`] = '1'
      fields[`roll.${line.id}.0.length`] = '50'
      fields[`roll.${line.id}.0.width`] = '147'
    }
    fields[`line.${line.id}.accepted`] = values.accepted ?? line.quantity
    fields[`line.${line.id}.rejected`] = values.rejected ?? ''
  }
  return formOf(fields)
}

async function submitted(values: Parameters<typeof filledForm>[1] = {}) {
  const s = await scheduled(ahead(8 + (counter % 20)), ['09:00', '11:00', '14:00', '16:00'][counter % 4])
  const operator = viewer(operatorId, ['field_operator'])
  expect(
    await inspectionAction(getDb(), operator, String(s.inspectionId), await filledForm(s.inspectionId, values)),
  ).toMatchObject({ status: 'done' })
  const { draftKey: key, ownerToken: owner } = (await operatorInspection(getDb(), operator, s.inspectionId))!
  expect(
    await inspectionAction(getDb(), operator, String(s.inspectionId), formOf({ intent: 'submit', key: key!, owner })),
  ).toMatchObject({ status: 'done' })
  return s
}

describe('scheduling', () => {
  it('schedules an order ready for QC, audited and told to the operator; refuses one that is not ready', async () => {
    const s = await scheduled(ahead(3), '11:00')
    expect(s.code).toMatch(/^QC-\d{4}-\d{6}$/)
    const history = await auditEntriesOf(getDb(), 'seller_order', s.order.sellerOrderId)
    expect(history[0]).toMatchObject({ action: 'seller_order.qc_scheduled' })
    const mail = await getDb()
      .selectFrom('outbox_emails')
      .select(['to_address', 'subject'])
      .where('kind', '=', 'qc_inspection.assigned')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(mail).toMatchObject({ to_address: 'fo.one@example.com', subject: expect.stringContaining(s.code) })
    // A second inspection of the same order while one is open: refused.
    expect(
      await scheduleInspection(getDb(), staff, s.order.sellerOrderId, { day: ahead(4), slot: '09:00', operatorId }),
    ).toMatchObject({ ok: false, message: expect.stringContaining('already has inspection') })
    const notReady = await placeTestOrder({
      userId: staff.userId,
      buyerId,
      sellerIds: [sellerIds[1]!],
      key: `qc-not-ready-${++counter}`,
    })
    expect(
      await scheduleInspection(getDb(), staff, notReady.sellerOrderId, { day: ahead(), slot: '14:00', operatorId }),
    ).toMatchObject({ ok: false, message: expect.stringContaining('only an order ready for QC') })
  })

  it('refuses a past day, an unknown slot and a user who is not a field operator, each at its field', async () => {
    const order = await readyOrder()
    const refused = await scheduleInspection(getDb(), staff, order.sellerOrderId, {
      day: '2020-01-01',
      slot: '10:30',
      operatorId: staff.userId,
    })
    expect(refused).toMatchObject({
      ok: false,
      fields: { day: 'Choose today or a later day', slot: 'Choose a time slot', operator: 'Choose a field operator' },
    })
  })

  it('never double-books an operator: the second is told which inspection holds the slot, also when both come at once', async () => {
    const day = ahead(30)
    const first = await scheduled(day, '14:00')
    const order = await readyOrder()
    expect(
      await scheduleInspection(getDb(), staff, order.sellerOrderId, { day, slot: '14:00', operatorId }),
    ).toMatchObject({
      ok: false,
      field: 'slot',
      message: expect.stringContaining(`Farah Field already has ${first.code}`),
    })
    // Another operator may take it.
    expect(
      await scheduleInspection(getDb(), staff, order.sellerOrderId, {
        day,
        slot: '14:00',
        operatorId: otherOperatorId,
      }),
    ).toMatchObject({ ok: true })
    // Two at once for one free slot: exactly one wins (the database's unique index decides).
    const [a, b] = [await readyOrder(), await readyOrder()]
    const outcomes = await Promise.all(
      [a, b].map((o) => scheduleInspection(getDb(), staff, o.sellerOrderId, { day, slot: '16:00', operatorId })),
    )
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1)
    expect(outcomes.find((o) => !o.ok)).toMatchObject({ field: 'slot' })
    expect(
      await getDb()
        .selectFrom('qc_inspections')
        .select('id')
        .where('operator_id', '=', operatorId)
        .where('scheduled_on', '=', day)
        .where('slot', '=', '16:00')
        .execute(),
    ).toHaveLength(1)
  })

  it('moves and cancels a scheduled inspection, each audited; a cancelled slot is free again', async () => {
    const day = ahead(40)
    const s = await scheduled(day, '09:00')
    const other = await scheduled(day, '11:00')
    expect(await moveInspection(getDb(), staff, s.inspectionId, { day, slot: '11:00', operatorId })).toMatchObject({
      ok: false,
      field: 'slot',
    })
    expect(
      await moveInspection(getDb(), staff, s.inspectionId, {
        day: ahead(41),
        slot: '11:00',
        operatorId: otherOperatorId,
      }),
    ).toMatchObject({ ok: true })
    const moved = await auditEntriesOf(getDb(), 'qc_inspection', s.inspectionId)
    expect(moved[0]).toMatchObject({ action: 'qc_inspection.moved' })
    expect(JSON.parse(moved[0]!.after_json!)).toMatchObject({ operator: 'Omar Operator', slot: '11:00–13:00' })
    // The calendar's panel of the inspection reads its history in words.
    const panel = await calendarPage(
      getDb(),
      'admin',
      new URL(`http://x/admin/master_orders/qc/calendar?inspection=${s.inspectionId}`),
    )
    expect(panel.inspection?.history.map((e) => e.what)).toEqual([
      'Moved to another day, slot or operator',
      'Scheduled',
    ])
    expect(await cancelInspection(getDb(), staff, other.inspectionId, '')).toMatchObject({ ok: false, field: 'reason' })
    expect(await cancelInspection(getDb(), staff, other.inspectionId, 'Seller asked for Friday')).toMatchObject({
      ok: true,
    })
    expect(
      await scheduleInspection(getDb(), staff, other.order.sellerOrderId, { day, slot: '11:00', operatorId }),
    ).toMatchObject({ ok: true })
  })

  it('the calendar shows the month with its inspections, the waiting orders, and schedules through its form', async () => {
    const db = getDb()
    const order = await readyOrder()
    const day = ahead(2)
    const path = '/biz_ops_team/master_orders/qc/calendar'
    const before = await calendarPage(db, 'biz_ops', new URL(`http://x${path}?month=${day.slice(0, 7)}`))
    expect(before.waiting.rows.map((r) => r.id)).toContain(order.sellerOrderId)
    const answer = await calendarAction(
      db,
      viewer(staff.userId, ['biz_ops']),
      'biz_ops',
      new URL(`http://x${path}`),
      formOf({
        intent: 'schedule',
        sellerOrder: String(order.sellerOrderId),
        day,
        slot: '16:00',
        operator: String(otherOperatorId),
      }),
    )
    expect(answer).toMatchObject({ status: 'done', redirectTo: `${path}?month=${day.slice(0, 7)}&day=${day}` })
    const after = await calendarPage(
      db,
      'biz_ops',
      new URL(`http://x${path}?month=${day.slice(0, 7)}&day=${day}&operator=${otherOperatorId}`),
    )
    expect(after.waiting.rows.map((r) => r.id)).not.toContain(order.sellerOrderId)
    expect(after.days[day]?.entries.map((e) => e.operator)).toContain('Omar Operator')
    expect(after.dayList?.rows.map((r) => r.order_code)).toContain(order.sellerOrders[0]!.code)
    // A refused form says why at its field.
    const refused = await calendarAction(
      db,
      viewer(staff.userId, ['biz_ops']),
      'biz_ops',
      new URL(`http://x${path}`),
      formOf({
        intent: 'schedule',
        sellerOrder: String(order.sellerOrderId),
        day: 'soon',
        slot: '16:00',
        operator: String(otherOperatorId),
      }),
    )
    expect(refused).toMatchObject({
      status: 'invalid',
      reply: { error: { day: ['Enter a real date, like 2027-01-31'] } },
    })
  })
})

describe('the field operator', () => {
  it('sees only its own inspections; another operator’s answers not found, for the page and the form', async () => {
    const s = await scheduled(ahead(1), '09:00')
    const mine = await operatorTasks(getDb(), viewer(operatorId, ['field_operator']))
    expect([...mine.today_, ...mine.upcoming].map((t) => t.id)).toContain(s.inspectionId)
    const task = [...mine.today_, ...mine.upcoming].find((t) => t.id === s.inspectionId)!
    expect(task).toMatchObject({
      seller: 'Gauge Mills',
      phone: '+919812345678',
      lines: [expect.objectContaining({ quantity: '10', unit: 'm' })],
    })
    const other = viewer(otherOperatorId, ['field_operator'])
    expect(await operatorInspection(getDb(), other, s.inspectionId)).toBeUndefined()
    const unsigned = await filledForm(s.inspectionId)
    unsigned.delete('owner')
    expect(await inspectionAction(getDb(), other, String(s.inspectionId), unsigned)).toEqual({ status: 'not-found' })
    expect(await inspectionAction(getDb(), other, 'abc', formOf({ intent: 'review' }))).toEqual({ status: 'not-found' })
  })

  it('checks every value and quantity at its field, keeping what was typed', async () => {
    const s = await scheduled(ahead(2), '11:00')
    const operator = viewer(operatorId, ['field_operator'])
    const inspection = (await operatorInspection(getDb(), operator, s.inspectionId))!
    const line = inspection.lines[0]!
    const gsm = line.conditions.find((c) => c.name.startsWith('Weight'))!
    const answer = await inspectionAction(
      getDb(),
      operator,
      String(s.inspectionId),
      await filledForm(s.inspectionId, { gsm: 'heavy', accepted: '8', rejected: '3' }),
    )
    expect(answer).toMatchObject({
      status: 'invalid',
      reply: {
        error: {
          [`value.${line.id}.${gsm.id}`]: ['Enter a number in g/m², like 120 or 12.5'],
          [`line.${line.id}.rejected`]: ['Accepted and rejected must add up to the line’s 10 m'],
        },
      },
    })
    expect(answer.status === 'invalid' && answer.reply.initialValue).toMatchObject({
      value: { [line.id]: { [gsm.id]: 'heavy' } },
    })
    expect((await operatorInspection(getDb(), operator, s.inspectionId))!.status).toBe('scheduled')
  })

  it('reviews with pass and fail worked out on the server, then submits once however often the submit is retried', async () => {
    const s = await scheduled(ahead(3), '14:00')
    const operator = viewer(operatorId, ['field_operator'])
    const review = await inspectionAction(
      getDb(),
      operator,
      String(s.inspectionId),
      await filledForm(s.inspectionId, { gsm: '126.01', width: '57', weave: ' Twill ', accepted: '7.5' }),
    )
    expect(review).toMatchObject({ status: 'done', redirectTo: `/field_operator/orders/${s.inspectionId}?step=review` })
    const reviewed = (await operatorInspection(getDb(), operator, s.inspectionId))!
    expect(reviewed.lines[0]!.conditions.map((c) => [c.name, c.verdict])).toEqual([
      ['Weight within 5 %', 'fail'],
      ['Usable width', 'pass'],
      ['Weave as ordered', 'pass'],
      ['Shrinkage after wash', 'pass'],
      ['Colour fastness to washing (grade)', 'pass'],
    ])
    const key = reviewed.draftKey!
    // The submit is sent three times (a dropped connection, a double tap): one submission.
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        inspectionAction(
          getDb(),
          operator,
          String(s.inspectionId),
          formOf({ intent: 'submit', key, owner: reviewed.ownerToken }),
        ),
      ),
    )
    for (const a of answers)
      expect(a).toMatchObject({
        status: 'done',
        toast: { message: expect.stringMatching(/Received at \d\d:\d\d|already received at \d\d:\d\d/) },
      })
    const row = await getDb()
      .selectFrom('qc_inspections')
      .select(['status', 'failed_count', 'notes'])
      .where('id', '=', s.inspectionId)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ status: 'submitted', failed_count: 1, notes: 'Checked on the loading bay' })
    expect(
      await getDb()
        .selectFrom('qc_inspection_results')
        .select(['value', 'verdict'])
        .where('inspection_id', '=', s.inspectionId)
        .orderBy('id')
        .execute(),
    ).toEqual([
      { value: '126.01', verdict: 'fail' },
      { value: '57', verdict: 'pass' },
      { value: 'Twill', verdict: 'pass' },
      { value: '3', verdict: 'pass' },
      { value: '4', verdict: 'pass' },
    ])
    const lines = await getDb()
      .selectFrom('qc_inspection_lines')
      .select(['accepted_milli', 'rejected_milli'])
      .where('inspection_id', '=', s.inspectionId)
      .execute()
    expect(lines.map((l) => [Number(l.accepted_milli), Number(l.rejected_milli)])).toEqual([[7500, 2500]])
    expect(
      (await auditEntriesOf(getDb(), 'qc_inspection', s.inspectionId)).filter(
        (e) => e.action === 'qc_inspection.submitted',
      ),
    ).toHaveLength(1)
  })

  it('a form sent from the device’s queue is checked and submitted in one go, once per key', async () => {
    const s = await scheduled(ahead(4), '16:00')
    const operator = viewer(operatorId, ['field_operator'])
    const form = () => filledForm(s.inspectionId, {}, 'send', 'device-key-1')
    const first = await inspectionAction(getDb(), operator, String(s.inspectionId), await form())
    const again = await inspectionAction(getDb(), operator, String(s.inspectionId), await form())
    expect(first).toMatchObject({ status: 'done', toast: { message: expect.stringContaining('Received at') } })
    expect(again).toMatchObject({ status: 'done', toast: { message: expect.stringContaining('already received') } })
    expect(
      await getDb()
        .selectFrom('qc_inspection_lines')
        .select('id')
        .where('inspection_id', '=', s.inspectionId)
        .execute(),
    ).toHaveLength(1)
  })
})

describe('the owner token of a field form (a form kept on a shared phone)', () => {
  it('is signed for one user and one inspection, and refused when forged or expired', () => {
    const now = Date.now()
    const token = signOwnerToken(operatorId, 42, now)
    expect(readOwnerToken(token, now)).toEqual({ ok: true, userId: operatorId, inspectionId: 42 })
    expect(readOwnerToken(token, now + 6 * 86_400_000)).toMatchObject({ ok: true })
    expect(readOwnerToken(token, now + 8 * 86_400_000)).toEqual({ ok: false, reason: 'expired' })
    // Another user or inspection written into the token: the signature no longer holds.
    const [, inspection, expires, signature] = token.split('.')
    expect(readOwnerToken([otherOperatorId, inspection, expires, signature].join('.'), now)).toEqual({
      ok: false,
      reason: 'forged',
    })
    expect(readOwnerToken([operatorId, 43, expires, signature].join('.'), now)).toEqual({ ok: false, reason: 'forged' })
    expect(readOwnerToken([operatorId, inspection, Number(expires) + 86_400, signature].join('.'), now)).toEqual({
      ok: false,
      reason: 'forged',
    })
    for (const junk of [undefined, '', 'x', `${token}x`, token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))])
      expect(readOwnerToken(junk, now)).toMatchObject({ ok: false })
    expect(fieldUserMarker(operatorId)).not.toBe(fieldUserMarker(otherOperatorId))
  })

  it('a form recorded by A and replayed under B’s session is refused, even once the inspection is B’s, and writes nothing', async () => {
    const s = await scheduled(ahead(5), '11:00')
    const a = viewer(operatorId, ['field_operator'])
    const b = viewer(otherOperatorId, ['field_operator'])
    const fromA = await filledForm(s.inspectionId, { gsm: '999' }, 'send', 'a-device-key')
    const againFromA = await filledForm(s.inspectionId, { gsm: '999' }, 'send', 'a-device-key')
    // Moved to B while A's form waits on the phone; B signs in on that phone and the queue replays.
    expect(
      await moveInspection(getDb(), staff, s.inspectionId, {
        day: ahead(5),
        slot: '14:00',
        operatorId: otherOperatorId,
      }),
    ).toMatchObject({ ok: true })
    expect(await inspectionAction(getDb(), b, String(s.inspectionId), fromA)).toEqual({
      status: 'forbidden',
      message: RECORDED_BY_ANOTHER,
    })
    // A's own replay: no longer A's inspection.
    expect(await inspectionAction(getDb(), a, String(s.inspectionId), againFromA)).toEqual({ status: 'not-found' })
    // A form with no token, a forged one, or B's token for another inspection: refused at the form, nothing sent.
    const other = await scheduled(ahead(5), '09:00', otherOperatorId)
    const signed = (await operatorInspection(getDb(), b, s.inspectionId))!.ownerToken
    const forged = signed.replace(/^\d+\./, `${operatorId}.`)
    for (const owner of [null, forged, signOwnerToken(otherOperatorId, other.inspectionId)]) {
      const form = await filledForm(s.inspectionId, {}, 'send', `b-key-${owner?.length ?? 0}`)
      if (owner) form.set('owner', owner)
      else form.delete('owner')
      expect(await inspectionAction(getDb(), b, String(s.inspectionId), form)).toMatchObject({
        status: 'invalid',
        reply: { error: { '': [expect.stringMatching(/^Reload the page/)] } },
      })
    }
    const row = await getDb()
      .selectFrom('qc_inspections')
      .select(['status', 'draft_json', 'submitted_by'])
      .where('id', '=', s.inspectionId)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ status: 'scheduled', draft_json: null, submitted_by: null })
    expect(
      await getDb()
        .selectFrom('qc_inspection_results')
        .select('id')
        .where('inspection_id', '=', s.inspectionId)
        .execute(),
    ).toHaveLength(0)
    // B's own form, with B's token, goes through.
    const fromB = await filledForm(s.inspectionId, {}, 'send', 'b-device-key')
    fromB.set('owner', signed)
    expect(await inspectionAction(getDb(), b, String(s.inspectionId), fromB)).toMatchObject({ status: 'done' })
    expect(
      await getDb()
        .selectFrom('qc_inspections')
        .select('submitted_by')
        .where('id', '=', s.inspectionId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ submitted_by: otherOperatorId })
  })
})

describe('QC approvals', () => {
  it('approving passes the seller order and opens the QC gate for its lines; the gate holds without it', async () => {
    const db = getDb()
    const order = await readyOrder()
    const line = await db
      .selectFrom('sub_orders')
      .select(['id'])
      .where('seller_order_id', '=', order.sellerOrderId)
      .executeTakeFirstOrThrow()
    // The line is at "Greige inspection" (position 3, a QC gate).
    await db.updateTable('sub_orders').set({ stage_position: 3 }).where('id', '=', line.id).execute()
    // Passing QC by the status alone, without an approved inspection, does not open the gate.
    await db.updateTable('seller_orders').set({ status: 'qc_passed' }).where('id', '=', order.sellerOrderId).execute()
    expect(await advanceLine(db, staff, null, line.id, 3)).toMatchObject({
      ok: false,
      message: expect.stringContaining('held at “Greige inspection”, a QC gate'),
    })
    await db
      .updateTable('seller_orders')
      .set({ status: 'ready_for_qc' })
      .where('id', '=', order.sellerOrderId)
      .execute()

    const s = await scheduleInspection(db, staff, order.sellerOrderId, { day: ahead(50), slot: '09:00', operatorId })
    if (!s.ok) throw new Error(s.message)
    const operator = viewer(operatorId, ['field_operator'])
    await inspectionAction(
      db,
      operator,
      String(s.value.id),
      await filledForm(s.value.id, {}, 'send', `gate-${s.value.id}`),
    )
    expect(await decideInspection(db, staff, s.value.id, { decision: 'approve', reason: '' })).toMatchObject({
      ok: true,
    })
    expect(
      (
        await db
          .selectFrom('seller_orders')
          .select('status')
          .where('id', '=', order.sellerOrderId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('qc_passed')
    // The approval takes the line through its gate ("Greige inspection" to "Dyeing and finishing"), and it moves on from there.
    expect(
      (await db.selectFrom('sub_orders').select('stage_position').where('id', '=', line.id).executeTakeFirstOrThrow())
        .stage_position,
    ).toBe(4)
    expect((await auditEntriesOf(db, 'seller_order', order.sellerOrderId)).map((e) => e.note)).toContain(
      `Line 1 passed the QC gate “Greige inspection” with inspection ${s.value.code}`,
    )
    expect(await advanceLine(db, staff, null, line.id, 4)).toMatchObject({
      ok: true,
      value: { stage: 'Final inspection' },
    })
    // A later gate of the workflow opens too: the seller order has passed QC with an approved inspection.
    expect(await advanceLine(db, staff, null, line.id, 5)).toMatchObject({ ok: true, value: { stage: 'Packing' } })
    expect(
      (await db.selectFrom('master_orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('ready_to_dispatch')
    const mail = await db
      .selectFrom('outbox_emails')
      .select(['subject', 'body_text'])
      .where('kind', '=', 'qc_inspection.approved')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(mail.subject).toContain('quality check approved')
    expect(mail.body_text).not.toContain('Inspected Apparel')
  })

  it('of two approvers at once exactly one decides; the other is told who did', async () => {
    const s = await submitted()
    const admin = { userId: await userIdOf('admin@example.com') }
    const outcomes = await Promise.all([
      decideInspection(getDb(), staff, s.inspectionId, { decision: 'approve', reason: '' }),
      decideInspection(getDb(), admin, s.inspectionId, { decision: 'reject', reason: 'Shade off' }),
    ])
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1)
    expect(outcomes.find((o) => !o.ok)).toMatchObject({
      message: expect.stringMatching(
        new RegExp(
          `^${s.code} is already (approved|rejected) \\(by (Bhavna Ops|Anita Admin), .+\\): “(Approve|Reject)” is no longer possible, and nothing was changed\\.$`,
        ),
      ),
    })
  })

  it('rejecting sends the order back to rework; after rework a new inspection can be scheduled', async () => {
    const s = await submitted({ gsm: '100' })
    expect(await decideInspection(getDb(), staff, s.inspectionId, { decision: 'reject', reason: '' })).toMatchObject({
      ok: false,
      field: 'reason',
    })
    expect(
      await decideInspection(getDb(), staff, s.inspectionId, { decision: 'reject', reason: 'Too light' }),
    ).toMatchObject({ ok: true })
    const so = s.order.sellerOrderId
    expect(
      (await getDb().selectFrom('seller_orders').select('status').where('id', '=', so).executeTakeFirstOrThrow())
        .status,
    ).toBe('qc_failed')
    const mail = await getDb()
      .selectFrom('outbox_emails')
      .select('body_text')
      .where('kind', '=', 'qc_inspection.rejected')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(mail.body_text).toContain('Weight within 5 % (major): measured 100 g/m²')
    expect(await takeSellerOrderStep(getDb(), staff, so, 'rework')).toMatchObject({ ok: true })
    expect(await scheduleInspection(getDb(), staff, so, { day: ahead(60), slot: '09:00', operatorId })).toMatchObject({
      ok: true,
    })
  })

  it('accepting part of the lot splits the rejected part into a seller order to rework; quantities and totals add up', async () => {
    const db = getDb()
    const s = await submitted({ accepted: '6.5', rejected: '3.5' })
    const before = await db
      .selectFrom('master_orders')
      .select(['value_minor', 'cost_minor', 'line_count'])
      .where('id', '=', s.order.id)
      .executeTakeFirstOrThrow()
    const line = await db
      .selectFrom('sub_orders')
      .select('id')
      .where('seller_order_id', '=', s.order.sellerOrderId)
      .executeTakeFirstOrThrow()
    // Accepting more than the inspector accepted (here all of it) is the override's, not a part's: refused
    // at the field; approving it all likewise.
    expect(
      await decideInspection(db, staff, s.inspectionId, {
        decision: 'accept_part',
        reason: 'x',
        disposition: 'rework',
        lines: { [line.id]: { accepted: '10', rejected: '' } },
      }),
    ).toMatchObject({ ok: false, fields: { [`line.${line.id}.accepted`]: expect.stringContaining('an override') } })
    expect(await decideInspection(db, staff, s.inspectionId, { decision: 'approve', reason: '' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('approving all of it is an override'),
    })
    expect(
      await decideInspection(db, staff, s.inspectionId, {
        decision: 'accept_part',
        reason: 'x',
        disposition: 'rework',
        lines: { [line.id]: { accepted: '11', rejected: '' } },
      }),
    ).toMatchObject({ ok: false, fields: { [`line.${line.id}.accepted`]: expect.stringContaining('at most') } })
    const done = await decideInspection(db, staff, s.inspectionId, {
      decision: 'accept_part',
      reason: 'Short width on 3.5 m',
      disposition: 'rework',
      lines: { [line.id]: { accepted: '6.5', rejected: '3.5' } },
    })
    expect(done).toMatchObject({ ok: true, value: { split: expect.stringMatching(/^SO-/) } })
    const orders = await db
      .selectFrom('seller_orders')
      .select(['id', 'code', 'status', 'value_minor', 'cost_minor'])
      .where('master_order_id', '=', s.order.id)
      .orderBy('id')
      .execute()
    expect(orders.map((o) => o.status)).toEqual(['qc_passed', 'qc_failed'])
    const lines = await db
      .selectFrom('sub_orders')
      .select(['seller_order_id', 'quantity_milli', 'line_no'])
      .where('master_order_id', '=', s.order.id)
      .orderBy('line_no')
      .execute()
    expect(lines.map((l) => [l.seller_order_id, Number(l.quantity_milli)])).toEqual([
      [orders[0]!.id, 6500],
      [orders[1]!.id, 3500],
    ])
    const after = await db
      .selectFrom('master_orders')
      .select(['value_minor', 'cost_minor', 'line_count', 'status'])
      .where('id', '=', s.order.id)
      .executeTakeFirstOrThrow()
    expect(Number(after.value_minor)).toBe(Number(before.value_minor))
    expect(Number(orders[0]!.value_minor) + Number(orders[1]!.value_minor)).toBe(Number(after.value_minor))
    expect(after).toMatchObject({ line_count: before.line_count + 1, status: 'in_qc' })
    // The rejected part, reworked, is inspected on its own.
    expect(await takeSellerOrderStep(db, staff, orders[1]!.id, 'rework')).toMatchObject({ ok: true })
    expect(
      await scheduleInspection(db, staff, orders[1]!.id, { day: ahead(70), slot: '09:00', operatorId }),
    ).toMatchObject({ ok: true })
  })

  it('a rejected part may be cancelled instead; the order then waits only on the accepted part', async () => {
    const db = getDb()
    const s = await submitted({ accepted: '4', rejected: '6' })
    const line = await db
      .selectFrom('sub_orders')
      .select('id')
      .where('seller_order_id', '=', s.order.sellerOrderId)
      .executeTakeFirstOrThrow()
    expect(
      await decideInspection(db, staff, s.inspectionId, {
        decision: 'accept_part',
        reason: 'Stained',
        disposition: 'cancel',
        lines: { [line.id]: { accepted: '4', rejected: '6' } },
      }),
    ).toMatchObject({ ok: true })
    const orders = await db
      .selectFrom('seller_orders')
      .select(['status'])
      .where('master_order_id', '=', s.order.id)
      .orderBy('id')
      .execute()
    expect(orders.map((o) => o.status)).toEqual(['qc_passed', 'cancelled'])
    expect(
      (await db.selectFrom('master_orders').select('status').where('id', '=', s.order.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('ready_to_dispatch')
  })

  it('the approvals page lists submitted inspections with their results and photos, and decides through its form', async () => {
    const db = getDb()
    const s = await submitted({ gsm: '130' })
    const page = await qcApprovalsPage(db, 'admin', new URL(`http://x/admin/approvals/qc?q=${s.code}`))
    expect(page.total).toBe(1)
    expect(page.cards[0]).toMatchObject({
      code: s.code,
      failed_count: 1,
      lines: [
        expect.objectContaining({
          results: expect.arrayContaining([
            expect.objectContaining({ name: 'Weight within 5 %', verdict: 'fail', severity: 'major' }),
          ]),
        }),
      ],
    })
    const answer = await qcApprovalsAction(
      db,
      viewer(staff.userId, ['admin']),
      'admin',
      new URL('http://x/admin/approvals/qc'),
      formOf({ intent: 'reject', inspection: String(s.inspectionId), reason: '' }),
      qcMoves,
    )
    expect(answer).toMatchObject({ status: 'invalid', reply: { error: { reason: ['Say why: the seller reads it'] } } })
    expect(
      await qcApprovalsAction(
        db,
        viewer(staff.userId, ['admin']),
        'admin',
        new URL('http://x/admin/approvals/qc'),
        formOf({ intent: 'approve', inspection: String(s.inspectionId) }),
        qcMoves,
      ),
    ).toMatchObject({ status: 'done' })
    expect((await qcApprovalsPage(db, 'admin', new URL(`http://x/admin/approvals/qc?q=${s.code}`))).total).toBe(0)
  })

  it('cancelling the seller order cancels its open inspection', async () => {
    const s = await scheduled(ahead(80), '09:00')
    expect(await takeSellerOrderStep(getDb(), staff, s.order.sellerOrderId, 'cancel', 'Buyer withdrew')).toMatchObject({
      ok: true,
    })
    expect(
      (
        await getDb()
          .selectFrom('qc_inspections')
          .select('status')
          .where('id', '=', s.inspectionId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('cancelled')
  })

  it('buyer and seller see the outcome on their order pages through their lens: the buyer only passed or failed and dates', async () => {
    const db = getDb()
    const s = await submitted({ gsm: '99' })
    expect(
      await decideInspection(db, staff, s.inspectionId, { decision: 'reject', reason: 'Too light for shirting' }),
    ).toMatchObject({ ok: true })
    const buyerLens = lensFor(
      { userId: 1, roles: ['buyer'], company: { kind: 'buyer', id: buyerId, name: 'x', status: 'active' } },
      'buyer',
    )!
    const sellerLens = lensFor(
      { userId: 1, roles: ['seller'], company: { kind: 'seller', id: sellerIds[0]!, name: 'x', status: 'active' } },
      'seller',
    )!
    const buyerView = (await orderDetail(db, buyerLens, s.order.id))!.sellerOrders[0]!.inspections
    const sellerView = (await orderDetail(db, sellerLens, s.order.id))!.sellerOrders[0]!.inspections
    expect(buyerView).toEqual([
      {
        id: s.inspectionId,
        code: s.code,
        status: 'rejected',
        scheduledOn: expect.any(String),
        decidedAt: expect.any(String),
      },
    ])
    expect(sellerView[0]).toMatchObject({
      status: 'rejected',
      notes: 'Checked on the loading bay',
      decisionNote: 'Too light for shirting',
      failing: [expect.objectContaining({ name: 'Weight within 5 %', value: '99', severity: 'major' })],
    })
    expect(sellerView[0]).not.toHaveProperty('operator')
  })
})
