import { parseWithZod } from '@conform-to/zod/v4'
import type { Database } from '#db/database'
import type { Viewer } from '~/auth/session.server'
import { audit } from '~/platform/audit.server'
import { refusalReply, type FormOutcome } from '~/ui/outcome.server'
import type { Reply } from '~/platform/form-reply'
import { kolkataDay } from '~/utils/format'
import { readId } from '~/utils/list-params'
import { Refused, refusals, type Result } from '~/utils/refusal.server'
import { financialYearOf, optionOn, percent } from './freight-tax'
import { transporterTaxSchema, type TransporterTaxForm } from './schema'
import { transportersPath } from './shared'

/** A transporter's name, ids and tax details: what its tax form shows and changes. */
const TAX_COLUMNS = [
  'id',
  'name',
  'gstin',
  'pan',
  'gta_option',
  'gta_forward_rate_bp',
  'gta_option_fy',
  'small_fleet_declared',
] as const

// A transporter's tax details (docs/domain.md "Freight under reverse charge and TDS 194C (issue 52)"):
// its PAN, the GTA option it declared (Annexure V, forward charge at a rate from a financial year) and
// its small-fleet declaration under section 194C(6). Set by logistics or finance under the payment dues.

type Actor = { userId: number }

const describe = (t: {
  pan: string | null
  gta_option: string
  gta_forward_rate_bp: number | null
  gta_option_fy: string | null
  small_fleet_declared: number
}) => ({
  pan: t.pan ?? '—',
  gta:
    t.gta_option === 'forward'
      ? `forward charge at ${percent(t.gta_forward_rate_bp ?? 0)} from ${t.gta_option_fy}`
      : 'reverse charge',
  smallFleet: t.small_fleet_declared ? 'declared (194C(6))' : 'no',
})

/** Sets a transporter's PAN, GTA option and 194C(6) declaration: one transaction with its audit entry. */
export async function saveTransporterTax(
  db: Database,
  actor: Actor,
  transporterId: number,
  input: TransporterTaxForm,
): Promise<Result<{ name: string }>> {
  return refusals(() =>
    db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('transporters')
        .select([...TAX_COLUMNS])
        .where('id', '=', transporterId)
        .executeTakeFirst()
      if (!before) return { ok: false as const, notFound: true, message: 'There is no such transporter.' }
      // A GSTIN carries the PAN in its characters 3–12 (a TRANSIN does not: only a GSTIN-shaped id is compared).
      if (input.pan && before.gstin && /^\d{2}[A-Z]{5}\d{4}[A-Z][0-9A-Z]Z[0-9A-Z]$/.test(before.gstin)) {
        if (before.gstin.slice(2, 12) !== input.pan)
          throw new Refused('pan', `The GSTIN ${before.gstin} carries the PAN ${before.gstin.slice(2, 12)}`)
      }
      // Annexure V is filed before the year it is for: the next financial year at the latest.
      if (
        input.gtaOption === 'forward' &&
        input.optionFy &&
        Number(input.optionFy.slice(0, 4)) > Number(financialYearOf(kolkataDay()).slice(0, 4)) + 1
      )
        throw new Refused('optionFy', 'An option is declared for the next financial year at the latest')
      const after = {
        pan: input.pan ?? null,
        gta_option: input.gtaOption,
        gta_forward_rate_bp: input.gtaOption === 'forward' ? Number(input.forwardRate) : null,
        gta_option_fy: input.gtaOption === 'forward' ? (input.optionFy ?? null) : null,
        small_fleet_declared: input.smallFleet ? 1 : 0,
      }
      await trx.updateTable('transporters').set(after).where('id', '=', transporterId).execute()
      await audit(trx, {
        actorUserId: actor.userId,
        action: 'transporter.tax_changed',
        entityType: 'transporter',
        entityId: transporterId,
        before: describe(before),
        after: describe(after),
      })
      return { ok: true as const, value: { name: before.name } }
    }),
  )
}

/** /logistics/transport_payment_dues/transporters: every transporter with its tax details. */
export async function transportersPage(db: Database) {
  const today = kolkataDay()
  const rows = await db
    .selectFrom('transporters')
    .select([...TAX_COLUMNS])
    .orderBy('name')
    .limit(500)
    .execute()
  return {
    today,
    rows: rows.map((t) => {
      const inForce = optionOn(t, today)
      return {
        id: t.id,
        name: t.name,
        gstin: t.gstin,
        pan: t.pan,
        option:
          inForce.option === 'forward'
            ? `Forward charge, ${percent(inForce.rateBp)} (from ${t.gta_option_fy})`
            : t.gta_option === 'forward'
              ? `Reverse charge (forward from ${t.gta_option_fy})`
              : 'Reverse charge',
        smallFleet: t.small_fleet_declared === 1,
      }
    }),
  }
}

/** /logistics/transport_payment_dues/transporters/:id: the form. */
export async function transporterPage(db: Database, idParam: string | undefined) {
  const id = readId(idParam)
  if (!id) return undefined
  const t = await db
    .selectFrom('transporters')
    .select([...TAX_COLUMNS])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!t) return undefined
  return {
    transporter: { id: t.id, name: t.name, gstin: t.gstin },
    defaults: {
      pan: t.pan ?? (t.gstin && /^\d{2}[A-Z]{5}\d{4}[A-Z]/.test(t.gstin) ? t.gstin.slice(2, 12) : ''),
      gtaOption: t.gta_option,
      forwardRate: t.gta_forward_rate_bp ? String(t.gta_forward_rate_bp) : '',
      optionFy: t.gta_option_fy ?? '',
      smallFleet: t.small_fleet_declared ? 'on' : '',
    },
    fy: financialYearOf(kolkataDay()),
  }
}
export type TransporterPageData = NonNullable<Awaited<ReturnType<typeof transporterPage>>>

export async function transporterAction(
  db: Database,
  viewer: Viewer,
  idParam: string | undefined,
  form: FormData,
): Promise<FormOutcome<Reply>> {
  const id = readId(idParam)
  if (!id || !(await db.selectFrom('transporters').select('id').where('id', '=', id).executeTakeFirst()))
    return { status: 'not-found' }
  const submission = parseWithZod(form, { schema: transporterTaxSchema })
  if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
  const done = await saveTransporterTax(db, { userId: viewer.userId }, id, submission.value)
  if (!done.ok)
    return done.notFound
      ? { status: 'not-found' }
      : { status: 'invalid', reply: refusalReply(submission, done, 'Nothing was saved: see the fields below.') }
  return {
    status: 'done',
    redirectTo: transportersPath,
    toast: { kind: 'success', message: `${done.value.name}’s tax details are saved.` },
  }
}
