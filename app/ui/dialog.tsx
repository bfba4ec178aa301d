import * as Dialog from 'radix-ui/dialog'
import type { ReactNode } from 'react'
import { Button } from './button'
import { useHydrated } from './hooks'

/**
 * A dialog when JavaScript runs (Radix: focus trap, Escape, overlay); without JavaScript the same
 * content opens in place as a disclosure, so the form inside still works.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  children,
  triggerVariant = 'default',
  defaultOpen = false,
}: {
  trigger: string
  title: string
  description?: ReactNode
  children: ReactNode
  triggerVariant?: 'default' | 'danger' | 'primary'
  /** Open from the start, e.g. when the form inside came back with errors. */
  defaultOpen?: boolean
}) {
  const hydrated = useHydrated()
  if (!hydrated) {
    return (
      <details className="disclosure" open={defaultOpen || undefined}>
        <summary className={`btn${triggerVariant === 'default' ? '' : ` btn-${triggerVariant}`}`}>{trigger}</summary>
        <div className="disclosure-body">
          <h3>{title}</h3>
          {description ? <div className="muted">{description}</div> : null}
          {children}
        </div>
      </details>
    )
  }
  return (
    <Dialog.Root defaultOpen={defaultOpen}>
      <Dialog.Trigger asChild>
        <Button variant={triggerVariant}>{trigger}</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content">
          <Dialog.Title>{title}</Dialog.Title>
          {description ? <Dialog.Description className="muted">{description}</Dialog.Description> : null}
          {children}
          <Dialog.Close asChild>
            <Button style={{ marginTop: 12 }}>Cancel</Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
