import type { Toast } from './toast.server'

/** Rendered by the server, so it shows without JavaScript; CSS hides it after 5000 ms. */
export function Toasts({ toast }: { toast: Toast | null }) {
  if (!toast) return null
  return (
    <div className="toasts" role="status" aria-live="polite">
      <div className={`toast toast-${toast.kind}`} data-toast-kind={toast.kind}>
        {toast.message}
      </div>
    </div>
  )
}
