import * as z from 'zod'

export const ASSET_MAX_BYTES = 20 * 1024 * 1024
export const ASSET_MAX_FILES = 5
export const ASSET_PAGE_SIZE = 25

export const assetSchema = z.discriminatedUnion('intent', [
  // The files themselves are read apart from the schema (they are checked by their bytes).
  z.object({ intent: z.literal('upload'), idempotencyKey: z.string().max(100).optional() }),
  z.object({ intent: z.literal('delete'), assetId: z.coerce.number({ error: 'Choose a file' }).int().positive() }),
])
