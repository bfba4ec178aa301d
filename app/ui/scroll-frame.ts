/**
 * What makes a box that scrolls on its own (a wide table, a long line of code) usable without a
 * mouse: the keyboard reaches it (it is focusable, so the arrow keys scroll it) and a screen reader
 * names it when it gets focus. It is a named group, not a region: a region is a landmark, and the
 * frame usually sits in a section of the same name (a "Users" card holding the "Users" table), which
 * gave a page two landmarks of one name. The section is the landmark; its frames are not.
 */
export function scrollFrame(label: string) {
  return { tabIndex: 0, role: 'group', 'aria-label': label } as const
}
