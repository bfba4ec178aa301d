import * as z from 'zod'
import type { AddressKind } from '#db/types'
import { controlError, optionalText, pinField, singleLine } from '~/utils/fields'
import { INDIAN_STATES, KINDS_OF_OWNER, KIND_LABELS } from './shared'
export { ADDRESS_INTENTS, type AddressIntent } from './shared'
export { CREATE_FORM_ID, INDIAN_STATES, KINDS_OF_OWNER, KIND_LABELS, editFormId, isAddressIntent } from './shared'

/** The platform trades inside India: PIN codes and states are Indian, so the country is too. */
export const COUNTRY = 'IN'

const requiredLine = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Use at most ${max} characters`)
    .refine(singleLine, controlError)

function addressFields<Kinds extends readonly [AddressKind, ...AddressKind[]]>(kinds: Kinds) {
  return {
    kind: z.enum(kinds, {
      error: `Choose the kind of address: ${kinds.map((k) => KIND_LABELS[k].toLowerCase()).join(' or ')}`,
    }),
    label: optionalText(80),
    line1: requiredLine('Enter the first line of the address', 200),
    line2: optionalText(200),
    city: requiredLine('Enter the city or town', 100),
    state: z.enum(INDIAN_STATES, { error: 'Choose the state or union territory' }),
    pin: pinField,
  }
}

const addressId = z.coerce.number({ error: 'This address is missing' }).int().positive()

function schemasFor<Kinds extends readonly [AddressKind, ...AddressKind[]]>(kinds: Kinds) {
  const fields = addressFields(kinds)
  return {
    create: z.object({
      intent: z.literal('address-create'),
      idempotencyKey: z.string().max(100).optional(),
      ...fields,
      isDefault: z.boolean().optional(),
    }),
    update: z.object({
      intent: z.literal('address-update'),
      addressId,
      version: z.string({ error: 'This form is out of date; reload the page' }),
      ...fields,
    }),
  }
}

/** The add and edit forms of each owner, checked in the browser and again by the action. */
export const addressSchemas = {
  buyer: schemasFor(KINDS_OF_OWNER.buyer),
  seller: schemasFor(KINDS_OF_OWNER.seller),
  product: schemasFor(KINDS_OF_OWNER.product),
}

export const addressTargetSchema = z.object({
  intent: z.enum(['address-remove', 'address-default']),
  addressId,
})

export interface AddressInput {
  kind: AddressKind
  label?: string
  line1: string
  line2?: string
  city: string
  state: string
  pin: string
}
