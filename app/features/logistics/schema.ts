import * as z from 'zod'
import { readDateFilters } from '~/utils/date-filters'
import {
  dateField,
  dateTimeField,
  moneyField,
  optionalPhoneField,
  optionalText,
  quantityField,
  singleLine,
  controlError,
  wholeNumberField,
} from '~/utils/fields'
import { readId, readListParams, type ListParams } from '~/utils/list-params'
import { parseQuantity } from '~/utils/quantity'
import { BOOKING_STATUSES, REQUEST_STATUSES, TRANSPORT_TYPES } from './states'
import {
  CANCEL_REASONS,
  DISTANCE_KM,
  EWAY_NUMBER_SHAPE,
  EWAY_REMARK_MAX,
  EXTEND_REASONS,
  GSTIN_SHAPE,
  PART_B_REASONS,
  VEHICLE_SHAPE,
  vehicleNo,
} from './eway-rules'
import { GST_STATE_CODES } from '~/utils/gst-states'
export { LOGISTICS } from './shared'
export {
  addRequestPath,
  billingPath,
  bookingPath,
  bookingsPath,
  duesPath,
  requestPath,
  requestsPath,
  transporterPath,
  transportersPath,
} from './shared'

// The forms and list filters of logistics (main portal /logistics/…), shared by the pages and their actions.

const text = (label: string, max: number) =>
  z
    .string({ error: `Enter ${label}` })
    .trim()
    .min(1, `Enter ${label}`)
    .max(max, `Use at most ${max} characters`)
    .refine(singleLine, controlError)
const addressId = (what: string) =>
  z
    .string({ error: `Choose ${what}` })
    .regex(/^\d{1,12}$/, `Choose ${what}`)
    .transform(Number)

/** The most packages whose weights are typed one by one (a label each). */
export const MAX_PACKAGE_WEIGHTS = 500

/**
 * Each package's weight in kg, typed in the order of the packages ("12.5, 10, 8" or one a line);
 * blank when not known. The command checks them against the packages and the total weight.
 */
const packageWeightsField = z
  .string()
  .trim()
  .max(10_000, 'Use at most 10,000 characters')
  .optional()
  .transform((value, ctx) => {
    const parts = (value ?? '').split(/[\s,;]+/).filter(Boolean)
    if (!parts.length) return undefined
    if (parts.length > MAX_PACKAGE_WEIGHTS) {
      ctx.addIssue({ code: 'custom', message: `Enter at most ${MAX_PACKAGE_WEIGHTS} package weights` })
      return z.NEVER
    }
    const grams = parts.map(parseQuantity)
    const bad = parts.find((_, i) => grams[i] === null || grams[i]! <= 0)
    if (bad !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `Enter each package’s weight in kg, more than zero, like 12.5 (“${bad.slice(0, 20)}” is not one)`,
      })
      return z.NEVER
    }
    return grams as number[]
  })

/** A request's details: where from and to (addresses offered for its type and order), when, how much. */
const requestFields = {
  fromAddressId: addressId('where it is picked up'),
  toAddressId: addressId('where it goes'),
  pickupOn: dateField('the pickup date'),
  weight: quantityField('the weight in kg').refine((grams) => grams > 0, {
    error: 'Enter the weight in kg, more than zero',
  }),
  packages: wholeNumberField('the number of packages', { min: 1, max: 100_000 }),
  packageWeights: packageWeightsField,
  notes: optionalText(1000),
}

export const requestCreateSchema = z.object({
  intent: z.literal('create'),
  idempotencyKey: z.string().max(100).optional(),
  orderCode: text('the order', 40).transform((code) => code.toUpperCase()),
  ...requestFields,
})

const reason = z
  .string({ error: 'Say why' })
  .trim()
  .min(1, 'Say why')
  .max(500, 'Use at most 500 characters')
  .refine(singleLine, controlError)

