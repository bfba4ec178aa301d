import { getFormProps, getInputProps, type FieldMetadata } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Badge } from '~/ui/badge'
import { Button, SubmitButton } from '~/ui/button'
import { ConfirmDialog } from '~/ui/dialog'
import { ChoiceField, ErrorList, ErrorSummary, Field, SelectField } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import { type FormReply } from '~/platform/form-reply'
import { CREATE_FORM_ID, editFormId, INDIAN_STATES, KIND_LABELS, KINDS_OF_OWNER, type OwnerKind } from './shared'

export interface AddressView {
  id: number
  kind: keyof typeof KIND_LABELS
  label: string | null
  line1: string
  line2: string | null
  city: string
  state: string
  pin: string
  country: string
  is_default: number
  updated_at: string
}

const articleStyle = {
  border: '1px solid var(--c-border)',
  borderRadius: 'var(--radius)',
  padding: 'var(--space-4)',
  minWidth: 0,
}
const stateOptions = INDIAN_STATES.map((s) => ({ value: s, label: s }))
const kindOptions = (owner: OwnerKind) => KINDS_OF_OWNER[owner].map((k) => ({ value: k, label: KIND_LABELS[k] }))
const replyFor = (reply: FormReply | null | undefined, form: string) =>
  reply?.form === form ? reply.result : undefined

/**
 * An owner's addresses by kind, the default of each kind marked, with edit, make-default and
 * remove; and a form to add one. Every form is a plain POST with a hidden `intent`, so the page
 * works without JavaScript. `readOnly` shows the list only.
 */
export function AddressBook({
  owner,
  addresses,
  idempotencyKey,
  reply,
  readOnly = false,
}: {
  owner: OwnerKind
  addresses: AddressView[]
  idempotencyKey: string
  reply?: FormReply | null
  readOnly?: boolean
}) {
  return (
    <>
      <section className="card" aria-labelledby="addresses-heading">
        <h2 id="addresses-heading">Addresses</h2>
        {KINDS_OF_OWNER[owner].map((kind) => {
          const ofKind = addresses.filter((a) => a.kind === kind)
          return (
            <section key={kind} aria-labelledby={`addresses-${kind}`} style={{ marginBottom: 20 }}>
              <h3 id={`addresses-${kind}`}>{KIND_LABELS[kind]} addresses</h3>
              {ofKind.length === 0 ? (
                <p className="muted">No {kind} address yet.</p>
              ) : (
                <div className="grid-2">
                  {ofKind.map((address) => (
                    <AddressCard
                      key={`${address.id}-${address.updated_at}`}
                      owner={owner}
                      address={address}
                      reply={reply}
                      readOnly={readOnly}
                    />
                  ))}
                </div>
              )}
            </section>
          )
        })}
      </section>
      {readOnly ? null : (
        <CreateAddressForm key={idempotencyKey} owner={owner} idempotencyKey={idempotencyKey} reply={reply} />
      )}
    </>
  )
}

function AddressCard({
  owner,
  address,
  reply,
  readOnly,
}: {
  owner: OwnerKind
  address: AddressView
  reply?: FormReply | null
  readOnly: boolean
}) {
  const title = address.label || `${KIND_LABELS[address.kind]} address`
  const editResult = replyFor(reply, editFormId(address.id))
  return (
    <article style={articleStyle} aria-label={title} data-address={address.id}>
      <p className="row" style={{ justifyContent: 'space-between' }}>
        <strong>{title}</strong>
        {address.is_default ? <Badge tone="success">Default {address.kind}</Badge> : null}
      </p>
      <address style={{ fontStyle: 'normal' }}>
        {address.line1}
        <br />
        {address.line2 ? (
          <>
            {address.line2}
            <br />
          </>
        ) : null}
        {address.city}, {address.state} {address.pin}
        <br />
        {address.country === 'IN' ? 'India' : address.country}
      </address>
      {readOnly ? null : (
        <div className="row" style={{ marginTop: 12, alignItems: 'flex-start' }}>
          <details
            className="disclosure"
            open={editResult ? true : undefined}
            style={{ flex: editResult ? '1 1 100%' : undefined }}
          >
            <summary className="btn">Edit</summary>
            <div className="disclosure-body">
              <EditAddressForm owner={owner} address={address} lastResult={editResult} />
            </div>
          </details>
          {address.is_default ? null : (
            <Form method="post">
              <input type="hidden" name="intent" value="address-default" />
              <input type="hidden" name="addressId" value={address.id} />
              <Button type="submit">Make default</Button>
            </Form>
          )}
          <ConfirmDialog
            trigger="Remove"
            title="Remove this address?"
            description={`${title}, ${address.line1}, ${address.city}.${address.is_default ? ` The oldest other ${address.kind} address becomes the default.` : ''}`}
          >
            <Form method="post">
              <input type="hidden" name="intent" value="address-remove" />
              <input type="hidden" name="addressId" value={address.id} />
              <Button type="submit" variant="danger" style={{ marginTop: 12 }}>
                Yes, remove it
              </Button>
            </Form>
          </ConfirmDialog>
        </div>
      )}
    </article>
  )
}

