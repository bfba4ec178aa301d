import { useState } from 'react'
import { useHydrated } from './hooks'

/**
 * A value to copy (a link): a read-only field anyone can select and copy, and with JavaScript a
 * Copy button that puts it on the clipboard and says so.
 */
export function CopyText({ value, label }: { value: string; label: string }) {
  const hydrated = useHydrated()
  const [copied, setCopied] = useState(false)
  return (
    <span className="copy-text">
      <input type="text" readOnly value={value} aria-label={label} onFocus={(event) => event.currentTarget.select()} />
      {hydrated ? (
        <button
          type="button"
          className="btn btn-small"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(value)
              setCopied(true)
              setTimeout(() => setCopied(false), 2000)
            } catch {
              setCopied(false)
            }
          }}
        >
          {copied ? 'Copied' : 'Copy'}
          <span className="visually-hidden"> {label}</span>
        </button>
      ) : null}
      <span role="status" className="visually-hidden">
        {copied ? `${label} copied` : ''}
      </span>
    </span>
  )
}
