import { z } from 'zod'
import type { ImportJobStatus } from '#db/types'
import { cancelImport, requestApply } from '~/features/imports/apply.server'
import { IMPORT_KINDS, IMPORT_OUTCOMES } from '~/features/imports/kinds'
import { importableProducts } from '~/features/imports/kinds.server'
import { previewImport } from '~/features/imports/preview.server'
import {
  importJobRecord,
  listImportJobRecords,
  listImportRowRecords,
  type ImportJobRecord,
} from '~/features/imports/records.server'
import { importPriceRequests, type ImportRowView } from '~/features/imports/queries.server'
import { kickImports } from '~/features/imports/worker.server'
import { decodeCursor, pageOf, pageQuery, pageSchema } from '~/platform/api/cursor'
import { ApiProblem } from '~/platform/api/problem'
import { Refused, type Result } from '~/utils/refusal.server'
import { answer, endpoint } from '../endpoint'
import { CATALOGUE_PORTALS } from './catalogue'

// Bulk imports through the API (issue 40; docs/domain.md "Bulk imports (issue 40)"): the rows of a
// template sent as JSON are read and checked as an uploaded file is (previewImport), kept as a
// preview, then applied in the background by the imports' worker, as at /skus/imports. Who may: the
// catalogue's staff, as for the catalogue's writes (catalogue.ts) and the import pages (main portal).

/** The most rows one request may carry: a body stays under the dispatcher's 1 MB. Larger files: several imports, or the page. */
export const MAX_API_IMPORT_ROWS = 5_000

const JOB_STATUSES = [
  'previewed',
  'applying',
  'applied',
  'failed',
  'cancelled',
] as const satisfies readonly ImportJobStatus[]
const RESULTS = ['created', 'changed', 'unchanged', 'refused', 'requested'] as const

const id = z.number().int()
const instant = z.string().describe('An ISO-8601 UTC timestamp.')
const cells = z.record(z.string(), z.string())

const importSchema = z.object({
  id,
  kind: z.enum(IMPORT_KINDS),
  product: z
    .object({ id, slug: z.string(), name: z.string() })
    .nullable()
    .describe('Product SKUs: the product they are of; null for the other kinds.'),
  file_name: z.string(),
  uploaded_by: z.string().nullable().describe('The name of the user who sent it (the token’s user through the API).'),
  status: z
    .enum(JOB_STATUSES)
    .describe(
      'previewed (checked, nothing written), applying (in the background), applied, failed (apply again to resume), cancelled (discarded).',
    ),
  rows_total: z.number().int().describe('The rows read.'),
  counts: z
    .object({
      create: z.number().int(),
      change: z.number().int(),
      unchanged: z.number().int(),
      refused: z.number().int(),
    })
    .describe('The preview: rows that would create a record, change one, change nothing, or are refused.'),
  to_apply: z.number().int().describe('The rows applying writes: create + change.'),
  rows_done: z.number().int().describe('Of `to_apply`, the rows applied so far.'),
  applied: z
    .object({
      created: z.number().int(),
      changed: z.number().int(),
      unchanged: z.number().int().describe('Rows already so when applied.'),
      refused: z.number().int().describe('Rows refused when checked again as they were applied.'),
      requested: z
        .number()
        .int()
        .describe('Rows whose price change needs an admin’s decision: made a price-change request, the price kept.'),
    })
    .describe('What applying did, so far.'),
  price_change_requests: z
    .array(
      z.object({
        id,
        buyer_sku_id: id,
        buyer_code: z.string(),
        buyer: z.string(),
        price_paise: z.number().int().describe('The price in force it was made against (its base).'),
        proposed_price_paise: z.number().int(),
        status: z.enum(['pending', 'approved', 'rejected', 'withdrawn']),
        link: z.string().describe('The request’s page, in the reader’s own portal.'),
      }),
    )
    .optional()
    .describe(
      'One import (not in the list): the price-change requests applying raised instead of changing prices that need an admin’s decision.',
    ),
  error: z.string().nullable().describe('Why applying failed, when it did.'),
  created_at: instant,
  updated_at: instant,
  started_at: instant.nullable().describe('When applying began.'),
  finished_at: instant.nullable().describe('When it was applied, failed for good or was discarded.'),
})

