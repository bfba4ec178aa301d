import * as Popover from 'radix-ui/popover'
import type { RefObject } from 'react'
import type { PickOption } from '~/platform/pick'

export interface PickerListProps {
  anchor: RefObject<HTMLInputElement>
  listId: string
  state: { status: 'loading' } | { status: 'ready'; query: string; options: PickOption[] }
  active: number
  onPick: (option: PickOption) => void
  onHover: (index: number) => void
  onDismiss: () => void
}

/**
 * The picker's list of matches, placed under its field by a Radix popover (it flips above near the
 * bottom of the screen and closes on a click elsewhere). Focus stays in the field: the list is its
 * listbox, the highlighted option is the field's active descendant.
 */
export default function PickerList({ anchor, listId, state, active, onPick, onHover, onDismiss }: PickerListProps) {
  const options = state.status === 'ready' ? state.options : []
  return (
    <Popover.Root open onOpenChange={(open) => (open ? undefined : onDismiss())}>
      <Popover.Anchor virtualRef={anchor as RefObject<HTMLElement>} />
      <Popover.Portal>
        <Popover.Content
          className="picker-popover"
          side="bottom"
          align="start"
          sideOffset={2}
          // Placed again on every frame while open: a list whose first placement was lost on a busy
          // page (left above the screen, where nobody can click it) is placed on the next frame.
          updatePositionStrategy="always"
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => event.preventDefault()}
          onFocusOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => {
            if (event.target instanceof Node && anchor.current?.contains(event.target)) event.preventDefault()
          }}
        >
          <ul role="listbox" id={listId} className="picker-options" aria-label="Matches">
            {options.map((option, index) => (
              <li
                key={`${option.id}:${option.value}`}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className="picker-option"
                // The field keeps focus, so the list's click lands before the field's blur closes it.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => index !== active && onHover(index)}
                onClick={() => onPick(option)}
              >
                <span className="picker-option-label">{option.label}</span>
                {option.detail ? <span className="picker-option-detail">{option.detail}</span> : null}
              </li>
            ))}
          </ul>
          {state.status === 'loading' ? <p className="picker-note">Searching…</p> : null}
          {state.status === 'ready' && options.length === 0 ? (
            <p className="picker-note">Nothing matches “{state.query}”.</p>
          ) : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
