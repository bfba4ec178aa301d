import type { FormReply } from '~/platform/form-reply'
import { isOwnKey } from '~/utils/own-key'
import { parseWithZod } from '@conform-to/zod/v4'
import type { Database } from '#db/database'
import type { FormOutcome } from '~/ui/outcome.server'
import { setFlag } from './flags.server'
import { FLAGS, type FlagKey } from './registry'
import { flagFormId, flagFormSchema } from './schema'

/** The save form of one flag; a post without a known flag is a bad request. */
export async function handleFlagForm(
  db: Database,
  actorUserId: number,
  formData: FormData,
): Promise<FormOutcome<FormReply>> {
  const key = formData.get('key')
  if (formData.get('intent') !== 'flag' || !isOwnKey(FLAGS, key)) return { status: 'bad-request' }
  const form = flagFormId(key)
  const submission = parseWithZod(formData, { schema: flagFormSchema })
  if (submission.status !== 'success') return { status: 'invalid', reply: { form, result: submission.reply() } }
  const { enabled, roles = [], version = '' } = submission.value
  const result = await setFlag(db, actorUserId, key as FlagKey, { enabled: enabled === 'on', roles, version })
  if (!result.ok)
    return { status: 'invalid', reply: { form, result: submission.reply({ formErrors: [result.message] }) } }
  const whom =
    enabled === 'off'
      ? ''
      : roles.length
        ? ` for ${roles.map((r) => r.replace(/_/g, ' ')).join(', ')}`
        : ' for every role'
  return {
    status: 'done',
    toast: { kind: 'success', message: `${FLAGS[key as FlagKey].description} is ${enabled}${whom}.` },
  }
}
