import * as Dialog from 'radix-ui/dialog'
import { useState, type ReactNode } from 'react'
import { Button } from './button'

export interface ConfirmDialogProps {
  trigger: ReactNode
  title: string
  description?: ReactNode
  children: ReactNode
  triggerVariant?: 'default' | 'danger' | 'primary'
  /** Open from the start, e.g. when the form inside came back with errors. */
  defaultOpen?: boolean
}

interface RadixConfirmDialogProps extends ConfirmDialogProps {
  /** Whether the disclosure that stood in for the dialog was opened meanwhile: asked when the dialog arrives. */
  openedMeanwhile?: () => boolean
}

/** The dialog of ConfirmDialog once JavaScript runs (Radix: focus trap, Escape, overlay), loaded on demand. */
export default function RadixConfirmDialog({
  trigger,
  title,
  description,
  children,
  triggerVariant = 'default',
  defaultOpen = false,
  openedMeanwhile,
}: RadixConfirmDialogProps) {
  // Read while rendering, before the stand-in disclosure leaves the page.
  const [open] = useState(() => defaultOpen || Boolean(openedMeanwhile?.()))
  return (
    <Dialog.Root defaultOpen={open}>
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
