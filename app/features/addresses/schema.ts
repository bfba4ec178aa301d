import type { SubmissionResult } from '@conform-to/react'
import * as z from 'zod'
import type { AddressKind } from '#db/types'
import { controlError, optionalText, pinField, singleLine } from '~/utils/fields'

/** Who an address belongs to: a buyer company, a seller company, or the platform for one product. */
export type OwnerKind = 'buyer' | 'seller' | 'product'
export interface AddressOwner {
  kind: OwnerKind
  id: number
}

/** The kinds of address each owner keeps (docs/domain.md section 3). */
export const KINDS_OF_OWNER = {
  buyer: ['billing', 'shipping'],
  seller: ['billing', 'pickup'],
  product: ['warehouse', 'office'],
} as const satisfies Record<OwnerKind, readonly AddressKind[]>

export const KIND_LABELS: Record<AddressKind, string> = {
  billing: 'Billing',
  shipping: 'Shipping',
  pickup: 'Pickup',
  warehouse: 'Warehouse',
  office: 'Office',
}

/** Indian states and union territories, as the address's state. */
export const INDIAN_STATES = [
  'Andaman and Nicobar Islands',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chandigarh',
  'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jammu and Kashmir',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Ladakh',
  'Lakshadweep',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Puducherry',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const

/** The platform trades inside India: PIN codes and states are Indian, so the country is too. */
export const COUNTRY = 'IN'

export const ADDRESS_INTENTS = ['address-create', 'address-update', 'address-remove', 'address-default'] as const
export type AddressIntent = (typeof ADDRESS_INTENTS)[number]
export const isAddressIntent = (value: unknown): value is AddressIntent => ADDRESS_INTENTS.includes(value as AddressIntent)

/** The answer for one form of a page with several: which form it is for, and conform's result. */
export interface FormReply {
  form: string
  result: SubmissionResult<string[]>
}

/** The id of the add form, and of each address's edit form (a reply goes back to the form it came from). */
export const CREATE_FORM_ID = 'address-create'
export const editFormId = (addressId: number | string) => `address-${addressId}`

const requiredLine = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Use at most ${max} characters`).refine(singleLine, controlError)

function addressFields<Kinds extends readonly [AddressKind, ...AddressKind[]]>(kinds: Kinds) {
  return {
    kind: z.enum(kinds, { error: `Choose the kind of address: ${kinds.map((k) => KIND_LABELS[k].toLowerCase()).join(' or ')}` }),
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
