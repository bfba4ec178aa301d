import { lazy, Suspense, useRef } from 'react'
import type { ConfirmDialogProps } from './dialog-radix'
import { useHydrated } from './hooks'

// Radix and its layers (focus scope, scroll lock) are fetched after the page is usable, not with it.
const RadixConfirmDialog = lazy(() => import('./dialog-radix'))

/**
 * A dialog when JavaScript runs (Radix: focus trap, Escape, overlay); without JavaScript, and
 * until the dialog's code has arrived, the same content opens in place as a disclosure, so the
 * form inside always works.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  children,
  triggerVariant = 'default',
  defaultOpen = false,
}: ConfirmDialogProps) {
  const hydrated = useHydrated()
  // Opened by a click before JavaScript took over (a slow page), or while the dialog's code was on
  // its way (the same disclosure stands in meanwhile): the dialog opens where the disclosure was,
  // rather than closing under the person's hand. Read on the render that swaps them, while the
  // disclosure is still the element on the page.
  const disclosureRef = useRef<HTMLDetailsElement>(null)
  const openedEarly = useRef(false)
  if (hydrated && disclosureRef.current?.open) openedEarly.current = true
  const open = defaultOpen || openedEarly.current
  const disclosure = (
    <details className="disclosure" open={open || undefined} ref={disclosureRef}>
      <summary className={`btn${triggerVariant === 'default' ? '' : ` btn-${triggerVariant}`}`}>{trigger}</summary>
      <div className="disclosure-body">
        <h3>{title}</h3>
        {description ? <div className="muted">{description}</div> : null}
        {children}
      </div>
    </details>
  )
  if (!hydrated) return disclosure
  return (
    <Suspense fallback={disclosure}>
      <RadixConfirmDialog
        trigger={trigger}
        title={title}
        description={description}
        triggerVariant={triggerVariant}
        defaultOpen={open}
        openedMeanwhile={() => Boolean(disclosureRef.current?.open)}
      >
        {children}
      </RadixConfirmDialog>
    </Suspense>
  )
}
