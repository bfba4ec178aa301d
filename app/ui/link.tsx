import {
  Link as RemixLink,
  NavLink as RemixNavLink,
  useLocation,
  useNavigate,
  type LinkProps,
  type NavLinkProps,
} from '@remix-run/react'
import { createContext, forwardRef, useContext, useMemo, type MouseEvent, type ReactNode } from 'react'
import { mayFollow, type LinkViewer } from '~/auth/links'

/**
 * Links as Remix renders them, for a fraction of the cost. A page holds a hundred links (menus,
 * table rows), and each Remix `<Link>` runs about twenty hooks to resolve its path, read the
 * navigation state and set up prefetching: on a 50-row list that was a sizeable share of the
 * server's time per request. For the common case, an absolute path with no special options, these
 * render the same `<a href data-discover>` (lazy route discovery finds it as before) and navigate on
 * the client through one `navigate` shared by the whole page. Anything else is handed to Remix's own.
 */

type Navigate = ReturnType<typeof useNavigate>
interface Navigation {
  navigate: Navigate
  /** Whether the signed-in viewer may follow a link to this path (app/auth/links.ts). */
  mayFollow: (to: string) => boolean
}
const NavigateContext = createContext<Navigation | null>(null)

/**
 * Provides the page's one `navigate` to every link below it (the root renders it once), and the
 * viewer's check: a link the viewer may not follow is drawn as its text, never as a dead end.
 */
export function LinkNavigation({ viewer, children }: { viewer?: LinkViewer | null; children: ReactNode }) {
  const navigate = useNavigate()
  const value = useMemo(() => ({ navigate, mayFollow: (to: string) => mayFollow(viewer, to) }), [navigate, viewer])
  return <NavigateContext.Provider value={value}>{children}</NavigateContext.Provider>
}

/**
 * What a link the viewer may not follow is drawn as: its text, with the link's class and title (a
 * name, a figure); a link drawn as a button is an action the viewer cannot take, and is not drawn.
 */
function Unfollowable({ className, title, children }: { className?: string; title?: string; children?: ReactNode }) {
  if (className?.split(' ').includes('btn')) return null
  return (
    <span className={className} title={title}>
      {children}
    </span>
  )
}

const isLocalPath = (to: LinkProps['to']): to is string =>
  typeof to === 'string' && to.startsWith('/') && !to.startsWith('//')

/** A plain left click that the page should handle (as react-router's own click handler decides). */
function shouldNavigate(event: MouseEvent<HTMLAnchorElement>, target: string | undefined) {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  )
}

/**
 * Pages served without the React runtime (the field operator's portal, docs/decisions/0009): a link
 * to one loads the document, so it arrives as the plain page with its own script.
 */
export const isPlainHtmlPage = (to: string) => /^\/field_operator(?:[/?#]|$)/.test(to)

function onClickFor(
  navigate: Navigate,
  to: string,
  props: Pick<LinkProps, 'onClick' | 'target' | 'replace' | 'preventScrollReset'>,
) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    props.onClick?.(event)
    if (!shouldNavigate(event, props.target) || isPlainHtmlPage(to)) return
    event.preventDefault()
    // Like react-router: a link to the page one is on replaces the history entry.
    const here = window.location.pathname + window.location.search + window.location.hash
    navigate(to, { replace: props.replace ?? here === to, preventScrollReset: props.preventScrollReset })
  }
}

const needsRemix = (props: LinkProps) =>
  !isLocalPath(props.to) ||
  props.reloadDocument ||
  props.relative ||
  props.state !== undefined ||
  props.viewTransition ||
  (props.prefetch && props.prefetch !== 'none')

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  const navigation = useContext(NavigateContext)
  if (navigation && typeof props.to === 'string' && !navigation.mayFollow(props.to))
    return (
      <Unfollowable className={props.className} title={props.title}>
        {props.children}
      </Unfollowable>
    )
  const navigate = navigation?.navigate
  if (!navigate || needsRemix(props)) return <RemixLink ref={ref} {...props} />
  const {
    to,
    replace,
    preventScrollReset,
    discover,
    onClick,
    target,
    reloadDocument: _r,
    relative: _l,
    state: _s,
    viewTransition: _v,
    prefetch: _p,
    ...anchor
  } = props
  return (
    <a
      ref={ref}
      {...anchor}
      href={to as string}
      target={target}
      data-discover={discover === 'none' ? undefined : 'true'}
      onClick={onClickFor(navigate, to as string, { onClick, target, replace, preventScrollReset })}
    />
  )
})

/** NavLink: `aria-current="page"` and the `active` class on the link of the page one is on. */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(props, ref) {
  const navigation = useContext(NavigateContext)
  const navigate = navigation?.navigate
  const { pathname } = useLocation()
  const { className, style, children, end, caseSensitive } = props
  if (
    navigation &&
    typeof props.to === 'string' &&
    !navigation.mayFollow(props.to) &&
    typeof className !== 'function' &&
    typeof children !== 'function'
  ) {
    return (
      <Unfollowable className={className} title={props.title}>
        {children}
      </Unfollowable>
    )
  }
  if (
    !navigate ||
    needsRemix(props as LinkProps) ||
    typeof className === 'function' ||
    typeof style === 'function' ||
    typeof children === 'function' ||
    caseSensitive
  ) {
    return <RemixNavLink ref={ref} {...props} />
  }
  const to = props.to as string
  const path = to.split(/[?#]/)[0]
  const isActive = pathname === path || (!end && path !== '/' && pathname.startsWith(`${path}/`))
  const {
    to: _t,
    className: _c,
    style: _st,
    caseSensitive: _cs,
    replace,
    preventScrollReset,
    discover,
    onClick,
    target,
    end: _e,
    reloadDocument: _r,
    relative: _l,
    state: _s,
    viewTransition: _v,
    prefetch: _p,
    ...anchor
  } = props
  return (
    <a
      ref={ref}
      {...anchor}
      href={to}
      target={target}
      className={
        [...new Set([...(className ?? '').split(' '), isActive ? 'active' : ''])].filter(Boolean).join(' ') || undefined
      }
      style={style}
      aria-current={isActive ? 'page' : undefined}
      data-discover={discover === 'none' ? undefined : 'true'}
      onClick={onClickFor(navigate, to, { onClick, target, replace, preventScrollReset })}
    >
      {children}
    </a>
  )
})
