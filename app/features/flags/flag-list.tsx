import { getFormProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import type { FormReply } from '~/platform/form-reply'
import { Badge } from '~/ui/badge'
import { SubmitButton } from '~/ui/button'
import { ChoiceField, ErrorSummary } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import { formatDateTime } from '~/utils/format'
import type { FlagState } from './flags.server'
import { flagFormId } from './shared'

export interface RoleOption {
  value: string
  label: string
}

function FlagStatus({ flag, roleLabel }: { flag: FlagState; roleLabel: (role: string) => string }) {
  if (!flag.enabled) return <Badge>Off</Badge>
  if (!flag.roles) return <Badge tone="success">On for every role</Badge>
  return <Badge tone="success">On for {flag.roles.map(roleLabel).join(', ')}</Badge>
}

function FlagCard({ flag, roles, reply }: { flag: FlagState; roles: RoleOption[]; reply?: FormReply | null }) {
  const id = flagFormId(flag.key)
  const roleLabel = (role: string) => roles.find((r) => r.value === role)?.label ?? role
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.flagFormSchema), {
    id,
    lastResult: reply && reply.form === id ? reply.result : undefined,
    defaultValue: { enabled: flag.enabled ? 'on' : 'off', roles: flag.roles ?? [] },
  })
  const headingId = `${id}-heading`
  return (
    <section className="card" aria-labelledby={headingId} data-flag={flag.key}>
      <div className="list-summary">
        <h2 id={headingId}>{flag.description}</h2>
        <FlagStatus flag={flag} roleLabel={roleLabel} />
      </div>
      <p>
        <strong>Gates:</strong> {flag.gates}
      </p>
      <dl className="details">
        <div>
          <dt>Key</dt>
          <dd>
            <code>{flag.key}</code>
          </dd>
        </div>
        <div>
          <dt>Last changed</dt>
          <dd>
            {flag.updatedAt
              ? `${formatDateTime(flag.updatedAt)} by ${flag.updatedBy ?? 'the system'}`
              : 'Never: at its default'}
          </dd>
        </div>
      </dl>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="flag" />
        <input type="hidden" name="key" value={flag.key} />
        <input type="hidden" name="version" value={flag.updatedAt ?? ''} />
        <ErrorSummary form={form} />
        <ChoiceField
          legend="Switch"
          meta={fields.enabled}
          options={[
            { value: 'on', label: 'On' },
            { value: 'off', label: 'Off' },
          ]}
        />
        <ChoiceField
          legend="On for these roles"
          meta={fields.roles}
          multiple
          hint="Tick none to switch it on for every role."
          options={roles}
        />
        <SubmitButton variant="primary" intent="flag" pendingText="Saving…">
          Save flag
        </SubmitButton>
      </Form>
    </section>
  )
}

/** Every flag of the registry, each with what it gates and its own save form. */
export function FlagList({
  flags,
  roles,
  reply,
}: {
  flags: FlagState[]
  roles: RoleOption[]
  reply?: FormReply | null
}) {
  return (
    <div className="stack">
      {flags.map((flag) => (
        <FlagCard key={`${flag.key}-${flag.updatedAt}`} flag={flag} roles={roles} reply={reply} />
      ))}
    </div>
  )
}