const bookingFields = {
  transporter: text('the transporter', 120),
  vehicleNumber: optionalText(20).transform((v) => (v ? v.toUpperCase() : '')),
  driverPhone: optionalPhoneField,
  lrNumber: optionalText(40),
  pickupAt: dateTimeField('the pickup time'),
  expectedDeliveryAt: dateTimeField('the expected delivery time'),
  freight: moneyField('the freight amount'),
  /** The transporter's GSTIN or TRANSIN (kept on the transporter); blank keeps the one known. */
  transporterGstin: z
    .string()
    .trim()
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine((v) => v === '' || GSTIN_SHAPE.test(v), {
      error: 'Enter the 15-character GSTIN or TRANSIN, like 27AABCT1234F1Z5',
    })
    .optional(),
  /** The road distance in km: the e-way bill's distance and validity. */
  distanceKm: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d+$/.test(v), { error: 'Enter the distance in whole km' })
    .transform((v) => (v === '' ? null : Number(v)))
    .refine((v) => v === null || (v >= DISTANCE_KM.min && v <= DISTANCE_KM.max), {
      error: `Enter the distance between ${DISTANCE_KM.min} and ${DISTANCE_KM.max} km`,
    })
    .optional(),
}

/** The e-way bill generated on the portal for a booking: its 12-digit number and when it was generated. */
const ewayBillFields = {
  ewayBillNumber: z
    .string({ error: 'Enter the 12-digit e-way bill number' })
    .trim()
    .transform((v) => v.replace(/[\s-]+/g, ''))
    .refine((v) => EWAY_NUMBER_SHAPE.test(v), { error: 'Enter the 12-digit e-way bill number, digits only' }),
  generatedAt: dateTimeField('when it was generated'),
}
export type EwayBillForm = z.output<z.ZodObject<typeof ewayBillFields>>

/** A first mile's document (issue 52): the mill's tax invoice to the platform, as a seller bill's number is written. */
const supplierInvoiceFields = {
  supplierInvoiceNumber: text('the mill’s invoice number', 16).refine((v) => /^[A-Za-z0-9/-]+$/.test(v), {
    error: 'Use letters, digits, / and - only, as GST invoice numbers are',
  }),
  supplierInvoiceOn: dateField('the mill’s invoice date'),
}
export type SupplierInvoiceForm = z.output<z.ZodObject<typeof supplierInvoiceFields>>
// After generation (issue 52): the codes NIC takes, the remark (≤ 50), where the goods are.
const codeOf = <T extends Record<number, string>>(codes: T, what: string) =>
  z
    .string({ error: `Choose ${what}` })
    .trim()
    .refine((v) => v in codes, { error: `Choose ${what}` })
    .transform((v) => Number(v) as keyof T & number)
const remark = z
  .string()
  .trim()
  .max(EWAY_REMARK_MAX, `Use at most ${EWAY_REMARK_MAX} characters (the e-way bill’s limit)`)
  .refine(singleLine, controlError)
  .optional()
  .transform((v) => v ?? '')
const STATE_CODE_VALUES = new Set(Object.values(GST_STATE_CODES).map(Number))
const currentPlace = {
  place: text('the place the goods are at', 50),
  stateCode: z
    .string({ error: 'Choose the state the goods are in' })
    .trim()
    .refine((v) => STATE_CODE_VALUES.has(Number(v)), { error: 'Choose the state the goods are in' })
    .transform(Number),
}
const ewayCancelFields = { reasonCode: codeOf(CANCEL_REASONS, 'why it is cancelled'), remark }
const ewayPartBFields = {
  vehicleNumber: z
    .string({ error: 'Enter the new vehicle’s number' })
    .transform(vehicleNo)
    .refine((v) => VEHICLE_SHAPE.test(v), { error: 'Enter a vehicle number like MH 12 AB 1234' }),
  reasonCode: codeOf(PART_B_REASONS, 'why the vehicle changes'),
  remark,
  ...currentPlace,
}
const ewayExtendFields = {
  remainingKm: z
    .string({ error: 'Enter the distance still to go, in km' })
    .trim()
    .refine((v) => /^\d+$/.test(v), { error: 'Enter the distance still to go in whole km' })
    .transform(Number)
    .refine((v) => v >= DISTANCE_KM.min && v <= DISTANCE_KM.max, {
      error: `Enter a distance between ${DISTANCE_KM.min} and ${DISTANCE_KM.max} km`,
    }),
  reasonCode: codeOf(EXTEND_REASONS, 'why it needs more time'),
  remark,
  ...currentPlace,
  pincode: z
    .string({ error: 'Enter the PIN code where the goods are' })
    .trim()
    .refine((v) => /^[1-9]\d{5}$/.test(v), { error: 'Enter the 6-digit PIN code where the goods are' }),
}
export type EwayCancelForm = z.output<z.ZodObject<typeof ewayCancelFields>>
export type EwayPartBForm = z.output<z.ZodObject<typeof ewayPartBFields>>
export type EwayExtendForm = z.output<z.ZodObject<typeof ewayExtendFields>>