const bodyOf = (
  job: ImportJobRecord,
  requests?: Awaited<ReturnType<typeof importPriceRequests>>,
): z.input<typeof importSchema> => ({
  id: job.id,
  kind: job.kind,
  product: job.product,
  file_name: job.fileName,
  uploaded_by: job.uploadedBy,
  status: job.status,
  rows_total: job.rowsTotal,
  counts: job.counts,
  to_apply: job.toApply,
  rows_done: job.rowsDone,
  applied: {
    created: job.applied.created,
    changed: job.applied.changed,
    unchanged: job.applied.kept,
    refused: job.applied.refused,
    requested: job.applied.requested,
  },
  price_change_requests: requests?.map((r) => ({
    id: r.id,
    buyer_sku_id: r.buyerSkuId,
    buyer_code: r.buyerCode,
    buyer: r.buyerName,
    price_paise: r.priceMinor,
    proposed_price_paise: r.proposedMinor,
    status: r.status,
    link: `/redirect/approvals/buyer_skus/pricing_requests/${r.id}`,
  })),
  error: job.error,
  created_at: job.createdAt,
  updated_at: job.updatedAt,
  started_at: job.startedAt,
  finished_at: job.finishedAt,
})

const rowSchema = z.object({
  row_number: z
    .number()
    .int()
    .describe('The row’s place in `rows`, from 1 (of a file uploaded at the page: its line).'),
  outcome: z.enum(IMPORT_OUTCOMES),
  key: z.string().describe('The record the row names (its natural key), as the preview read it.'),
  values: cells.describe('The row’s cells by column, as read.'),
  before: cells.nullable().describe('A change: the value before of each cell that changes.'),
  messages: cells
    .nullable()
    .describe('A refused row: why, by column (the key "" holds what concerns the row as a whole).'),
  result: z.enum(RESULTS).nullable().describe('Once applied: what applying this row did.'),
  result_message: z.string().nullable().describe('Why it was refused when applied.'),
})

const rowBodyOf = (row: ImportRowView): z.input<typeof rowSchema> => ({
  row_number: row.number,
  outcome: row.outcome,
  key: row.key,
  values: row.values,
  before: row.before,
  messages: row.messages,
  result: row.result,
  result_message: row.resultMessage,
})

const createBody = z.object({
  kind: z
    .enum(IMPORT_KINDS)
    .describe(
      'What the rows hold: buyer SKUs and prices, product SKUs (of one product), sellers’ offers, or sellers’ cost updates.',
    ),
  product_id: id
    .positive()
    .optional()
    .describe('Product SKUs only (and then required): the active product they are of.'),
  file_name: z.string().max(200).optional().describe('A name to know the import by in the list (“api” when absent).'),
  rows: z
    .array(z.record(z.string().max(100), z.string().max(2_000)))
    .min(1)
    .max(MAX_API_IMPORT_ROWS)
    .describe(
      `The rows, each a record of cells by column: the columns of the kind's CSV template (/skus/imports/new lists them), every cell as text. At most ${MAX_API_IMPORT_ROWS.toLocaleString('en')} rows per request.`,
    ),
})

const importParams = z.object({ importId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) })
const location = (importId: number) => `/api/v1/imports/${importId}`

async function jobOf(db: Parameters<typeof importJobRecord>[0], importId: number) {
  const job = await importJobRecord(db, importId)
  if (!job) throw ApiProblem.of('not-found', 'There is no such import.')
  return bodyOf(job, await importPriceRequests(db, importId))
}

/** A move the page refuses (already applying, applied, discarded) as the API's 409; none such: 404. */
function settled(result: Result<unknown>): void {
  if (result.ok) return
  if (result.notFound) throw ApiProblem.of('not-found', 'There is no such import.')
  throw new Refused(undefined, result.message)
}

