import { useNavigation } from '@remix-run/react'
import { Slot } from 'radix-ui/slot'
import type { ButtonHTMLAttributes } from 'react'

type Variant = 'default' | 'primary' | 'danger' | 'link'

export function buttonClass(variant: Variant = 'default', extra?: string) {
  return ['btn', variant !== 'default' && `btn-${variant}`, extra].filter(Boolean).join(' ')
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant
  /** Render the child (a Link, say) with the button's look. */
  asChild?: boolean
}

export function Button({ variant, asChild, className, ...props }: ButtonProps) {
  const Component = asChild ? Slot : 'button'
  return <Component className={buttonClass(variant, className)} {...props} />
}

/**
 * A submit button that says it is working while its form is being sent. Without JavaScript it is a
 * plain submit button; the server answers duplicates (idempotency keys, unique rows), not the button.
 */
export function SubmitButton({
  children,
  pendingText,
  intent,
  ...props
}: ButtonProps & {
  pendingText?: string
  /** On pages with several forms: the `intent` of this button's form. */ intent?: string
}) {
  const navigation = useNavigation()
  const pending =
    navigation.state === 'submitting' && (intent === undefined || navigation.formData?.get('intent') === intent)
  return (
    <Button type="submit" aria-disabled={pending || undefined} {...props}>
      {pending ? (pendingText ?? 'Working…') : children}
    </Button>
  )
}
