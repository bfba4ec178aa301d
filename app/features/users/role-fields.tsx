import type { FieldMetadata } from '@conform-to/react'
import { CheckField, ChoiceField, Field } from '~/ui/field'

export interface RoleOption {
  value: string
  label: string
}

/**
 * Roles as native checkboxes (each posts a real `roles` input), the company typed as "#id" or its
 * name, and the company-admin mark: one block shared by the create form and the roles form.
 */
export function RoleAndCompanyFields({
  roles,
  company,
  companyAdmin,
  options,
}: {
  roles: FieldMetadata<any>
  company: FieldMetadata<any>
  companyAdmin: FieldMetadata<any>
  options: RoleOption[]
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
      <Field
        label="Company"
        meta={company}
        hint='Buyer and seller users only: "#12" or the exact company name. Leave empty for staff.'
        inputProps={{ autoComplete: 'off' }}
      />
      <CheckField meta={companyAdmin} label="Company admin (edits its company and invites colleagues)" />
    </>
  )
}
