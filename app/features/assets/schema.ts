import * as z from 'zod'
export { ASSET_MAX_BYTES, ASSET_MAX_FILES, ASSET_PAGE_SIZE } from './shared'

export const assetSchema = z.discriminatedUnion('intent', [
  // The files themselves are read apart from the schema (they are checked by their bytes).
  z.object({ intent: z.literal('upload'), idempotencyKey: z.string().max(100).optional() }),
  z.object({ intent: z.literal('delete'), assetId: z.coerce.number({ error: 'Choose a file' }).int().positive() }),
])
