// The switching rules of ISO 2859-1:1999 clause 9, as one pure function over a supplier's lot history
// (oldest first). Deterministic: the same history always gives the same state, score and reason, so
// the state shown on a seller can be recomputed from the lots at any time. Clause numbers below are
// the 1999 edition's (IS 2500 Part 1:2000 is identical). See docs/domain.md "QC by the book".

import { checkDefectCount, tighterAcceptance, type SamplingPlan, type Severity } from './iso2859'

export type SwitchingState = Severity | 'discontinued'

/** One sampling plan's facts for the switching score (9.3.3.2): its Ac, what was found, Ac one AQL tighter. */
export interface ScoreFact {
  acceptance: number
  defects: number
  /** Ac of the normal plan one AQL step tighter on the same sample; null when there is none. */
  tighterAcceptance: number | null
}

export interface LotRecord {
  /** The lot's outcome on original inspection (a resubmitted lot does not count: clause 9.3). */
  accepted: boolean
  /**
   * The switching score's facts, one per plan the lot was judged on (e.g. one per defect class).
   * Without them an accepted lot on normal inspection leaves the score where it was.
   */
  scoreFacts?: readonly ScoreFact[]
  /** False when production is not at a steady rate (9.3.3.1 b, 9.3.4 b). Default true. */
  productionSteady?: boolean
  /** False when the responsible authority does not want reduced inspection (9.3.3.1 c). Default true. */
  authorityApprovesReduced?: boolean
  /** True when other conditions warrant normal inspection (9.3.4 c). */
  normalRequired?: boolean
  /** After a discontinuation: the supplier's corrective action was accepted and inspection resumes (9.4). */
  resumed?: boolean
}

export interface SwitchingStep {
  /** 1-based lot number in the history. */
  lot: number
  /** The inspection the lot was taken on ('discontinued': the lot was not inspected under the scheme). */
  inspectedOn: SwitchingState
  accepted: boolean
  /** The switching score as the lot left it (kept on normal inspection only; 0 on the others). */
  score: number
  /** Set when the lot moved the scheme to another state. */
  switchedTo?: SwitchingState
}

export interface SwitchingStatus {
  /** The inspection the next lot is taken on. */
  state: SwitchingState
  /** The switching score of clause 9.3.3.2: counted on normal inspection only, 0 elsewhere. */
  switchingScore: number
  /** Why the scheme is in this state: the last switch, with its clause. */
  reason: string
  /** The lot (1-based) after which the scheme last switched; null when it never did. */
  lastSwitchAfterLot: number | null
  /** Lots not accepted in the current run of tightened inspection (5 discontinues: 9.4). */
  notAcceptedOnTightened: number
  /** Consecutive lots accepted in the current run of tightened inspection (5 return to normal: 9.3.2). */
  acceptedInARowOnTightened: number
  /** What holds reduced inspection back when the score is already 30 or more; null otherwise. */
  note: string | null
  steps: SwitchingStep[]
}

export const REDUCED_SCORE = 30
const WINDOW = 5

/**
 * The score facts of one plan for one lot. `plan` is the normal plan the lot was judged on.
 */
export function scoreFact(plan: Pick<SamplingPlan, 'planLetter' | 'aql' | 'acceptance'>, defects: number): ScoreFact {
  return {
    acceptance: plan.acceptance,
    defects: checkDefectCount(defects),
    tighterAcceptance: tighterAcceptance(plan),
  }
}

/**
 * Clause 9.3.3.2 a) for single sampling: with Ac 2 or more, add 3 when the lot would have been
 * accepted with the AQL one step tighter, else reset to 0; with Ac 0 or 1, add 2 when the lot is
 * accepted, else reset. A lot judged on several plans (defect classes) resets when any plan resets
 * and otherwise adds the smallest of their increments. Returns the new score.
 */
export function nextScore(score: number, lot: Pick<LotRecord, 'accepted' | 'scoreFacts'>): number {
  if (!lot.accepted) return 0
  const facts = lot.scoreFacts ?? []
  if (facts.length === 0) return score
  let add = Number.POSITIVE_INFINITY
  for (const fact of facts) {
    let increment: number
    if (fact.acceptance >= 2) {
      increment = fact.tighterAcceptance !== null && fact.defects <= fact.tighterAcceptance ? 3 : 0
    } else {
      increment = fact.defects <= fact.acceptance ? 2 : 0
    }
    if (increment === 0) return 0
    add = Math.min(add, increment)
  }
  return score + add
}

/**
 * Walks the lot history from the start of inspection (normal, clause 9.1, unless the responsible
 * authority designated otherwise) and applies clause 9 after every lot.
 */
