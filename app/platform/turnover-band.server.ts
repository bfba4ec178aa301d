import type { Database } from '#db/database'
import { audit } from '~/platform/audit.server'
import type { Executor } from '~/platform/executor'
import { Refused, refusals, type Result } from '~/utils/refusal.server'
import { DEFAULT_TURNOVER_BAND, TURNOVER_BAND_LABELS, TURNOVER_BANDS, type TurnoverBand } from '~/utils/hsn'

// The platform's aggregate turnover band (docs/domain.md "Turnover band and HSN (issue 52)"): one row
// of platform_settings, `aggregate_turnover_band`, value 1 above ₹5 crore, 0 up to ₹5 crore. It
// decides how many digits of HSN a category and every document carry (~/utils/hsn).

export const TURNOVER_BAND_KEY = 'aggregate_turnover_band'
const VALUE: Record<TurnoverBand, number> = { up_to_5_crore: 0, above_5_crore: 1 }

/** The band in force: the setting, else above ₹5 crore. */
export async function turnoverBand(db: Executor): Promise<TurnoverBand> {
  const row = await db
    .selectFrom('platform_settings')
    .select('value_int')
    .where('key', '=', TURNOVER_BAND_KEY)
    .executeTakeFirst()
  if (!row) return DEFAULT_TURNOVER_BAND
  return Number(row.value_int) === 0 ? 'up_to_5_crore' : 'above_5_crore'
}

/** An admin sets the band, audited; the same band again changes nothing. */
export async function setTurnoverBand(
  db: Database,
  actor: { userId: number },
  typed: string,
): Promise<Result<{ band: TurnoverBand; changed: boolean }>> {
  return refusals(() =>
    db.transaction().execute(async (trx): Promise<Result<{ band: TurnoverBand; changed: boolean }>> => {
      const band = TURNOVER_BANDS.find((b) => b === typed)
      if (!band)
        throw new Refused({ band: 'Choose the aggregate turnover band from the list' }, 'The band was not changed.')
      const before = await turnoverBand(trx)
      if (before === band) return { ok: true as const, value: { band, changed: false } }
      const at = new Date().toISOString()
      await trx
        .insertInto('platform_settings')
        .values({ key: TURNOVER_BAND_KEY, value_int: VALUE[band], updated_at: at, updated_by: actor.userId })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({ value_int: VALUE[band], updated_at: at, updated_by: actor.userId }),
        )
        .execute()
      await audit(trx, {
        actorUserId: actor.userId,
        action: 'platform_setting.changed',
        entityType: 'platform_setting',
        entityId: TURNOVER_BAND_KEY,
        before: { aggregate_turnover_band: TURNOVER_BAND_LABELS[before] },
        after: { aggregate_turnover_band: TURNOVER_BAND_LABELS[band] },
      })
      return { ok: true as const, value: { band, changed: true } }
    }),
  )
}
