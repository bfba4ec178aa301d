import { AsyncLocalStorage } from 'node:async_hooks'

// What one reading request (GET, HEAD) works out once for all its loaders. Remix hands each loader
// its own copy of the Request, so a memo keyed by the Request object misses: the root, layout and
// page loaders of one page would each load the session. server.js runs each such request in a
// scope; outside one (tests, scripts, writes, whose loaders after an action must see its changes)
// nothing is kept.
const scope = new AsyncLocalStorage<Map<string, unknown>>()

/** Runs `handle` with a fresh scope for this request. */
export function inRequestScope<T>(handle: () => T): T {
  return scope.run(new Map(), handle)
}

/** `make()`'s answer, made once per scoped request and key; made anew outside a scope. */
export function oncePerRequest<T>(key: string, make: () => T): T {
  const kept = scope.getStore()
  if (!kept) return make()
  if (!kept.has(key)) kept.set(key, make())
  return kept.get(key) as T
}
