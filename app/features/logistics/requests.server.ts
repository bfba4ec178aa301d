import type { Database } from '#db/database'
import { isUniqueViolation } from '#db/errors'
import type { TransportRequestStatus, TransportType } from '#db/types'
import { Refused, refusals, type Result } from '~/utils/refusal.server'
import { audit } from '~/platform/audit.server'
import { type Executor } from '~/platform/executor'
import { once } from '~/platform/idempotency.server'
import { nextCode } from '~/platform/numbering.server'
import { formatQuantity } from '~/utils/quantity'
import { ACTIVE_REQUEST_STATUSES, transportTypes } from './states'
import { bookingStep, countRequest, requestStep } from './steps.server'
import { addressChoices, linkedOrderByCode, movableNow, orderRef, type LinkedOrder } from './linked-orders.server'

// Transport requests (docs/domain.md "Logistics and money"): a move of one order (a seller order, or
// a sample order for the sample courier) of one type, from an address to another on a pickup day.
// Which orders a type moves and which addresses it goes between are said once here. A linked order
// has one active request of a type (a partial unique index decides two at once).

type Actor = { userId: number }

export interface RequestInput {
  fromAddressId: number
  toAddressId: number
  pickupOn: string
  weight: number
  packages: number
  /** Each package's weight in grams, in the order of the packages; none when not known. */
  packageWeights?: number[]
  notes?: string
}

/**
 * Package weights, when given, are one per package and add up to the weight: refused at their field
 * otherwise. Answers what is kept (the JSON array, or null).
 */
function checkedPackageWeights(input: RequestInput): string | null {
  const weights = input.packageWeights
  if (!weights?.length) return null
  if (weights.length !== input.packages)
    throw new Refused(
      'packageWeights',
      `Enter one weight per package: ${input.packages} package${input.packages === 1 ? '' : 's'}, ${weights.length} weight${weights.length === 1 ? '' : 's'}`,
    )
  const sum = weights.reduce((a, b) => a + b, 0)
  if (sum !== input.weight)
    throw new Refused(
      'weight',
      `The packages weigh ${formatQuantity(sum)} kg in all: enter that weight, or correct them`,
    )
  return JSON.stringify(weights)
}

const packageWeightsKg = (json: string | null) =>
  json ? (JSON.parse(json) as number[]).map((g) => formatQuantity(g)).join(', ') : null

async function checkedAddresses(db: Executor, type: TransportType, order: LinkedOrder, input: RequestInput) {
  const choices = await addressChoices(db, type, order)
  const from = choices.from.find((a) => a.id === input.fromAddressId)
  const to = choices.to.find((a) => a.id === input.toAddressId)
  const fields: Record<string, string> = {}
  if (!from) fields.fromAddressId = `Choose one of the addresses offered: ${transportTypes[type].from.toLowerCase()}`
  if (!to) fields.toAddressId = `Choose one of the addresses offered: ${transportTypes[type].to.toLowerCase()}`
  if (from && to && from.id === to.id) fields.toAddressId = 'Choose an address other than the pickup address'
  if (Object.keys(fields).length) throw new Refused(fields)
  return { from: from!.snapshot, to: to!.snapshot }
}

/**
 * Creates a request of a type for the order a code names, once per idempotency key; a second active
 * request of the type for the order is refused (the unique index decides two at once).
 */
