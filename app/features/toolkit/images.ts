import * as z from 'zod'
import { FITS, OUTPUT_FORMATS, ROTATIONS } from './shared'
export { FITS, OUTPUT_FORMATS, ROTATIONS, fitLabels, formatLabels } from './shared'

// The image playground's edits (/toolkit/images): read from a GET query (the page's form and the
// rendered image share it), each value checked; what is wrong is said at its field.

export type OutputFormat = (typeof OUTPUT_FORMATS)[number]
export type Fit = (typeof FITS)[number]
export const MAX_SIDE = 6000

export interface ImageOps {
  crop: { left: number; top: number; width: number; height: number } | null
  rotate: (typeof ROTATIONS)[number]
  flip: boolean
  width: number | null
  height: number | null
  fit: Fit
  format: OutputFormat
  quality: number
  grayscale: boolean
}

export type OpsField = 'cropLeft' | 'cropTop' | 'cropWidth' | 'cropHeight' | 'width' | 'height' | 'quality'

/** The edits asked for, checked against the image's size; `errors` by field, `ops` null when any. */
export function readImageOps(params: URLSearchParams, image: { width: number; height: number }): { ops: ImageOps | null; errors: Partial<Record<OpsField, string>>; values: Record<string, string> } {
  const errors: Partial<Record<OpsField, string>> = {}
  const values: Record<string, string> = {}
  for (const key of ['cropLeft', 'cropTop', 'cropWidth', 'cropHeight', 'width', 'height', 'quality', 'fit', 'rotate', 'format', 'flip', 'grayscale']) values[key] = (params.get(key) ?? '').trim().slice(0, 20)
  const whole = (field: OpsField, min: number, max: number, label: string): number | null => {
    const text = values[field]!
    if (text === '') return null
    if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
      errors[field] = `${label}: enter a whole number from ${min} to ${max}`
      return null
    }
    return Number(text)
  }
  const crop = {
    left: whole('cropLeft', 0, image.width - 1, 'Left'),
    top: whole('cropTop', 0, image.height - 1, 'Top'),
    width: whole('cropWidth', 1, image.width, 'Width'),
    height: whole('cropHeight', 1, image.height, 'Height'),
  }
  const given = Object.values(crop).filter((v) => v !== null).length
  const cropErrors = ['cropLeft', 'cropTop', 'cropWidth', 'cropHeight'].some((f) => errors[f as OpsField])
  if (given > 0 && given < 4 && !cropErrors) {
    for (const [field, value] of [['cropLeft', crop.left], ['cropTop', crop.top], ['cropWidth', crop.width], ['cropHeight', crop.height]] as const) if (value === null) errors[field] = 'Fill in all four crop values, or none'
  }
  if (given === 4 && crop.left! + crop.width! > image.width) errors.cropWidth = `The crop goes past the right edge: left + width is at most ${image.width}`
  if (given === 4 && crop.top! + crop.height! > image.height) errors.cropHeight = `The crop goes past the bottom edge: top + height is at most ${image.height}`
  const width = whole('width', 1, MAX_SIDE, 'Width')
  const height = whole('height', 1, MAX_SIDE, 'Height')
  const quality = whole('quality', 1, 100, 'Quality') ?? 80
  const fit = (FITS as readonly string[]).includes(values.fit!) ? (values.fit as Fit) : 'inside'
  const rotation = Number(values.rotate)
  const rotate = (ROTATIONS as readonly number[]).includes(rotation) ? (rotation as ImageOps['rotate']) : 0
  const format = (OUTPUT_FORMATS as readonly string[]).includes(values.format!) ? (values.format as OutputFormat) : 'webp'
  if (Object.keys(errors).length) return { ops: null, errors, values }
  return {
    ops: { crop: given === 4 ? { left: crop.left!, top: crop.top!, width: crop.width!, height: crop.height! } : null, rotate, flip: values.flip === '1', width, height, fit, format, quality, grayscale: values.grayscale === '1' },
    errors,
    values,
  }
}

/** The query of an edit, as the page's links and the rendered image use it (defaults left out). */
export function opsQuery(values: Record<string, string>): URLSearchParams {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(values)) if (value !== '') query.set(key, value)
  return query
}

/** The playground's forms: upload an image (the file is read apart, checked by its bytes), delete one. */
export const imagesSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('upload') }),
  z.object({ intent: z.literal('delete'), imageId: z.coerce.number({ error: 'Choose an image' }).int().positive() }),
])