/** The request page's forms: its details (while open), booking a transporter, cancelling. */
export const requestPageSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('update'), version: z.string().max(40).optional(), ...requestFields }),
  z.object({ intent: z.literal('book'), idempotencyKey: z.string().max(100).optional(), ...bookingFields }),
  z.object({ intent: z.literal('cancel'), reason }),
])
export type RequestPageForm = z.output<typeof requestPageSchema>

/** The booking page's forms: its details, and its steps (picked up, delivered, cancel with a reason). */
export const bookingPageSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('update'), version: z.string().max(40).optional(), ...bookingFields }),
  z.object({ intent: z.literal('eway_bill'), version: z.string().max(40).optional(), ...ewayBillFields }),
  z.object({ intent: z.literal('supplier_invoice'), ...supplierInvoiceFields }),
  z.object({ intent: z.literal('invoice') }),
  z.object({ intent: z.literal('eway_cancel'), ...ewayCancelFields }),
  z.object({ intent: z.literal('eway_part_b'), ...ewayPartBFields }),
  z.object({ intent: z.literal('eway_extend'), ...ewayExtendFields }),
  z.object({ intent: z.literal('pick_up'), pickedUpAt: dateTimeField('when the goods were picked up') }),
  z.object({ intent: z.literal('deliver') }),
  z.object({ intent: z.literal('cancel'), reason }),
])
export type BookingPageForm = z.output<typeof bookingPageSchema>
export type BookingFields = z.output<z.ZodObject<typeof bookingFields>>

/** The transporter's bill of a booking. */
export const billingSchema = z.object({
  version: z.string().max(40).optional(),
  billNumber: text('the transporter’s invoice number', 40),
  billDate: dateField('the invoice date'),
  amount: moneyField('the invoice amount before GST'),
  gst: moneyField('the GST on it (0 if none)'),
  dueOn: dateField('the due date'),
})
export type BillingForm = z.output<typeof billingSchema>

/** Marking bills paid on the dues page: the bookings ticked, the day and the payment's reference. */
export const markPaidSchema = z.object({
  intent: z.literal('pay'),
  booking: z
    .array(
      z
        .string()
        .regex(/^\d{1,12}$/, 'Tick the bills to mark paid')
        .transform(Number),
      { error: 'Tick the bills to mark paid' },
    )
    .min(1, 'Tick the bills to mark paid')
    .max(200, 'Mark at most 200 bills at a time'),
  paidOn: dateField('the day it was paid'),
  reference: text('the payment reference (UTR or cheque number)', 60),
})

// ---------- Lists ----------

export interface RequestFilters extends ListParams<'pickup' | 'created'> {
  type: string
  status: string
  pickupFrom: string
  pickupTo: string
  /** A linked order's code, by prefix (SO-2026-…, SMP-…). */
  order: string
  city: string
  problems: Record<string, string>
}

export function readRequestFilters(url: URL): RequestFilters {
  const params = url.searchParams
  const list = readListParams(url, { sorts: ['pickup', 'created'] as const, defaultSort: 'pickup', defaultDir: 'desc' })
  const { dates, problems } = readDateFilters(params, ['pickupFrom', 'pickupTo'] as const)
  const pick = <T extends string>(name: string, allowed: readonly T[]) => {
    const value = (params.get(name) ?? '').trim()
    return (allowed as readonly string[]).includes(value) ? value : ''
  }
  return {
    ...list,
    q: list.q.toUpperCase(),
    type: pick('type', TRANSPORT_TYPES),
    status: pick('status', REQUEST_STATUSES),
    order: (params.get('order') ?? '').trim().toUpperCase().slice(0, 40),
    city: (params.get('city') ?? '').trim().slice(0, 60),
    ...dates,
    problems,
  }
}