type AddressFieldsMeta = Record<'kind' | 'label' | 'line1' | 'line2' | 'city' | 'state' | 'pin', FieldMetadata<unknown>>

function AddressFields({ owner, fields }: { owner: OwnerKind; fields: AddressFieldsMeta }) {
  return (
    <>
      <ChoiceField legend="Kind of address" meta={fields.kind} options={kindOptions(owner)} />
      <Field label="Label (optional)" meta={fields.label} hint="A name you will recognise, like Head office" />
      <Field label="Address line 1" meta={fields.line1} inputProps={{ autoComplete: 'address-line1' }} />
      <Field label="Address line 2 (optional)" meta={fields.line2} inputProps={{ autoComplete: 'address-line2' }} />
      <div className="form-grid">
        <Field label="City or town" meta={fields.city} inputProps={{ autoComplete: 'address-level2' }} />
        <SelectField
          label="State or union territory"
          meta={fields.state}
          options={stateOptions}
          placeholder="Choose…"
        />
        <Field
          label="PIN code"
          meta={fields.pin}
          inputProps={{ inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 6 }}
        />
      </div>
      <p className="muted">Country: India</p>
    </>
  )
}

function EditAddressForm({
  owner,
  address,
  lastResult,
}: {
  owner: OwnerKind
  address: AddressView
  lastResult?: FormReply['result']
}) {
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.addressSchemas[owner].update), {
    id: editFormId(address.id),
    lastResult,
    defaultValue: {
      kind: address.kind,
      label: address.label ?? '',
      line1: address.line1,
      line2: address.line2 ?? '',
      city: address.city,
      state: address.state,
      pin: address.pin,
    },
  })
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="address-update" />
      <input type="hidden" name="addressId" value={address.id} />
      <input type="hidden" name="version" value={address.updated_at} />
      <ErrorSummary form={form} />
      <AddressFields owner={owner} fields={fields} />
      <SubmitButton variant="primary" intent="address-update" pendingText="Saving…">
        Save address
      </SubmitButton>
    </Form>
  )
}

function CreateAddressForm({
  owner,
  idempotencyKey,
  reply,
}: {
  owner: OwnerKind
  idempotencyKey: string
  reply?: FormReply | null
}) {
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.addressSchemas[owner].create), {
    id: CREATE_FORM_ID,
    lastResult: replyFor(reply, CREATE_FORM_ID),
  })
  return (
    <section className="card" aria-labelledby="add-address-heading">
      <h2 id="add-address-heading">Add an address</h2>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="address-create" />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <ErrorSummary form={form} />
        <AddressFields owner={owner} fields={fields} />
        <div className="checks field">
          <label>
            <input {...getInputProps(fields.isDefault, { type: 'checkbox' })} />
            Make it the default address of its kind
          </label>
          <ErrorList id={fields.isDefault.errorId} errors={fields.isDefault.errors} />
        </div>
        <p className="muted">The first address of a kind is its default.</p>
        <SubmitButton variant="primary" intent="address-create" pendingText="Adding…">
          Add address
        </SubmitButton>
      </Form>
    </section>
  )
}
