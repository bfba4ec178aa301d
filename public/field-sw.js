// The field operator's service worker (scope /field_operator/, registered by /field.js). Pages are
// fetched from the network first and kept, so the task list and each inspection open without a
// connection; a form posted while the connection drops is kept on the device (the same IndexedDB
// store /field.js sends from), and the operator lands on the page that says it is waiting to send.
const CACHE = 'field-pages-v1'

self.addEventListener('install', () => self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))

self.addEventListener('message', (event) => {
  const urls = event.data && event.data.keep
  if (Array.isArray(urls))
    event.waitUntil(
      caches
        .open(CACHE)
        .then((cache) =>
          Promise.all(
            urls
              .filter((u) => typeof u === 'string' && /^\/(field_operator|build\/_assets\/)/.test(u))
              .map((u) => cache.add(u).catch(() => {})),
          ),
        ),
    )
})

self.addEventListener('fetch', (event) => {
  const request = event.request
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  if (
    request.method === 'GET' &&
    (url.pathname.startsWith('/field_operator') ||
      url.pathname.startsWith('/build/_assets/') ||
      url.pathname === '/field.js')
  ) {
    event.respondWith(networkFirst(request))
  } else if (
    request.method === 'POST' &&
    url.pathname.startsWith('/field_operator/orders/') &&
    !request.headers.get('X-Field-Replay')
  ) {
    event.respondWith(postOrKeep(request))
  }
})

async function networkFirst(request) {
  const cache = await caches.open(CACHE)
  try {
    const response = await fetch(request)
    // Only a page served as itself is kept (never a redirect to the sign-in page).
    if (response.ok && !response.redirected) cache.put(request, response.clone())
    return response
  } catch (error) {
    const kept =
      (await cache.match(request)) ||
      (request.mode === 'navigate' && (await cache.match(request, { ignoreSearch: true })))
    if (kept) return kept
    return new Response(
      '<!doctype html><meta name="viewport" content="width=device-width"><title>No connection</title><p>No connection, and this page was not opened before. <a href="/field_operator/orders">My inspections</a></p>',
      {
        status: 503,
        headers: { 'Content-Type': 'text/html; charset=utf-8' },
      },
    )
  }
}

function keep(item) {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('field-outbox', 1)
    open.onupgradeneeded = () => open.result.createObjectStore('forms', { keyPath: 'key' })
    open.onerror = () => reject(open.error)
    open.onsuccess = () => {
      const t = open.result.transaction('forms', 'readwrite')
      t.objectStore('forms').put(item)
      t.oncomplete = resolve
      t.onerror = () => reject(t.error)
    }
  })
}

async function postOrKeep(request) {
  const copy = request.clone()
  try {
    return await fetch(request)
  } catch (error) {
    const form = await copy.formData()
    if (form.get('intent') === 'review') form.set('intent', 'send')
    const entries = []
    for (const [name, value] of form.entries())
      if (typeof value === 'string' || value.size)
        entries.push(typeof value === 'string' ? [name, value] : [name, value, value.name])
    const page = request.url.split('?')[0]
    await keep({
      key: String(form.get('key') || Date.now()),
      url: page,
      label: form.get('label') || 'Inspection ' + page.split('/').pop(),
      savedAt: Date.now(),
      entries,
    })
    return Response.redirect(page + '?queued=1', 303)
  }
}
