import { Form } from '@remix-run/react'
import { StatusBadge } from '~/ui/badge'
import { SubmitButton } from '~/ui/button'
import { ConfirmDialog } from '~/ui/dialog'
import { productSkuMachine } from './shared'

/** Archive (hidden from the default list and from new offers) or reactivate, after a confirmation. */
export function SkuStatus({ code, status }: { code: string; status: string }) {
  const archiving = status === 'active'
  const intent = archiving ? 'archive' : 'reactivate'
  const step = productSkuMachine.steps[intent]
  return (
    <section className="card" aria-labelledby="sku-status-heading">
      <h2 id="sku-status-heading">Status</h2>
      <p>
        <StatusBadge status={status} />{' '}
        {archiving
          ? 'Active SKUs show in the list and can be offered by sellers and buyers.'
          : 'Archived SKUs show only when the list asks for archived ones.'}
      </p>
      <ConfirmDialog
        trigger={step.label}
        title={archiving ? `Archive ${code}?` : `Reactivate ${code}?`}
        description={
          archiving
            ? 'It leaves the default list. You can reactivate it later.'
            : 'It comes back to the list of active SKUs.'
        }
        triggerVariant={archiving ? 'danger' : 'default'}
      >
        <Form method="post">
          <input type="hidden" name="intent" value={intent} />
          <SubmitButton variant={archiving ? 'danger' : 'primary'} intent={intent} style={{ marginTop: 12 }}>
            {archiving ? 'Yes, archive it' : 'Yes, reactivate it'}
          </SubmitButton>
        </Form>
      </ConfirmDialog>
    </section>
  )
}
