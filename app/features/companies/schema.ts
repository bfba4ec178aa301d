import * as z from 'zod'
import { INDIAN_STATES } from '../addresses/schema'
import type { CompanyStatus } from '#db/types'
import {
  emailField,
  moneyField,
  nameField,
  optionalEmailField,
  optionalGstinField,
  optionalPhoneField,
  optionalText,
  pinField,
} from '~/utils/fields'
import { readId, readListParams, type ListParams } from '~/utils/list-params'
import { companyKinds, companyStatuses, type CompanyKind } from './kinds'

// ---------- The list's URL ----------

export const companySorts = ['name', 'created', 'status'] as const
export type CompanySort = (typeof companySorts)[number]

export interface CompanyFilters extends ListParams<CompanySort> {
  status: CompanyStatus | null
  /** A user id, 'none' for companies without one, or null for any. */
  assignee: number | 'none' | null
  city: string
}

/** The list's state from its URL: search, filters, sort and page (unknown values are ignored). */
export function readCompanyFilters(url: URL, kind: CompanyKind): CompanyFilters {
  const params = url.searchParams
  const list = readListParams(url, { sorts: companySorts, defaultSort: 'name' })
  const status = params.get('status')
  const assignee = params.get(companyKinds[kind].assigneeParam)
  return {
    ...list,
    status: companyStatuses.find((s) => s === status) ?? null,
    assignee: assignee === 'none' ? 'none' : readId(assignee),
    city: (params.get('city') ?? '').trim().slice(0, 80),
  }
}

// ---------- The company form (edit buyer, edit seller, add seller) ----------

const assigneeField = z.number().int().positive().optional()

const companyFields = {
  name: nameField('the company name'),
  legalName: optionalText(200),
  gstin: optionalGstinField,
  contactEmail: optionalEmailField,
  contactPhone: optionalPhoneField,
  assigneeId: assigneeField,
  /** Not registered for GST, said explicitly (rules out tax invoices with input credit), with a reason. */
  gstUnregistered: z.boolean().optional(),
  gstUnregisteredReason: optionalText(300),
}

/** A company is either registered (a GSTIN) or says it is not, with a reason: never both. */
const gstStatusRule = (
  value: { gstin?: string; gstUnregistered?: boolean; gstUnregisteredReason?: string },
  ctx: z.RefinementCtx,
) => {
  if (value.gstUnregistered && value.gstin)
    ctx.addIssue({
      code: 'custom',
      path: ['gstUnregistered'],
      message: 'A company with a GSTIN is registered for GST: clear the GSTIN or untick this',
    })
  if (value.gstUnregistered && (value.gstUnregisteredReason ?? '').trim().length < 3)
    ctx.addIssue({
      code: 'custom',
      path: ['gstUnregisteredReason'],
      message: 'Say why the company is not registered for GST (at least 3 characters)',
    })
}

const paymentTermsField = z
  .number({ error: 'Enter the payment terms in days, from 0 to 365' })
  .int('Enter whole days')
  .min(0, 'Enter the payment terms in days, from 0 to 365')
  .max(365, 'Enter the payment terms in days, from 0 to 365')

/** `version` is the record's updated_at when the form was opened: a save made since then wins. */
export const buyerFormSchema = z
  .object({
    ...companyFields,
    creditLimit: moneyField('the credit limit'),
    paymentTermsDays: paymentTermsField,
    version: z.string({ error: 'Reload the page and try again' }),
  })
  .superRefine(gstStatusRule)

export const sellerFormSchema = z
  .object({
    ...companyFields,
    /** Its seller orders approved as they are placed (while the seller_order_auto_approve flag is on). */
    autoApproveOrders: z.boolean().optional(),
    version: z.string({ error: 'Reload the page and try again' }),
  })
  .superRefine(gstStatusRule)

export const companyFormSchemas = { buyer: buyerFormSchema, seller: sellerFormSchema } as const

export type BuyerForm = z.output<typeof buyerFormSchema>
export type SellerForm = z.output<typeof sellerFormSchema>
export type CompanyDetails = Omit<SellerForm, 'version'> & Partial<Pick<BuyerForm, 'creditLimit' | 'paymentTermsDays'>>

const ADDRESS_FIELDS = ['addressLine1', 'addressCity', 'addressState', 'addressPin'] as const
const USER_FIELDS = ['userName', 'userEmail'] as const

/**
 * Staff add a seller they have vetted: its details, optionally its first (billing) address and
 * its first user. The address and the user are each all-or-nothing.
 */
export const addSellerSchema = z
  .object({
    ...companyFields,
    addressLine1: optionalText(200),
    addressLine2: optionalText(200),
    addressCity: optionalText(80),
    addressState: z
      .string()
      .trim()
      .refine((v) => v === '' || (INDIAN_STATES as readonly string[]).includes(v), {
        error: 'Choose a state or union territory from the list',
      })
      .optional(),
    addressPin: pinField.optional(),
    userName: nameField('the user’s name').optional(),
    userEmail: emailField.optional(),
    idempotencyKey: z.string().max(100).optional(),
  })
  .superRefine((value, ctx) => {
    gstStatusRule(value, ctx)
    const wanted = (fields: readonly string[]) => fields.some((f) => Boolean(value[f as keyof typeof value]))
    if (wanted([...ADDRESS_FIELDS, 'addressLine2'])) {
      const labels = {
        addressLine1: 'the first address line',
        addressCity: 'the city',
        addressState: 'the state',
        addressPin: 'the 6-digit PIN code',
      }
      for (const field of ADDRESS_FIELDS) {
        if (!value[field])
          ctx.addIssue({
            code: 'custom',
            path: [field],
            message: `Enter ${labels[field]}, or leave the whole address empty`,
          })
      }
    }
    if (wanted(USER_FIELDS)) {
      if (!value.userName)
        ctx.addIssue({
          code: 'custom',
          path: ['userName'],
          message: 'Enter the user’s name, or leave both user fields empty',
        })
      if (!value.userEmail)
        ctx.addIssue({
          code: 'custom',
          path: ['userEmail'],
          message: 'Enter the user’s e-mail, or leave both user fields empty',
        })
    }
  })

export type AddSellerForm = z.output<typeof addSellerSchema>

// ---------- Status changes on the record page ----------

export const statusActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('activate') }),
  z.object({ intent: z.literal('reactivate') }),
  z.object({
    intent: z.literal('suspend'),
    reason: z
      .string({ error: 'Say why the company is suspended (staff see it in the history)' })
      .trim()
      .min(3, 'Say why the company is suspended (at least 3 characters)')
      .max(500, 'Use at most 500 characters'),
  }),
])