export function switchingState(lots: readonly LotRecord[], options: { initial?: Severity } = {}): SwitchingStatus {
  const initial = options.initial ?? 'normal'
  let state: SwitchingState = initial
  let reason =
    initial === 'normal'
      ? 'Inspection starts on normal inspection (clause 9.1).'
      : `Inspection starts on ${initial} inspection, as the responsible authority designated (clause 9.1).`
  let lastSwitchAfterLot: number | null = null
  let score = 0
  // Original-inspection outcomes of the lots since normal inspection last began (for 9.3.1).
  let normalRun: Array<{ lot: number; accepted: boolean }> = []
  let notAcceptedOnTightened = 0
  let acceptedInARowOnTightened = 0
  let note: string | null = null
  const steps: SwitchingStep[] = []

  const enter = (next: SwitchingState, lot: number, why: string) => {
    state = next
    reason = why
    lastSwitchAfterLot = lot
    score = 0
    normalRun = []
    notAcceptedOnTightened = 0
    acceptedInARowOnTightened = 0
    steps[steps.length - 1]!.switchedTo = next
  }

  lots.forEach((record, index) => {
    const lot = index + 1
    if (state === 'discontinued') {
      if (!record.resumed) {
        steps.push({ lot, inspectedOn: 'discontinued', accepted: record.accepted, score: 0 })
        return
      }
      // 9.4: resume on tightened inspection, as if 9.3.1 had been invoked; this lot is its first.
      state = 'tightened'
      reason = `Inspection resumed on tightened inspection at lot ${lot}, after the supplier's corrective action (clause 9.4).`
      lastSwitchAfterLot = lot - 1
      notAcceptedOnTightened = 0
      acceptedInARowOnTightened = 0
    }
    const inspectedOn: SwitchingState = state
    steps.push({ lot, inspectedOn, accepted: record.accepted, score: 0 })
    note = null

    if (state === 'normal') {
      score = nextScore(score, record)
      steps[steps.length - 1]!.score = score
      normalRun.push({ lot, accepted: record.accepted })
      const recent = normalRun.slice(-WINDOW)
      const notAccepted = recent.filter((r) => !r.accepted)
      if (!record.accepted && notAccepted.length >= 2) {
        const first = notAccepted[notAccepted.length - 2]!.lot
        enter(
          'tightened',
          lot,
          `Tightened inspection after lot ${lot} (clause 9.3.1): 2 of ${lot - first + 1} consecutive lots on normal inspection were not accepted (lots ${first} and ${lot}).`,
        )
      } else if (score >= REDUCED_SCORE) {
        const steady = record.productionSteady !== false
        const approved = record.authorityApprovesReduced !== false
        if (steady && approved) {
          const reached = score
          enter(
            'reduced',
            lot,
            `Reduced inspection after lot ${lot} (clause 9.3.3): the switching score reached ${reached} (30 or more), production is steady and the responsible authority approves.`,
          )
        } else {
          note = `The switching score is ${score} (30 or more), but ${
            steady ? 'the responsible authority has not approved reduced inspection' : 'production is not steady'
          } (clause 9.3.3.1).`
        }
      }
    } else if (state === 'tightened') {
      if (record.accepted) {
        acceptedInARowOnTightened += 1
        if (acceptedInARowOnTightened >= WINDOW) {
          enter(
            'normal',
            lot,
            `Back to normal inspection after lot ${lot} (clause 9.3.2): 5 consecutive lots were accepted on tightened inspection.`,
          )
        }
      } else {
        acceptedInARowOnTightened = 0
        notAcceptedOnTightened += 1
        if (notAcceptedOnTightened >= WINDOW) {
          enter(
            'discontinued',
            lot,
            `Inspection discontinued after lot ${lot} (clause 9.4): 5 lots were not accepted on tightened inspection. It resumes on tightened inspection once the supplier's corrective action is accepted.`,
          )
        }
      }
    } else if (state === 'reduced') {
      const why = !record.accepted
        ? 'a lot was not accepted (clause 9.3.4 a)'
        : record.productionSteady === false
          ? 'production became irregular or delayed (clause 9.3.4 b)'
          : record.normalRequired
            ? 'other conditions warrant normal inspection (clause 9.3.4 c)'
            : null
      if (why) enter('normal', lot, `Back to normal inspection after lot ${lot}: ${why}.`)
    }
  })

  return {
    state,
    switchingScore: state === 'normal' ? score : 0,
    reason,
    lastSwitchAfterLot,
    notAcceptedOnTightened,
    acceptedInARowOnTightened,
    note,
    steps,
  }
}
