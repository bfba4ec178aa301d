// A category's way of inspecting (issue 39, docs/domain.md "QC by the book"): the allow-lists the
// category form offers and checks, taken from the sampling core's tables so the form can never
// offer a level or an AQL the core cannot plan with. Kept out of the views: the core's tables would
// come to the browser with them (the loader hands the views the lists they show).
import { AQL_LABELS, INSPECTION_LEVELS } from '../qc/sampling/iso2859-tables'

/** ISO 2859-1's inspection levels: special S-1 to S-4, general I, II (the usual), III. */
export const QC_LEVELS = INSPECTION_LEVELS

/**
 * The AQLs a category may set per defect class, as the tables print them: '0' (none accepted, the
 * trade's zero tolerance for critical defects), then the standard's AQLs up to 10. The columns above
 * 10 are for nonconformities per 100 units only (the standard says so, see
 * docs/domain.md "QC by the book"); a category's lot is judged by nonconforming units, so they are not offered.
 */
export const CATEGORY_AQLS: readonly string[] = ['0', ...AQL_LABELS.slice(0, AQL_LABELS.indexOf('10') + 1)]

/** The lists the category form shows (the loader sends them; the view never imports the tables). */
export const qcChoices = () => ({ levels: [...QC_LEVELS] as string[], aqls: [...CATEGORY_AQLS] })
export type QcChoices = ReturnType<typeof qcChoices>

/** The units a fabric roll's length is measured in: the 4-point system grades rolls by length. */
const LENGTH_UNITS = ['m', 'mtr', 'mtrs', 'metre', 'metres', 'meter', 'meters', 'yd', 'yds', 'yard', 'yards']
export const isLengthUnit = (unit: string | null | undefined) =>
  LENGTH_UNITS.includes((unit ?? '').trim().toLowerCase().replace(/\.$/, ''))
