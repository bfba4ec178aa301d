import * as z from 'zod'
import { CANCEL_REASON_CODES, CANCEL_REMARK_MAX } from './standing'

// The e-invoice pages' forms: what the invoice registration portal returned for one document,
// and a response file to import.

export const registrationSchema = z.object({
  irn: z
    .string({ error: 'Enter the IRN' })
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f]{64}$/, 'The IRN is 64 hexadecimal characters'),
  ackNo: z
    .string({ error: 'Enter the acknowledgement number' })
    .trim()
    .regex(/^\d{1,20}$/, 'The acknowledgement number is digits only'),
  ackAt: z
    .string({ error: 'Enter the acknowledgement date' })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/, 'As the portal gives it: 2026-11-27 14:05:00'),
  signedQr: z
    .string({ error: 'Paste the signed QR code' })
    .trim()
    .min(1, 'Paste the signed QR code')
    .max(4000, 'At most 4,000 characters'),
  signedInvoice: z.string().trim().max(100_000, 'At most 100,000 characters').optional(),
})

/** Cancel IRN (issue 52): NIC's reason code and a remark, as the portal takes them (the cancel JSON). */
export const cancelRequestSchema = z.object({
  reason: z.enum(CANCEL_REASON_CODES as ['1', '2', '3', '4'], { error: 'Choose the reason' }),
  remark: z
    .string({ error: 'Write a remark for the portal' })
    .trim()
    .min(1, 'Write a remark for the portal')
    .max(CANCEL_REMARK_MAX, `At most ${CANCEL_REMARK_MAX} characters (the portal's limit)`),
})

/** The portal's answer to a Cancel IRN: its CancelDate, with the reason and remark sent. */
export const cancellationSchema = cancelRequestSchema.extend({
  intent: z.literal('cancel'),
  cancelledAt: z
    .string({ error: 'Enter the cancel date the portal gave' })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/, 'As the portal gives it: 2026-11-28 10:05:00'),
})
