import type { InspectionSeverity } from '#db/types'
import { type Executor } from '~/platform/executor'
import { isPieceUnit } from '~/utils/gst-rates'
import type { LineSetup } from './inspect'
import { checkLevel, DEFAULT_CLASS_AQLS, type InspectionLevel } from './sampling/iso2859'

// Each line's way of inspecting (docs/domain.md "QC by the book"): its category's method, inspection
// level, AQLs per class, points limit and defect catalogue; the lot in units (the quantity when
// the line is counted in pieces, else the inspector enters it); and the seller's switching state
// for the category (qc_supplier_states, written by the approvals; normal while there is none).

export interface PlannedLine {
  id: number
  categoryId: number
  unit: string
  quantityMilli: number
}

const aqlNumber = (text: string, fallback: number) => {
  const n = Number(text)
  return text.trim() !== '' && Number.isFinite(n) ? n : fallback
}

/** The setup of each line of one seller's inspection, by line id. */
export async function lineSetups(
  db: Executor,
  sellerId: number,
  lines: PlannedLine[],
): Promise<Map<number, LineSetup>> {
  const setups = new Map<number, LineSetup>()
  const categoryIds = [...new Set(lines.map((l) => l.categoryId))]
  if (!categoryIds.length) return setups
  const [categories, defects, states] = await Promise.all([
    db
      .selectFrom('categories')
      .select(['id', 'qc_method', 'qc_level', 'aql_critical', 'aql_major', 'aql_minor', 'points_limit'])
      .where('id', 'in', categoryIds)
      .execute(),
    db
      .selectFrom('defect_types')
      .select(['id', 'category_id', 'name', 'severity', 'is_hole'])
      .where('category_id', 'in', categoryIds)
      .where('active', '=', 1)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('qc_supplier_states')
      .select(['category_id', 'state'])
      .where('seller_id', '=', sellerId)
      .where('category_id', 'in', categoryIds)
      .execute(),
  ])
  for (const line of lines) {
    const category = categories.find((c) => c.id === line.categoryId)
    if (!category) continue
    let level: InspectionLevel = 'II'
    try {
      level = checkLevel(category.qc_level)
    } catch {
      // A level the tables do not know is read as general level II (the standard's default).
    }
    const pieceUnit = isPieceUnit(line.unit)
    setups.set(line.id, {
      method: category.qc_method,
      level,
      aqls: {
        critical: aqlNumber(category.aql_critical, DEFAULT_CLASS_AQLS.critical),
        major: aqlNumber(category.aql_major, DEFAULT_CLASS_AQLS.major),
        minor: aqlNumber(category.aql_minor, DEFAULT_CLASS_AQLS.minor),
      },
      pointsLimit: Number(category.points_limit),
      state: (states.find((s) => s.category_id === line.categoryId)?.state ?? 'normal') as
        InspectionSeverity | 'discontinued',
      pieceUnit,
      pieceLot: pieceUnit ? Math.max(1, Math.ceil(line.quantityMilli / 1000)) : null,
      defectTypes: defects
        .filter((d) => d.category_id === line.categoryId)
        .map((d) => ({ id: d.id, name: d.name, severity: d.severity, isHole: Boolean(d.is_hole) })),
    })
  }
  return setups
}
