import type { SellerOrderStepName } from './states'

// Production gates (docs/domain.md "Orders", "Production gates"): a seller order is marked ready for
// QC (and ready again after rework) only when every line has reached its category's QC gate, every
// stage before it passed; it is dispatched only when every line has reached the last stage of its
// workflow. Pure, so the order page draws the same refusal the server gives (progress.server.ts).

/** One line as the gate reads it: where it is in its category's workflow. */
export interface GatedLine {
  lineNo: number
  stagePosition: number
  stages: readonly { position: number; name: string; qcGate: boolean }[]
}

/** The steps a production gate guards. */
export const GATED_STEPS = ['ready_for_qc', 'rework', 'dispatch'] as const satisfies readonly SellerOrderStepName[]

export type GatedStep = (typeof GATED_STEPS)[number]

export const isGated = (step: string): step is GatedStep => (GATED_STEPS as readonly string[]).includes(step)

/** The stage a line must have reached before the step: the first QC gate (the last stage when none) for QC, the last stage for dispatch. */
function required(line: GatedLine, step: GatedStep) {
  const last = line.stages.at(-1)
  if (step === 'dispatch') return last
  return line.stages.find((s) => s.qcGate) ?? last
}

/** Where a line is, in words: "at Dyeing (2 of 4)", "not started (0 of 4)". */
function whereIs(line: GatedLine) {
  const index = line.stages.findIndex((s) => s.position === line.stagePosition)
  const of = `${index + 1} of ${line.stages.length}`
  return index < 0 ? `not started (0 of ${line.stages.length})` : `at ${line.stages[index]!.name} (${of})`
}

/**
 * Why the step cannot be taken yet, naming each line short of the stage it needs; undefined when every
 * line is there (or the step is not gated, or a line's category has no workflow).
 */
export function gateRefusal(step: SellerOrderStepName, lines: readonly GatedLine[]): string | undefined {
  if (!isGated(step)) return undefined
  const short = lines.filter((line) => {
    const needed = required(line, step)
    return needed !== undefined && line.stagePosition < needed.position
  })
  if (!short.length) return undefined
  const said = short.map((line, i) => `${i === 0 ? 'Line' : 'line'} ${line.lineNo} is ${whereIs(line)}`).join(', ')
  return step === 'dispatch'
    ? `${said}: every stage of the workflow must be passed before dispatch.`
    : `${said}: every stage before QC must be passed first.`
}