export const importEndpoints = [
  endpoint({
    id: 'createImport',
    method: 'POST',
    path: '/imports',
    tag: 'Imports',
    summary: 'Preview a bulk import',
    description: `Reads and checks the rows as an uploaded file is read at /skus/imports/new, against the catalogue as it is now, and keeps them as a preview: each row would create a record, change one, change nothing, or is refused (with a message at each cell). Nothing of the catalogue is written until the import is applied. Answers 201 with the counts and the Location of the import. Columns a kind does not know, a required column missing, or a product that is not active are 422. At most ${MAX_API_IMPORT_ROWS.toLocaleString('en')} rows per request (the body stays under 1 MB): send more as several imports. A retry with the same Idempotency-Key opens the same import.`,
    scope: 'catalogue:write',
    portals: CATALOGUE_PORTALS,
    body: createBody,
    response: importSchema,
    status: 201,
    examples: [
      {
        name: 'buyer-prices',
        summary: 'A new buyer SKU for buyer #1 (named by its id, as a cell may), and a row refused for its price',
        as: 'admin@example.com',
        body: {
          kind: 'buyer_skus',
          file_name: 'indigo-threads-new-codes',
          rows: [
            {
              buyer: '#1',
              product_sku: 'YAR-PBY-00045',
              buyer_code: 'IT-950',
              price: '812.00',
              moq: '300',
              note: 'Summer range',
            },
            {
              buyer: '#1',
              product_sku: 'YAR-PBY-00045',
              buyer_code: 'IT-951',
              price: '0',
              moq: '300',
              note: '',
            },
          ],
        },
        status: 201,
      },
    ],
    handle: async ({ db, viewer, caller, body, idempotencyKey }) => {
      let productId: number | null = null
      if (body.kind === 'product_skus') {
        const product = (await importableProducts(db)).find((p) => p.id === body.product_id)
        if (!product) throw new Refused('product_id', 'Product SKUs are imported per product: name an active product')
        productId = product.id
      } else if (body.product_id !== undefined) {
        throw new Refused('product_id', 'Only product SKUs are imported per product: leave product_id out')
      }
      const result = await previewImport(db, viewer, {
        kind: body.kind,
        productId,
        fileName: body.file_name?.trim() || 'api',
        records: body.rows,
        // The job keeps the key, per token as the dispatcher keeps its answers: a retry after the
        // kept answer is gone still opens the same import.
        idempotencyKey: idempotencyKey ? `api:${caller.token.id}:${idempotencyKey}` : undefined,
      })
      if (!result.ok) throw new Refused(result.field === 'kind' ? 'kind' : 'rows', result.message)
      return answer(await jobOf(db, result.value.id), { status: 201, location: location(result.value.id) })
    },
  }),
  endpoint({
    id: 'listImports',
    method: 'GET',
    path: '/imports',
    tag: 'Imports',
    summary: 'List bulk imports',
    description: 'Every import (through the API or the page), newest first, a page at a time; `status` narrows it.',
    scope: 'catalogue:read',
    portals: CATALOGUE_PORTALS,
    query: z.object({ status: z.enum(JOB_STATUSES).optional(), ...pageQuery }),
    response: pageSchema(importSchema),
    examples: [
      { name: 'latest', summary: 'The latest imports', as: 'admin@example.com', query: { limit: 5 }, status: 200 },
    ],
    handle: async ({ db, query }) => {
      const rows = await listImportJobRecords(db, {
        beforeId: query.cursor ? decodeCursor(query.cursor)?.id : undefined,
        status: query.status,
        take: query.limit + 1,
      })
      const page = pageOf(rows, query.limit, (r) => ({ id: r.id }))
      return { data: page.data.map((job) => bodyOf(job)), next_cursor: page.next_cursor }
    },
  }),
  endpoint({
    id: 'getImport',
    method: 'GET',
    path: '/imports/{importId}',
    tag: 'Imports',
    summary: 'Read a bulk import',
    description:
      'Its status and counts; while it is applied, `rows_done` of `to_apply` tells the progress (read it again until the status is applied or failed).',
    scope: 'catalogue:read',
    portals: CATALOGUE_PORTALS,
    params: importParams,
    response: importSchema,
    examples: [
      {
        name: 'demo',
        summary: 'The demo price file (previewed, not applied)',
        as: 'internal@example.com',
        params: { importId: 1 },
        status: 200,
      },
    ],
    handle: async ({ db, params }) => jobOf(db, params.importId),
  }),
  endpoint({
    id: 'listImportRows',
    method: 'GET',
    path: '/imports/{importId}/rows',
    tag: 'Imports',
    summary: 'List an import’s rows',
    description:
      'The rows by row number, a page at a time: each with its outcome, cells, the values before of a change, and the messages of a refused row; once applied, what applying did. `outcome` or `result` narrow it (`outcome=refused`: what to mend).',
    scope: 'catalogue:read',
    portals: CATALOGUE_PORTALS,
    params: importParams,
    query: z.object({
      outcome: z.enum(IMPORT_OUTCOMES).optional().describe('The rows of one outcome of the preview.'),
      result: z.enum(RESULTS).optional().describe('The rows of one result of applying.'),
      ...pageQuery,
    }),
    response: pageSchema(rowSchema),
    examples: [
      {
        name: 'refused',
        summary: 'The refused rows of the demo import',
        as: 'admin@example.com',
        params: { importId: 1 },
        query: { outcome: 'refused' },
        status: 200,
      },
    ],
    handle: async ({ db, params, query }) => {
      await jobOf(db, params.importId)
      const rows = await listImportRowRecords(db, params.importId, {
        outcome: query.outcome,
        result: query.result,
        afterRow: query.cursor ? decodeCursor(query.cursor)?.id : undefined,
        take: query.limit + 1,
      })
      const page = pageOf(rows, query.limit, (r) => ({ id: r.number }))
      return { data: page.data.map(rowBodyOf), next_cursor: page.next_cursor }
    },
  }),
  endpoint({
    id: 'applyImport',
    method: 'POST',
    path: '/imports/{importId}/apply',
    tag: 'Imports',
    summary: 'Apply a bulk import',
    description:
      'Starts applying a previewed import (or resumes a failed one) in the background: 202 with the import, status applying. Its create and change rows are written in chunks, each row checked again; refused rows are left out. Read the import for its progress. An import already applying, applied or discarded is 409, as the page refuses it; applying twice never writes a row twice.',
    scope: 'catalogue:write',
    portals: CATALOGUE_PORTALS,
    params: importParams,
    response: importSchema,
    status: 202,
    examples: [
      {
        name: 'demo',
        summary: 'Apply the demo price file (a second run is 409: it is already applying)',
        as: 'admin@example.com',
        params: { importId: 1 },
        status: 202,
      },
    ],
    handle: async ({ db, viewer, params }) => {
      settled(await requestApply(db, viewer, params.importId))
      kickImports()
      return answer(await jobOf(db, params.importId), { status: 202, location: location(params.importId) })
    },
  }),
  endpoint({
    id: 'discardImport',
    method: 'POST',
    path: '/imports/{importId}/discard',
    tag: 'Imports',
    summary: 'Discard a bulk import',
    description:
      'A previewed import is never applied (its rows stay to be read): answers the import, status cancelled. One applying, applied or discarded already is 409.',
    scope: 'catalogue:write',
    portals: CATALOGUE_PORTALS,
    params: importParams,
    response: importSchema,
    examples: [
      {
        name: 'new',
        summary: 'Discard the import the create example opened',
        as: 'admin@example.com',
        params: { importId: 2 },
        status: 200,
      },
    ],
    handle: async ({ db, viewer, params }) => {
      settled(await cancelImport(db, viewer, params.importId))
      return jobOf(db, params.importId)
    },
  }),
]
