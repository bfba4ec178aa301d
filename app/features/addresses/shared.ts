// The address book's plain values: form ids, the states, the kinds.
// No zod here: the views import these, and zod comes to the browser only with a form's checks
// (useZodForm loads the schema when the form is first reached).
import type { AddressKind } from '#db/types'

/** Who an address belongs to: a buyer company, a seller company, or the platform for one product. */
export type OwnerKind = 'buyer' | 'seller' | 'product'
export interface AddressOwner {
  kind: OwnerKind
  id: number
}

/** The id of the add form, and of each address's edit form (a reply goes back to the form it came from). */
export const CREATE_FORM_ID = 'address-create'

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

export const editFormId = (addressId: number | string) => `address-${addressId}`

export const isAddressIntent = (value: unknown): value is AddressIntent =>
  ADDRESS_INTENTS.includes(value as AddressIntent)

export const ADDRESS_INTENTS = ['address-create', 'address-update', 'address-remove', 'address-default'] as const

export type AddressIntent = (typeof ADDRESS_INTENTS)[number]
