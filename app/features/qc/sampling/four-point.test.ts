import { defectPoints, lotResult, rollResult, shadeGroupsOf, type FabricDefect, type RollInput } from './four-point'

const defects = (count: number, defect: FabricDefect): FabricDefect[] => Array.from({ length: count }, () => defect)
const roll = (over: Partial<RollInput> = {}): RollInput => ({
  id: 'R1',
  length: 100,
  lengthUnit: 'yd',
  width: 60,
  widthUnit: 'in',
  defects: [],
  ...over,
})

describe('points per defect (ASTM D5430)', () => {
  it.each([
    [0.5, 'in', 1],
    [3, 'in', 1],
    [3.01, 'in', 2],
    [6, 'in', 2],
    [6.5, 'in', 3],
    [9, 'in', 3],
    [9.1, 'in', 4],
    [40, 'in', 4],
    [7.62, 'cm', 1], // exactly 3 in
    [7.63, 'cm', 2],
    [15.24, 'cm', 2], // exactly 6 in
    [22.86, 'cm', 3], // exactly 9 in
    [22.87, 'cm', 4],
  ] as const)('%s %s scores %i', (size, sizeUnit, points) => {
    expect(defectPoints({ size, sizeUnit })).toBe(points)
  })

  it('a hole or opening scores 4 whatever its size; by size it is 2 up to 1 in', () => {
    expect(defectPoints({ size: 0.2, hole: true })).toBe(4)
    expect(defectPoints({ size: 0.2, hole: true }, { holes: 'by-size' })).toBe(2)
    expect(defectPoints({ size: 2.54, sizeUnit: 'cm', hole: true }, { holes: 'by-size' })).toBe(2)
    expect(defectPoints({ size: 1.1, hole: true }, { holes: 'by-size' })).toBe(4)
  })

  it.each([0, -1, Number.NaN])('a size of %s is refused', (size) => {
    expect(() => defectPoints({ size })).toThrow(RangeError)
  })
})

describe('a roll', () => {
  it('100 yd of 60 in cuttable width with 24 points: 14.40 points per 100 square yards, accepted', () => {
    const result = rollResult(roll({ defects: defects(24, { size: 2 }) }))
    expect(result).toMatchObject({ points: 24, pointsPer100SquareYards: 14.4, accepted: true, areaSquareYards: 166.67 })
  })

  it('at most 4 points in one linear yard', () => {
    const result = rollResult(
      roll({
        defects: [
          { size: 10, at: 10.1 }, // 4
          { size: 5, at: 10.5 }, // 2, same yard: capped
          { size: 2, at: 10.9 }, // 1, same yard: capped
          { size: 5, at: 11.2 }, // 2, the next yard
          { size: 1, hole: true, at: 99.5 }, // 4, the last yard
          { size: 1, at: 100 }, // 1, at the very end: still the last yard, capped
        ],
      }),
    )
    expect(result.uncappedPoints).toBe(14)
    expect(result.points).toBe(10)
  })

  it('metric rolls are converted exactly (1 yd = 0.9144 m, 1 in = 2.54 cm)', () => {
    // 30 points x 3600 / ((100 / 0.9144) yd x (150 / 2.54) in) = 16.7225472
    const result = rollResult(
      roll({ length: 100, lengthUnit: 'm', width: 150, widthUnit: 'cm', defects: defects(30, { size: 2 }) }),
    )
    expect(result).toMatchObject({ pointsPer100SquareYards: 16.72, lengthYards: 109.36, widthInches: 59.06 })
    expect(result.areaSquareYards).toBe(179.4) // 100 m x 1.5 m = 150 m² = 179.40 square yards
  })

  it('the metric cap counts linear yards along a metric roll', () => {
    // 0.5 m and 0.9 m lie in the first yard (0 to 0.9144 m); 0.95 m in the second
    const result = rollResult(
      roll({
        lengthUnit: 'm',
        widthUnit: 'cm',
        width: 150,
        defects: [
          { size: 10, at: 0.5 },
          { size: 10, at: 0.9 },
          { size: 10, at: 0.95 },
        ],
      }),
    )
    expect(result.points).toBe(8)
  })

  it('accepted at the level, rejected above it, judged on the figure as shown (2 decimals, half up)', () => {
    // 100 yd x 90 in: 100 points is exactly 40.00
    const at40 = rollResult(roll({ width: 90, defects: defects(25, { size: 0.5, hole: true }) }))
    expect(at40).toMatchObject({ points: 100, pointsPer100SquareYards: 40, accepted: true })
    const over = rollResult(roll({ width: 90, defects: [...defects(25, { size: 0.5, hole: true }), { size: 1 }] }))
    expect(over).toMatchObject({ points: 101, pointsPer100SquareYards: 40.4, accepted: false })
    // 360000 / 8999.1 = 40.004: shown 40.00, accepted
    expect(
      rollResult(roll({ length: 89.991, width: 100, defects: defects(25, { size: 1, hole: true }) })),
    ).toMatchObject({ pointsPer100SquareYards: 40, accepted: true })
    // 360000 / 8998.65 = 40.006: shown 40.01, rejected
    expect(
      rollResult(roll({ length: 89.9865, width: 100, defects: defects(25, { size: 1, hole: true }) })),
    ).toMatchObject({ pointsPer100SquareYards: 40.01, accepted: false })
    // a category's own level
    const ownLevel = rollResult(roll({ width: 90, defects: defects(26, { size: 4 }) }), { acceptanceLevel: 20 })
    expect(ownLevel).toMatchObject({ pointsPer100SquareYards: 20.8, accepted: false })
  })

  it('refuses impossible rolls', () => {
    expect(() => rollResult(roll({ length: 0 }))).toThrow(/length must be a number above 0/)
    expect(() => rollResult(roll({ width: -3 }))).toThrow(/width must be a number above 0/)
    expect(() => rollResult(roll({ lengthUnit: 'ft' as 'yd' }))).toThrow(/yd or m/)
    expect(() => rollResult(roll({ defects: [{ size: 1, at: 101 }] }))).toThrow(/position must lie between/)
    expect(() => rollResult(roll(), { acceptanceLevel: -1 })).toThrow(/acceptance level/)
  })
})

