import { getFormProps, getTextareaProps } from '@conform-to/react'
import { Form, useNavigate } from '@remix-run/react'
import { Link } from '~/ui/link'
import { Button, SubmitButton } from '~/ui/button'
import { ErrorList, ErrorSummary, Field } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import { PickerInput } from '~/ui/picker'
import { formatMoney } from '~/utils/format'
import type { FormReply } from '~/platform/form-reply'
import { kamRequestPath } from './paths'
import type { ChosenBuyerSku } from './queries.server'
import { CREATE_FORM_ID } from './shared'

export interface FoundSku {
  id: number
  buyerCode: string
  buyerName: string
  productSkuCode: string
  productSkuName: string
}

export interface NewRequestProps {
  find: string
  found: FoundSku[]
  findLimit: number
  chosen: ChosenBuyerSku | null
  /** The price_request_effective_date flag for this viewer. */
  effectiveDates: boolean
  /** Today in Asia/Kolkata (YYYY-MM-DD), the earliest effective date. */
  today: string
  idempotencyKey: string
  reply: FormReply | null
}

/** Find one of the KAM's buyer SKUs (a GET form), then propose its new price. */
export function NewRequest({
  find,
  found,
  findLimit,
  chosen,
  effectiveDates,
  today,
  idempotencyKey,
  reply,
}: NewRequestProps) {
  const navigate = useNavigate()
  return (
    <section className="card" aria-labelledby="new-request-heading">
      <h2 id="new-request-heading">New price-change request</h2>
      <Form method="get" className="filters" role="search" aria-label="Find a buyer SKU">
        <div className="field grow">
          <label htmlFor="find">Find a buyer SKU of your buyers</label>
          <PickerInput
            id="find"
            name="find"
            kind="buyer_sku"
            defaultValue={find}
            placeholder="Buyer code, product SKU code or name"
            // With JavaScript, choosing a match opens it at once; without, "Find" lists the matches below.
            onPick={(option) => navigate(`?${new URLSearchParams({ find, buyerSku: String(option.id) })}`)}
          />
        </div>
        <div className="form-actions">
          <Button type="submit">Find</Button>
        </div>
      </Form>
      {chosen ? (
        <p>
          <Link to={find ? `?${new URLSearchParams({ find })}` : '?'}>Choose another buyer SKU</Link>
        </p>
      ) : find ? (
        found.length === 0 ? (
          <p className="muted">No buyer SKU of your buyers matches “{find}”.</p>
        ) : (
          <>
            <p className="muted">
              {found.length === findLimit ? `The first ${findLimit} matches; type more to narrow them.` : 'Choose one:'}
            </p>
            <ul className="found-skus">
              {found.map((s) => (
                <li key={s.id}>
                  <Link to={`?${new URLSearchParams({ find, buyerSku: String(s.id) })}`}>{s.buyerCode}</Link>{' '}
                  <span className="muted">
                    {s.buyerName} · {s.productSkuCode} {s.productSkuName}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )
      ) : null}
      {chosen ? (
        <ChosenSku
          key={chosen.id}
          chosen={chosen}
          effectiveDates={effectiveDates}
          today={today}
          idempotencyKey={idempotencyKey}
          reply={reply}
        />
      ) : null}
    </section>
  )
}

function ChosenSku({
  chosen,
  effectiveDates,
  today,
  idempotencyKey,
  reply,
}: Pick<NewRequestProps, 'effectiveDates' | 'today' | 'idempotencyKey' | 'reply'> & { chosen: ChosenBuyerSku }) {
  const [form, fields] = useZodForm(() => import('./schema').then((m) => m.createRequestSchema), {
    id: CREATE_FORM_ID,
    lastResult: reply?.form === CREATE_FORM_ID ? reply.result : null,
  })
  return (
    <div className="stack" style={{ marginTop: 16 }}>
      <h3>
        {chosen.buyerCode} <span className="muted">for {chosen.buyerName}</span>
      </h3>
      <dl className="details">
        <div>
          <dt>Buyer</dt>
          <dd>{chosen.buyerName}</dd>
        </div>
        <div>
          <dt>Buyer’s code</dt>
          <dd>{chosen.buyerCode}</dd>
        </div>
        <div>
          <dt>Product SKU</dt>
          <dd>
            {chosen.productSkuCode} {chosen.productSkuName}
          </dd>
        </div>
        <div>
          <dt>Price in force now</dt>
          <dd>
            {chosen.priceNowMinor === null ? (
              <span className="muted">none yet</span>
            ) : (
              formatMoney(chosen.priceNowMinor)
            )}
          </dd>
        </div>
      </dl>
      {chosen.pendingRequestId !== null ? (
        <p className="form-error" role="status">
          Request <Link to={kamRequestPath(chosen.pendingRequestId)}>#{chosen.pendingRequestId}</Link> for this buyer
          SKU is waiting for a decision. One request at a time per buyer SKU: wait for it, or withdraw it to propose
          another price.
        </p>
      ) : (
        <Form method="post" {...getFormProps(form)}>
          <ErrorSummary form={form} />
          <input type="hidden" name="intent" value="create" />
          <input type="hidden" name="buyerSkuId" value={chosen.id} />
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          <div className="form-grid">
            <Field
              label="Proposed price (₹)"
              meta={fields.proposedPrice}
              hint="In rupees, like 1050 or 1,050.50"
              inputProps={{ inputMode: 'decimal', autoComplete: 'off' }}
            />
            {effectiveDates ? (
              <Field
                label="Effective from (optional)"
                type="date"
                meta={fields.effectiveFrom}
                hint="Today or later. Empty: as soon as admin approves."
                inputProps={{ min: today }}
              />
            ) : null}
          </div>
          <div className="field">
            <label htmlFor={fields.reason.id}>Reason</label>
            <span className="hint" id={`${fields.reason.id}-hint`}>
              What admin should know to decide: 10 to 500 characters.
            </span>
            <textarea {...getTextareaProps(fields.reason, { ariaDescribedBy: `${fields.reason.id}-hint` })} rows={3} />
            <ErrorList id={fields.reason.errorId} errors={fields.reason.errors} />
          </div>
          <div className="form-actions">
            <SubmitButton variant="primary" intent="create" pendingText="Sending…">
              Send request
            </SubmitButton>
            <Link to="?">Cancel</Link>
          </div>
        </Form>
      )}
    </div>
  )
}
