import type { FieldMetadata } from '@conform-to/react'
import { Field, ErrorList } from '~/ui/field'

export interface RoleOption {
  value: string
  label: string
}

const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [])

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
  const chosen = asList(roles.initialValue)
  return (
    <>
      <fieldset className="choices field" aria-describedby={roles.errors?.length ? roles.errorId : undefined}>
        <legend>Roles</legend>
        <span className="hint">A buyer or seller user holds that one role; staff may hold several staff roles.</span>
        <div>
          {options.map((option) => (
            <label key={option.value}>
              <input type="checkbox" name={roles.name} value={option.value} defaultChecked={chosen.includes(option.value)} />
              {option.label}
            </label>
          ))}
        </div>
        <ErrorList id={roles.errorId} errors={roles.errors} />
      </fieldset>
      <Field
        label="Company"
        meta={company}
        hint='Buyer and seller users only: "#12" or the exact company name. Leave empty for staff.'
        inputProps={{ autoComplete: 'off' }}
      />
      <div className="field">
        <div className="checks">
          <label>
            <input type="checkbox" name={companyAdmin.name} defaultChecked={companyAdmin.initialValue === 'on'} aria-describedby={companyAdmin.errorId} />
            Company admin (edits its company and invites colleagues)
          </label>
        </div>
        <ErrorList id={companyAdmin.errorId} errors={companyAdmin.errors} />
      </div>
    </>
  )
}
