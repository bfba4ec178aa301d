import * as z from 'zod'

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
