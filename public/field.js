// The field operator's script: offline queue, photo shrinking, service worker (docs/decisions/0009).
;(() => {
  const tx = (mode, fn) =>
    new Promise((ok, ko) => {
      const r = indexedDB.open('field-outbox', 1)
      r.onupgradeneeded = () => r.result.createObjectStore('forms', { keyPath: 'key' })
      r.onerror = () => ko(r.error)
      r.onsuccess = () => {
        const t = r.result.transaction('forms', mode)
        const q = fn(t.objectStore('forms'))
        t.oncomplete = () => ok(q.result)
        t.onerror = () => ko(t.error)
      }
    })
  const all = () => tx('readonly', (s) => s.getAll())
  const put = (i) => tx('readwrite', (s) => s.put(i))
  const drop = (k) => tx('readwrite', (s) => s.delete(k))
  const hhmm = (t) => new Date(t).toTimeString().slice(0, 5)
  // Who is signed in (the page's marker, '' when no one): another person's queue and kept pages are dropped.
  const me = (document.querySelector('meta[name=field-user]') || {}).content
  async function forget() {
    await tx('readwrite', (s) => s.clear())
    for (const k of await caches.keys()) if (/^field-/.test(k)) await caches.delete(k)
  }

  const banner = (text, sent) => {
    const el = document.getElementById('field-queue')
    if (!el) return
    el.hidden = !text
    el.textContent = text
    el.classList.toggle('sent', !!sent)
  }
  async function show() {
    const items = await all()
    const failed = items.filter((i) => i.error)
    const waiting = items.filter((i) => !i.error)
    if (failed.length) banner(failed.map((i) => `${i.label} ${i.error}`).join(' '))
    else if (waiting.length)
      banner(
        `Waiting to send: ${waiting.map((i) => `${i.label} (kept on this device at ${hhmm(i.savedAt)})`).join(', ')}. Sent when the connection returns.`,
      )
  }

  // A replay reaches the server or fails (field-sw.js lets it through); a failed one is retried.
  let busy,
    wait = 1000,
    again
  async function replay() {
    if (busy || !navigator.onLine) return show()
    busy = 1
    clearTimeout(again)
    let sent, failed, refused
    for (const item of await all()) {
      if (item.error) continue
      const body = new FormData()
      for (const [name, value, file] of item.entries)
        if (value instanceof Blob) body.append(name, value, file || 'photo.jpg')
        else body.append(name, value)
      const res = await fetch(item.url, { method: 'POST', body, headers: { 'X-Field-Replay': '1' } }).catch(() => null)
      if (!res || res.status >= 500 || /[?&]queued=1/.test(res.url)) {
        failed = 1
        break
      }
      if (/\/login/.test(res.url)) {
        sent = 0
        banner('Sign in again to send.')
        break
      }
      if (res.status === 403) {
        // Recorded by someone else (the server checks the form's owner token): never sent, not kept.
        await drop(item.key)
        refused = `${item.label}: Recorded by another person: not sent.`
        continue
      }
      if (res.ok) {
        await drop(item.key)
        sent = `${item.label} was sent at ${hhmm(Date.now())}: received.`
      } else {
        item.error = 'could not be sent: open it, check it and send again.'
        await put(item)
      }
    }
    busy = 0
    if (failed) again = setTimeout(replay, (wait = Math.min(wait * 2, 60000)))
    else wait = 1000
    if (sent) banner(sent, 1)
    if (sent !== 0 && (await all()).length) show()
    if (refused) banner(refused)
  }

  // Photos: at most 1280 px JPEG, ~200 KB.
  const shrink = (file) =>
    new Promise((ok) => {
      if (!/^image\/(jpeg|png|webp)$/.test(file.type) || file.size < 250000) return ok(file)
      const url = URL.createObjectURL(file)
      const img = new Image()
      img.onload = () => {
        const w = img.naturalWidth,
          h = img.naturalHeight,
          s = Math.min(1, 1280 / Math.max(w, h))
        const c = document.createElement('canvas')
        c.width = Math.round(w * s)
        c.height = Math.round(h * s)
        c.getContext('2d').drawImage(img, 0, 0, c.width, c.height)
        URL.revokeObjectURL(url)
        c.toBlob(
          (b) => ok(b ? new File([b], file.name.replace(/\.\w+$/, '') + '.jpg', { type: 'image/jpeg' }) : file),
          'image/jpeg',
          0.75,
        )
      }
      img.onerror = () => ok(file)
      img.src = url
    })

  document.addEventListener('submit', async (event) => {
    const form = event.target
    if (form instanceof HTMLFormElement && /\/logout$/.test(form.action)) {
      event.preventDefault()
      await forget().catch(() => {})
      localStorage.removeItem('fieldUser')
      return form.submit()
    }
    if (
      !(form instanceof HTMLFormElement) ||
      !form.matches('[data-field-form],[data-field-submit]') ||
      form.dataset.sending
    )
      return
    event.preventDefault()
    const data = new FormData(form, event.submitter)
    const photos = []
    for (const f of data.getAll('photos')) if (f instanceof File && f.size) photos.push(await shrink(f))
    if (navigator.onLine) {
      const input = form.querySelector('[type=file]')
      if (input && photos.length) {
        const dt = new DataTransfer()
        photos.forEach((p) => dt.items.add(p))
        input.files = dt.files
      }
      form.dataset.sending = '1'
      if (event.submitter) event.submitter.textContent = 'Sending…'
      await new Promise((r) => setTimeout(r)) // not nested
      return event.submitter ? form.requestSubmit(event.submitter) : form.requestSubmit()
    }
    if (data.get('intent') === 'review') data.set('intent', 'send')
    const entries = []
    for (const [name, value] of data.entries()) if (name !== 'photos') entries.push([name, value])
    photos.forEach((p) => entries.push(['photos', p, p.name]))
    const label = data.get('label') || 'A form'
    await put({ key: String(data.get('key') || Date.now()), url: form.action, label, savedAt: Date.now(), entries })
    show()
    scrollTo(0, 0)
  })

  if (!me) return
  const was = localStorage.fieldUser
  const ready = (was && was !== me ? forget() : Promise.resolve())
    .catch(() => {})
    .then(() => (localStorage.fieldUser = me))
  addEventListener('online', replay)
  ready.then(replay)

  if ('serviceWorker' in navigator) {
    ready
      .then(() => navigator.serviceWorker.register('/field-sw.js', { scope: '/field_operator/' }))
      .then((reg) => navigator.serviceWorker.ready.then(() => reg))
      .then((reg) => {
        const urls = [
          location.pathname + location.search,
          ...[...document.querySelectorAll('a[data-offline],link[rel=stylesheet]')].map(
            (a) => new URL(a.href).pathname,
          ),
        ]
        if (reg.active) reg.active.postMessage({ keep: urls })
      })
      .catch(() => {})
  }
})()
