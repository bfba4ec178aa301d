import * as z from 'zod'
import { FITS, OUTPUT_FORMATS, ROTATIONS, type Fit, type OutputFormat } from './shared'
export { FITS, OUTPUT_FORMATS, ROTATIONS, fitLabels, formatLabels } from './shared'

// The image playground's edits (/toolkit/images): read from a GET query (the page's form and the
// rendered image share it), each value checked; what is wrong is said at its field.

/** The largest result a render makes: 4096 pixels a side and 16.8 million pixels (4096 × 4096). */
export const MAX_SIDE = 4096
export const MAX_OUTPUT_PIXELS = MAX_SIDE * MAX_SIDE

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
export function readImageOps(
  params: URLSearchParams,
  image: { width: number; height: number },
): { ops: ImageOps | null; errors: Partial<Record<OpsField, string>>; values: Record<string, string> } {
  const errors: Partial<Record<OpsField, string>> = {}
  const values: Record<string, string> = {}
  for (const key of [
    'cropLeft',
    'cropTop',
    'cropWidth',
    'cropHeight',
    'width',
    'height',
    'quality',
    'fit',
    'rotate',
    'format',
    'flip',
    'grayscale',
  ])
    values[key] = (params.get(key) ?? '').trim().slice(0, 20)
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
    for (const [field, value] of [
      ['cropLeft', crop.left],
      ['cropTop', crop.top],
      ['cropWidth', crop.width],
      ['cropHeight', crop.height],
    ] as const)
      if (value === null) errors[field] = 'Fill in all four crop values, or none'
  }
  if (given === 4 && crop.left! + crop.width! > image.width)
    errors.cropWidth = `The crop goes past the right edge: left + width is at most ${image.width}`
  if (given === 4 && crop.top! + crop.height! > image.height)
    errors.cropHeight = `The crop goes past the bottom edge: top + height is at most ${image.height}`
  const width = whole('width', 1, MAX_SIDE, 'Width')
  const height = whole('height', 1, MAX_SIDE, 'Height')
  const quality = whole('quality', 1, 100, 'Quality') ?? 80
  const fit = (FITS as readonly string[]).includes(values.fit!) ? (values.fit as Fit) : 'inside'
  const rotation = Number(values.rotate)
  const rotate = (ROTATIONS as readonly number[]).includes(rotation) ? (rotation as ImageOps['rotate']) : 0
  const format = (OUTPUT_FORMATS as readonly string[]).includes(values.format!)
    ? (values.format as OutputFormat)
    : 'webp'
  if (!Object.keys(errors).length) {
    const size = outputSize(image, {
      crop: given === 4 ? { left: crop.left!, top: crop.top!, width: crop.width!, height: crop.height! } : null,
      rotate,
      width,
      height,
      fit,
    })
    const tooLarge = tooLargeMessage(size)
    if (tooLarge) errors[width === null && height !== null ? 'height' : 'width'] = tooLarge
  }
  if (Object.keys(errors).length) return { ops: null, errors, values }
  return {
    ops: {
      crop: given === 4 ? { left: crop.left!, top: crop.top!, width: crop.width!, height: crop.height! } : null,
      rotate,
      flip: values.flip === '1',
      width,
      height,
      fit,
      format,
      quality,
      grayscale: values.grayscale === '1',
    },
    errors,
    values,
  }
}

/** The size (pixels) a render makes of an image of `image`'s size, as sharp works it out (crop, rotate, resize). */
export function outputSize(
  image: { width: number; height: number },
  ops: Pick<ImageOps, 'crop' | 'rotate' | 'width' | 'height' | 'fit'>,
): { width: number; height: number } {
  let w = ops.crop?.width ?? image.width
  let h = ops.crop?.height ?? image.height
  if (ops.rotate === 90 || ops.rotate === 270) [w, h] = [h, w]
  if (ops.width && ops.height) {
    if (ops.fit !== 'inside') return { width: ops.width, height: ops.height }
    const scale = Math.min(ops.width / w, ops.height / h)
    return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) }
  }
  if (ops.width) return { width: ops.width, height: Math.max(1, Math.round((h * ops.width) / w)) }
  if (ops.height) return { width: Math.max(1, Math.round((w * ops.height) / h)), height: ops.height }
  return { width: w, height: h }
}

/** Why a result of `size` is refused (more than MAX_SIDE a side or MAX_OUTPUT_PIXELS), or null. */
export function tooLargeMessage(size: { width: number; height: number }): string | null {
  if (size.width <= MAX_SIDE && size.height <= MAX_SIDE && size.width * size.height <= MAX_OUTPUT_PIXELS) return null
  return `The result would be ${size.width} × ${size.height} pixels: at most ${MAX_SIDE} a side. Enter a smaller width or height (or crop)`
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
