// The 4-point system of fabric inspection (ASTM D5430): points per defect by its size, at most 4
// points per linear yard, a roll's points per 100 square yards, and a lot's result over its rolls.
// Pure: no database. Lengths are converted exactly (1 yd = 0.9144 m, 1 in = 2.54 cm) on whole
// micrometres, and the figures per 100 square yards are rounded half up to 2 decimals with integer
// arithmetic; the acceptance level is compared with that rounded figure, so what is shown is what is
// judged. See docs/domain.md "QC by the book".

export type RollLengthUnit = 'yd' | 'm'
export type WidthUnit = 'in' | 'cm'

/** The common acceptance level: 40 points per 100 square yards. */
export const DEFAULT_ACCEPTANCE_LEVEL = 40

export interface FabricDefect {
  /** The defect's length (its longest extent) in sizeUnit. */
  size: number
  sizeUnit?: WidthUnit
  /** A hole or opening. */
  hole?: boolean
  /** Where along the roll it lies, from the start, in the roll's length unit (for the per-yard cap). */
  at?: number
  /** The defect type, carried through for the report (e.g. "slub"). */
  type?: string
}

export interface FourPointOptions {
  /** Points per 100 square yards at or below which a roll (and the lot) is accepted. Default 40. */
  acceptanceLevel?: number
  /**
   * 'four' (default, the trade's usual rule and the issue's): a hole or opening scores 4 whatever
   * its size. 'by-size': 2 points up to 1 in, 4 over 1 in.
   */
  holes?: 'four' | 'by-size'
}

export interface RollInput {
  id: string
  length: number
  lengthUnit: RollLengthUnit
  /** The cuttable width. */
  width: number
  widthUnit: WidthUnit
  /** Shade or dye lot; rolls without one are grouped together. */
  shade?: string | null
  defects: readonly FabricDefect[]
}

export interface RollResult {
  id: string
  shade: string | null
  lengthYards: number
  widthInches: number
  areaSquareYards: number
  /** Points as charged, after the cap of 4 per linear yard. */
  points: number
  /** Points before the cap (what the defects score on their own). */
  uncappedPoints: number
  pointsPer100SquareYards: number
  accepted: boolean
}

export interface ShadeGroup {
  shade: string | null
  rollIds: string[]
  points: number
  areaSquareYards: number
  pointsPer100SquareYards: number
}

export interface LotResult {
  rolls: RollResult[]
  acceptanceLevel: number
  points: number
  areaSquareYards: number
  /** All the lot's points over all its area. */
  pointsPer100SquareYards: number
  /** The lot is accepted when its points per 100 square yards are at or below the level. */
  accepted: boolean
  /** Rolls above the level, each rejected on its own whatever the lot's figure. */
  rollsOverLimit: string[]
  byShade: ShadeGroup[]
}

const UM_PER_INCH = 25_400
const UM_PER_YARD = 914_400
const UM_PER_CM = 10_000
const UM_PER_M = 1_000_000
// points x 3600 / (yards x inches), on micrometres: yards x inches = L x W / (914400 x 25400)
const PER_100_SQ_YD = 3600n * BigInt(UM_PER_YARD) * BigInt(UM_PER_INCH)

function positive(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new RangeError(`${what} must be a number above 0; got ${String(value)}.`)
  }
  return value
}

const micrometres = (value: number, perUnit: number) => Math.round(value * perUnit)

/** Points for one defect (ASTM D5430): up to 3 in 1, over 3 to 6 in 2, over 6 to 9 in 3, over 9 in 4. */
export function defectPoints(defect: FabricDefect, options: FourPointOptions = {}): 1 | 2 | 3 | 4 {
  const size = positive(defect.size, 'A defect size')
  const um = micrometres(size, defect.sizeUnit === 'cm' ? UM_PER_CM : UM_PER_INCH)
  if (defect.hole) {
    if ((options.holes ?? 'four') === 'four') return 4
    return um <= UM_PER_INCH ? 2 : 4
  }
  if (um <= 3 * UM_PER_INCH) return 1
  if (um <= 6 * UM_PER_INCH) return 2
  if (um <= 9 * UM_PER_INCH) return 3
  return 4
}

/** Hundredths of points per 100 square yards, rounded half up, exactly. */
function per100Hundredths(points: number, areaUm2: bigint): bigint {
  const numerator = BigInt(points) * PER_100_SQ_YD * 100n
  return (2n * numerator + areaUm2) / (2n * areaUm2)
}

const hundredthsToNumber = (h: bigint) => Number(h) / 100
const round2 = (value: number) => Math.round(value * 100) / 100
const SQUARE_YARD_UM2 = BigInt(UM_PER_YARD) * BigInt(UM_PER_YARD)
/** Square yards to 2 decimals, half up. */
const squareYards = (areaUm2: bigint) => hundredthsToNumber((200n * areaUm2 + SQUARE_YARD_UM2) / (2n * SQUARE_YARD_UM2))

function checkLevel(level: unknown): number {
  if (typeof level !== 'number' || !Number.isFinite(level) || level < 0) {
    throw new RangeError(`The acceptance level must be a number of 0 or more; got ${String(level)}.`)
  }
  return level
}

interface Measured {
  result: RollResult
  areaUm2: bigint
}

