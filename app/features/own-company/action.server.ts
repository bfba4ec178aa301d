import { parseWithZod } from '@conform-to/zod/v4'
import type { Database } from '#db/database'
import { handleAddressAction } from '../addresses/action.server'
import type { FormReply } from '~/platform/form-reply'
import type { FormOutcome } from '~/ui/outcome.server'
import { isAddressIntent } from '../addresses/schema'
import { updateCompanyContact, inviteColleague } from './mutations.server'
import { isCompanyAdmin, type OwnCompany } from './queries.server'
import { companyContactSchema, CONTACT_FORM_ID, INVITE_FORM_ID, inviteColleagueSchema } from './schema'

/**
 * The forms of a company's own page: contact, invitation and addresses. All of them are for the
 * company's administrators; anyone else of the company is refused (403).
 */
export async function handleOwnCompanyAction(
  db: Database,
  actor: { userId: number; name: string },
  company: OwnCompany,
  formData: FormData,
  appUrl: string,
): Promise<FormOutcome<FormReply>> {
  const intent = formData.get('intent')
  if (intent !== 'contact' && intent !== 'invite' && !isAddressIntent(intent)) return { status: 'bad-request' }
  if (!(await isCompanyAdmin(db, actor.userId, company))) return { status: 'forbidden' }
  if (isAddressIntent(intent)) return handleAddressAction(db, actor.userId, company, formData)

  if (intent === 'contact') {
    const submission = parseWithZod(formData, { schema: companyContactSchema })
    if (submission.status !== 'success')
      return { status: 'invalid', reply: { form: CONTACT_FORM_ID, result: submission.reply() } }
    const result = await updateCompanyContact(db, actor.userId, company, submission.value.version, submission.value)
    if (!result.ok)
      return {
        status: 'invalid',
        reply: { form: CONTACT_FORM_ID, result: submission.reply({ formErrors: [result.message] }) },
      }
    return { status: 'done', toast: { kind: 'success', message: 'Your company’s contact details are saved.' } }
  }

  const submission = parseWithZod(formData, { schema: inviteColleagueSchema })
  if (submission.status !== 'success')
    return { status: 'invalid', reply: { form: INVITE_FORM_ID, result: submission.reply() } }
  const { idempotencyKey, intent: _, ...input } = submission.value
  const result = await inviteColleague(db, actor, company, input, { idempotencyKey, appUrl })
  if (!result.ok) {
    const errors = result.field
      ? { fieldErrors: { [result.field]: [result.message] } }
      : { formErrors: [result.message] }
    return { status: 'invalid', reply: { form: INVITE_FORM_ID, result: submission.reply(errors) } }
  }
  return {
    status: 'done',
    toast: {
      kind: 'success',
      message: `${input.name} is invited: a link to choose a password is on its way to ${input.email}.`,
    },
  }
}
