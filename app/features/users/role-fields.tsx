import type { FieldMetadata } from '@conform-to/react'
import { CheckField, ChoiceField } from '~/ui/field'
import { PickerField } from '~/ui/picker'
import type { PickOption } from '~/platform/pick'

export interface RoleOption {
  value: string
  label: string
}

/**
 * Roles as native checkboxes (each posts a real `roles` input), the company as a picker, and the
 * company-admin mark: one block shared by the create form and the roles form.
 */
export function RoleAndCompanyFields({
  roles,
  company,
  companyAdmin,
  options,
  choices,
}: {
  roles: FieldMetadata<unknown>
  company: FieldMetadata<unknown>
  companyAdmin: FieldMetadata<unknown>
  options: RoleOption[]
  /** The companies the server offered when the typed one named none or several. */
  choices?: PickOption[]
}) {
  return (
    <>
      <ChoiceField
        legend="Roles"
        meta={roles}
        multiple
        hint="A buyer or seller user holds that one role; staff may hold several staff roles."
        options={options.map((o) => ({ value: o.value, label: o.label }))}
      />
      <PickerField
        label="Company"
        meta={company}
        kind="company"
        choices={choices}
        hint="Buyer and seller users only: type the company’s name and choose it. Leave empty for staff."
      />
      <CheckField meta={companyAdmin} label="Company admin (edits its company and invites colleagues)" />
    </>
  )
}