export interface BookingFilters extends ListParams<'pickup' | 'delivery'> {
  transporter: number | null
  status: string
  from: string
  to: string
  problems: Record<string, string>
}

export function readBookingFilters(url: URL): BookingFilters {
  const params = url.searchParams
  const list = readListParams(url, {
    sorts: ['pickup', 'delivery'] as const,
    defaultSort: 'pickup',
    defaultDir: 'desc',
  })
  const { dates, problems } = readDateFilters(params, ['from', 'to'] as const)
  const status = (params.get('status') ?? '').trim()
  return {
    ...list,
    q: list.q.toUpperCase(),
    transporter: readId(params.get('transporter')),
    status: (BOOKING_STATUSES as readonly string[]).includes(status) ? status : '',
    ...dates,
    problems,
  }
}

export const DUE_BUCKETS = ['overdue', 'this_week', 'later'] as const
export type DueBucket = (typeof DUE_BUCKETS)[number]

export interface DueFilters {
  transporter: number | null
  bucket: DueBucket | ''
  page: number
  pageSize: number
}

export function readDueFilters(url: URL): DueFilters {
  const params = url.searchParams
  const list = readListParams(url, { sorts: ['due'] as const, defaultSort: 'due' })
  const bucket = (params.get('bucket') ?? '').trim()
  return {
    transporter: readId(params.get('transporter')),
    bucket: (DUE_BUCKETS as readonly string[]).includes(bucket) ? (bucket as DueBucket) : '',
    page: list.page,
    pageSize: list.pageSize,
  }
}

/** The bookings calendar's month (YYYY-MM) and filters from its URL. */
export function readCalendarFilters(url: URL, thisMonth: string) {
  const params = url.searchParams
  const month = (params.get('month') ?? '').trim()
  const valid =
    /^\d{4}-(0[1-9]|1[0-2])$/.test(month) && Number(month.slice(0, 4)) >= 2000 && Number(month.slice(0, 4)) <= 2999
  const show = params.get('show') === 'delivery' ? ('delivery' as const) : ('pickup' as const)
  const day = (params.get('day') ?? '').trim()
  return {
    month: valid ? month : thisMonth,
    show,
    transporter: readId(params.get('transporter')),
    day: /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : '',
  }
}
export type BookingCalendarFilters = ReturnType<typeof readCalendarFilters>

// ---------- A transporter's tax details (issue 52) ----------

/** A transporter's PAN, its GTA option (Annexure V) and its small-fleet declaration under 194C(6). */
export const transporterTaxSchema = z
  .object({
    pan: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : v),
      z
        .string()
        .regex(/^[A-Z]{3}[ABCFGHLJPT][A-Z]\d{4}[A-Z]$/, 'Enter the PAN like AAACS4517R (10 characters)')
        .optional(),
    ),
    gtaOption: z.enum(['reverse', 'forward'], { error: 'Choose reverse charge or forward charge' }),
    forwardRate: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(['500', '1200', '1800'], { error: 'Choose the forward-charge rate' }).optional(),
    ),
    optionFy: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() || undefined : v),
      z
        .string()
        .regex(/^20\d{2}-\d{2}$/, 'Enter the financial year like 2026-27')
        .refine(
          (fy) => (Number(fy.slice(0, 4)) + 1) % 100 === Number(fy.slice(5)),
          'Enter the financial year like 2026-27',
        )
        .optional(),
    ),
    smallFleet: z.preprocess((v) => v === 'on' || v === true, z.boolean()),
  })
  .superRefine((v, ctx) => {
    if (v.gtaOption === 'forward' && !v.forwardRate)
      ctx.addIssue({ code: 'custom', path: ['forwardRate'], message: 'Choose the rate the GTA opted to charge' })
    if (v.gtaOption === 'forward' && !v.optionFy)
      ctx.addIssue({
        code: 'custom',
        path: ['optionFy'],
        message: 'Enter the financial year the GTA declared forward charge for (Annexure V)',
      })
    if (v.smallFleet && !v.pan)
      ctx.addIssue({
        code: 'custom',
        path: ['pan'],
        message: 'Section 194C(6) needs the transporter’s PAN with its declaration',
      })
  })
export type TransporterTaxForm = z.output<typeof transporterTaxSchema>
