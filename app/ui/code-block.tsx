import type { ReactNode } from 'react'
import { scrollFrame } from './scroll-frame'

/**
 * Code shown as it is typed (a command, a request): one line is never broken, so a long one scrolls
 * sideways in the block. Like a TableFrame, the block is focusable and named (`label`), so the
 * keyboard can scroll it too: every <pre> of the app is one of these (the linter refuses a bare one).
 */
export function CodeBlock({ label, children }: { label: string; children: ReactNode }) {
  return (
    <pre className="code-block" {...scrollFrame(label)}>
      <code>{children}</code>
    </pre>
  )
}