function measureRoll(roll: RollInput, options: FourPointOptions): Measured {
  const length = positive(roll.length, `Roll ${roll.id}: the length`)
  const width = positive(roll.width, `Roll ${roll.id}: the width`)
  if (roll.lengthUnit !== 'yd' && roll.lengthUnit !== 'm') {
    throw new RangeError(`Roll ${roll.id}: the length unit must be yd or m.`)
  }
  if (roll.widthUnit !== 'in' && roll.widthUnit !== 'cm') {
    throw new RangeError(`Roll ${roll.id}: the width unit must be in or cm.`)
  }
  const lengthUm = micrometres(length, roll.lengthUnit === 'm' ? UM_PER_M : UM_PER_YARD)
  const widthUm = micrometres(width, roll.widthUnit === 'cm' ? UM_PER_CM : UM_PER_INCH)
  const areaUm2 = BigInt(lengthUm) * BigInt(widthUm)

  // Points per linear yard, capped at 4; a defect without a position is charged on its own.
  const perYard = new Map<number, number>()
  let unplaced = 0
  let uncapped = 0
  for (const defect of roll.defects) {
    const points = defectPoints(defect, options)
    uncapped += points
    if (defect.at === undefined) {
      unplaced += points
      continue
    }
    if (typeof defect.at !== 'number' || !Number.isFinite(defect.at) || defect.at < 0 || defect.at > length) {
      throw new RangeError(`Roll ${roll.id}: a defect's position must lie between 0 and the roll's length.`)
    }
    const atUm = micrometres(defect.at, roll.lengthUnit === 'm' ? UM_PER_M : UM_PER_YARD)
    // The last yard of a roll whose length is a whole number of yards ends at its length.
    const yard = Math.min(Math.floor(atUm / UM_PER_YARD), Math.max(0, Math.ceil(lengthUm / UM_PER_YARD) - 1))
    perYard.set(yard, (perYard.get(yard) ?? 0) + points)
  }
  const points = unplaced + [...perYard.values()].reduce((sum, p) => sum + Math.min(4, p), 0)
  const hundredths = per100Hundredths(points, areaUm2)
  const level = checkLevel(options.acceptanceLevel ?? DEFAULT_ACCEPTANCE_LEVEL)
  const lengthYards = lengthUm / UM_PER_YARD
  const widthInches = widthUm / UM_PER_INCH
  return {
    areaUm2,
    result: {
      id: roll.id,
      shade: roll.shade?.trim() || null,
      lengthYards: round2(lengthYards),
      widthInches: round2(widthInches),
      areaSquareYards: squareYards(areaUm2),
      points,
      uncappedPoints: uncapped,
      pointsPer100SquareYards: hundredthsToNumber(hundredths),
      accepted: hundredths <= BigInt(Math.round(level * 100)),
    },
  }
}

/** One roll's points and its points per 100 square yards, judged against the acceptance level. */
export function rollResult(roll: RollInput, options: FourPointOptions = {}): RollResult {
  return measureRoll(roll, options).result
}

/** A lot's result: all its points over all its area, the rolls over the level, and rolls by shade. */
export function lotResult(rolls: readonly RollInput[], options: FourPointOptions = {}): LotResult {
  if (rolls.length === 0) throw new RangeError('A lot needs at least one roll.')
  const level = checkLevel(options.acceptanceLevel ?? DEFAULT_ACCEPTANCE_LEVEL)
  const measured = rolls.map((roll) => measureRoll(roll, options))
  const ids = new Set<string>()
  for (const { result } of measured) {
    if (ids.has(result.id)) throw new RangeError(`Roll ${result.id} appears twice in the lot.`)
    ids.add(result.id)
  }
  const summarise = (part: Measured[]) => {
    const points = part.reduce((sum, m) => sum + m.result.points, 0)
    const areaUm2 = part.reduce((sum, m) => sum + m.areaUm2, 0n)
    const hundredths = per100Hundredths(points, areaUm2)
    return { points, areaSquareYards: squareYards(areaUm2), hundredths }
  }
  const lot = summarise(measured)
  const shades = new Map<string | null, Measured[]>()
  for (const m of measured) shades.set(m.result.shade, [...(shades.get(m.result.shade) ?? []), m])
  return {
    rolls: measured.map((m) => m.result),
    acceptanceLevel: level,
    points: lot.points,
    areaSquareYards: lot.areaSquareYards,
    pointsPer100SquareYards: hundredthsToNumber(lot.hundredths),
    accepted: lot.hundredths <= BigInt(Math.round(level * 100)),
    rollsOverLimit: measured.filter((m) => !m.result.accepted).map((m) => m.result.id),
    byShade: [...shades].map(([shade, part]) => {
      const group = summarise(part)
      return {
        shade,
        rollIds: part.map((m) => m.result.id),
        points: group.points,
        areaSquareYards: group.areaSquareYards,
        pointsPer100SquareYards: hundredthsToNumber(group.hundredths),
      }
    }),
  }
}

/** A roll as kept once inspected: its shade, its points and its measured length and cuttable width in millimetres. */
export interface KeptRoll {
  shade: string | null
  points: number
  lengthMm: number
  widthMm: number
}

/**
 * Kept rolls grouped by shade or dye lot (trimmed; rolls without one form one group), each group
 * with its points per 100 square yards worked out as lotResult does (all its points over all its
 * area, half up to 2 decimals), in the order the shades first appear.
 */
export function shadeGroupsOf(
  rolls: readonly KeptRoll[],
): { shade: string | null; rolls: number; points: number; pointsPer100SquareYards: number }[] {
  const groups = new Map<string | null, KeptRoll[]>()
  for (const roll of rolls) {
    const shade = roll.shade?.trim() || null
    groups.set(shade, [...(groups.get(shade) ?? []), roll])
  }
  return [...groups].map(([shade, part]) => {
    const points = part.reduce((sum, r) => sum + r.points, 0)
    const areaUm2 = part.reduce((sum, r) => sum + BigInt(r.lengthMm) * 1000n * BigInt(r.widthMm) * 1000n, 0n)
    return {
      shade,
      rolls: part.length,
      points,
      pointsPer100SquareYards: areaUm2 > 0n ? hundredthsToNumber(per100Hundredths(points, areaUm2)) : 0,
    }
  })
}