describe('a lot of rolls', () => {
  const rolls: RollInput[] = [
    roll({ id: 'R1', shade: 'A', defects: defects(24, { size: 2 }) }), // 14.40
    roll({ id: 'R2', shade: 'A', defects: defects(18, { size: 10 }) }), // 72 points: 43.20, over
    roll({ id: 'R3', shade: ' B ', defects: defects(6, { size: 5 }) }), // 12 points: 7.20
    roll({ id: 'R4', shade: null, length: 50, defects: [] }), // 0
  ]

  it('combines all points over all area and lists the rolls over the level', () => {
    const result = lotResult(rolls)
    // (24 + 72 + 12 + 0) x 3600 / (100x60 + 100x60 + 100x60 + 50x60) = 388800 / 21000 = 18.514...
    expect(result).toMatchObject({
      points: 108,
      pointsPer100SquareYards: 18.51,
      accepted: true,
      rollsOverLimit: ['R2'],
      areaSquareYards: 583.33,
    })
    expect(result.rolls.map((r) => r.accepted)).toEqual([true, false, true, true])
  })

  it('groups rolls by shade, in the order they first appear', () => {
    expect(lotResult(rolls).byShade).toEqual([
      { shade: 'A', rollIds: ['R1', 'R2'], points: 96, areaSquareYards: 333.33, pointsPer100SquareYards: 28.8 },
      { shade: 'B', rollIds: ['R3'], points: 12, areaSquareYards: 166.67, pointsPer100SquareYards: 7.2 },
      { shade: null, rollIds: ['R4'], points: 0, areaSquareYards: 83.33, pointsPer100SquareYards: 0 },
    ])
  })

  it('a lot over the level is not accepted', () => {
    expect(lotResult(rolls, { acceptanceLevel: 15 })).toMatchObject({ accepted: false, rollsOverLimit: ['R2'] })
  })

  it('refuses an empty lot and a roll twice', () => {
    expect(() => lotResult([])).toThrow(/at least one roll/)
    expect(() => lotResult([roll(), roll()])).toThrow(/appears twice/)
  })
})

describe('shadeGroupsOf (rolls as kept)', () => {
  it('gives each shade the figure lotResult gives it, from the kept points and millimetres', () => {
    const rolls: RollInput[] = [
      { id: '1', shade: 'A', length: 50, lengthUnit: 'm', width: 147, widthUnit: 'cm', defects: [{ size: 4 }] },
      {
        id: '2',
        shade: ' A ',
        length: 48.5,
        lengthUnit: 'm',
        width: 147,
        widthUnit: 'cm',
        defects: [{ size: 1, hole: true }],
      },
      {
        id: '3',
        shade: 'B',
        length: 10,
        lengthUnit: 'm',
        width: 146.5,
        widthUnit: 'cm',
        defects: [{ size: 1, hole: true }, { size: 2, hole: true }, { size: 7 }],
      },
      { id: '4', shade: null, length: 30, lengthUnit: 'm', width: 150, widthUnit: 'cm', defects: [] },
    ]
    const lot = lotResult(rolls)
    const kept = rolls.map((r, i) => ({
      shade: r.shade ?? null,
      points: lot.rolls[i]!.points,
      lengthMm: Math.round(r.length * 1000),
      widthMm: Math.round(r.width * 10),
    }))
    expect(shadeGroupsOf(kept)).toEqual(
      lot.byShade.map((g) => ({
        shade: g.shade,
        rolls: g.rollIds.length,
        points: g.points,
        pointsPer100SquareYards: g.pointsPer100SquareYards,
      })),
    )
    expect(shadeGroupsOf(kept).map((g) => g.shade)).toEqual(['A', 'B', null])
  })
})