export async function createRequest(
  db: Database,
  actor: Actor,
  type: TransportType,
  orderCode: string,
  input: RequestInput,
  key: string | undefined,
): Promise<Result<{ id: number; code: string; repeated: boolean }>> {
  return refusals(
    () =>
      db.transaction().execute(async (trx) => {
        const { result, repeated } = await once(trx, key, 'transport_request', actor.userId, async () => {
          const order = await linkedOrderByCode(trx, orderCode)
          if (!order) throw new Refused('orderCode', `No order has the code ${orderCode}: choose one from the list`)
          const why = movableNow(type, order)
          if (why) throw new Refused('orderCode', why)
          const { from, to } = await checkedAddresses(trx, type, order, input)
          const packageWeights = checkedPackageWeights(input)
          const code = await nextCode(trx, 'TR')
          const ref = orderRef(order)
          const blocking: TransportRequestStatus[] =
            type === 'last_mile' ? [...ACTIVE_REQUEST_STATUSES, 'delivered'] : [...ACTIVE_REQUEST_STATUSES]
          const clash = await trx
            .selectFrom('transport_requests')
            .select(['code', 'status'])
            .where('transport_type', '=', type)
            .where('order_ref', '=', ref)
            .where('status', 'in', blocking)
            .executeTakeFirst()
          if (clash)
            throw new Refused(
              'orderCode',
              `${order.code} already has ${transportTypes[type].label.toLowerCase()} request ${clash.code} (${clash.status.replace(/_/g, ' ')})`,
            )
          const row = await trx
            .insertInto('transport_requests')
            .values({
              code,
              transport_type: type,
              status: 'open',
              seller_order_id: order.kind === 'seller_order' ? order.id : null,
              master_order_id: order.masterOrderId,
              sample_order_id: order.kind === 'sample_order' ? order.id : null,
              order_code: order.code,
              order_ref: ref,
              from_json: JSON.stringify(from),
              to_json: JSON.stringify(to),
              from_city: from.city,
              to_city: to.city,
              pickup_on: input.pickupOn,
              weight_grams: input.weight,
              packages: input.packages,
              package_weights_json: packageWeights,
              notes: input.notes || null,
              created_by: actor.userId,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
          await countRequest(trx, type, 'open', 1)
          await audit(trx, {
            actorUserId: actor.userId,
            action: 'transport_request.created',
            entityType: 'transport_request',
            entityId: row.id,
            after: {
              type,
              order: order.code,
              from: `${from.party}, ${from.city}`,
              to: `${to.party}, ${to.city}`,
              pickupOn: input.pickupOn,
              weightKg: input.weight / 1000,
              packages: input.packages,
              ...(packageWeights ? { packageWeightsKg: packageWeightsKg(packageWeights) } : {}),
            },
          })
          if (order.kind === 'seller_order') {
            await audit(trx, {
              actorUserId: actor.userId,
              action: 'seller_order.transport_requested',
              entityType: 'seller_order',
              entityId: order.id,
              after: { request: code, type },
              note: `${transportTypes[type].label} transport requested (${code})`,
            })
          }
          return row.id
        })
        const row = await trx
          .selectFrom('transport_requests')
          .select(['id', 'code'])
          .where('id', '=', result)
          .executeTakeFirstOrThrow()
        return { ok: true as const, value: { ...row, repeated } }
      }),
    (error) =>
      isUniqueViolation(error)
        ? {
            ok: false,
            field: 'orderCode',
            message: 'This order got a request of this type a moment ago: look at the list',
          }
        : undefined,
  )
}

/** A request's row with its linked order, or undefined. */
async function requestRow(db: Executor, id: number) {
  return db
    .selectFrom('transport_requests')
    .select([
      'id',
      'code',
      'transport_type',
      'status',
      'order_code',
      'seller_order_id',
      'sample_order_id',
      'master_order_id',
      'updated_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst()
}

/** Changes a request's details while it is open, conditional on the version the form was opened at. */
export async function updateRequest(
  db: Database,
  actor: Actor,
  id: number,
  input: RequestInput,
  version: string | undefined,
): Promise<Result<{ code: string }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const request = await requestRow(trx, id)
      if (!request) return { ok: false as const, notFound: true, message: 'There is no such request.' }
      if (request.status !== 'open')
        throw new Refused(
          undefined,
          `${request.code} is ${request.status.replace(/_/g, ' ')}: only an open request can be changed.`,
        )
      const order = (await linkedOrderByCode(trx, request.order_code))!
      const { from, to } = await checkedAddresses(trx, request.transport_type, order, input)
      const packageWeights = checkedPackageWeights(input)
      const before = await trx
        .selectFrom('transport_requests')
        .select(['from_city', 'to_city', 'pickup_on', 'weight_grams', 'packages', 'package_weights_json', 'notes'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      const updated = await trx
        .updateTable('transport_requests')
        .set({
          from_json: JSON.stringify(from),
          to_json: JSON.stringify(to),
          from_city: from.city,
          to_city: to.city,
          pickup_on: input.pickupOn,
          weight_grams: input.weight,
          packages: input.packages,
          package_weights_json: packageWeights,
          notes: input.notes || null,
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .$if(Boolean(version), (q) => q.where('updated_at', '=', version!))
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) !== 1)
        throw new Refused(
          undefined,
          `${request.code} was changed by someone else since you opened it: look at it again and redo your change.`,
        )
      await audit(trx, {
        actorUserId: actor.userId,
        action: 'transport_request.updated',
        entityType: 'transport_request',
        entityId: id,
        before: {
          fromCity: before.from_city,
          toCity: before.to_city,
          pickupOn: before.pickup_on,
          weightKg: Number(before.weight_grams) / 1000,
          packages: before.packages,
          packageWeightsKg: packageWeightsKg(before.package_weights_json),
          notes: before.notes,
        },
        after: {
          fromCity: from.city,
          toCity: to.city,
          pickupOn: input.pickupOn,
          weightKg: input.weight / 1000,
          packages: input.packages,
          packageWeightsKg: packageWeightsKg(packageWeights),
          notes: input.notes || null,
        },
      })
      return { ok: true as const, value: { code: request.code } }
    }),
  )
}

/** Cancels a request that is open or booked (its booking too), with a reason. */
export async function cancelRequest(
  db: Database,
  actor: Actor,
  id: number,
  reason: string,
): Promise<Result<{ code: string }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const request = await requestRow(trx, id)
      if (!request) return { ok: false as const, notFound: true, message: 'There is no such request.' }
      await requestStep(trx, id, request.transport_type, 'cancel', {
        actorUserId: actor.userId,
        current: request.status,
        note: reason,
        set: { cancel_reason: reason },
        // A booked request's booking is cancelled with it, told first in the request's history.
        carried: async ({ from }) => {
          if (from !== 'booked') return
          const booking = await trx
            .selectFrom('transport_bookings')
            .select(['id', 'code'])
            .where('request_id', '=', id)
            .where('status', '<>', 'cancelled')
            .executeTakeFirstOrThrow()
          await bookingStep(trx, booking.id, 'cancel', {
            actorUserId: actor.userId,
            note: reason,
            before: { booking: booking.code },
          })
        },
      })
      return { ok: true as const, value: { code: request.code } }
    }),
  )
}
