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

  // By the book (docs/domain-39-field.md): each line's verdict as the counts or rolls change, from the
  // plans the page serves (data-qc), by the server's rules; the server judges again and keeps its own.
  const V = { accept: 'Accept', reject: 'Reject' }
  function judge(box) {
    const q = JSON.parse(box.dataset.qc),
      f = box.closest('form'),
      v = (n) => ((f.elements.namedItem(n) || {}).value || '').trim(),
      out = box.querySelector('output')
    let verdict = null,
      overMilli = 0,
      text = 'Not yet: fill in the figures above'
    if (q.method === 'aql') {
      const lotText = v(`lot.${q.line}`),
        lot = q.pieceLot || (/^\d{1,7}$/.test(lotText) && +lotText),
        t = { critical: 0, major: 0, minor: 0 }
      let ok = 1
      for (const id in q.types) {
        const c = v(`count.${q.line}.${id}`)
        if (/^\d{1,6}$/.test(c)) t[q.types[id][0]] += +c
        else if (c) ok = 0
      }
      const r = lot && q.ranges.find((r) => r[1] === null || lot <= r[1])
      if (r && ok) {
        const cls = Object.keys(t).map((c) => [c, t[c], r[4][c][0]])
        verdict = q.discontinued || cls.some((c) => c[1] > c[2]) ? 'reject' : 'accept'
        text = `${V[verdict]} (${cls.map((c) => `${c[0]} ${c[1]} of Ac ${c[2]}${c[1] > c[2] ? ': rejected' : ''}`).join(', ')})`
        const plan = box.querySelector('[data-plan-summary]')
        if (plan) plan.textContent = `Code letter ${r[2]} · draw ${Math.min(r[3], lot)} units of ${lot}`
        else
          box.querySelector('[data-plan-for]').textContent =
            `Code letter ${r[2]}: draw ${Math.min(r[3], lot)} units of ${lot}.`
        for (const c of cls) (box.querySelector(`[data-found=${c[0]}]`) || {}).textContent = c[1]
      }
    } else {
      // 4 points: a defect's points by its length (holes 4), per 100 sq yd = points x 3600 / (yd x in).
      // A roll's tag by the server's own rule (q.rollTag, from roll-tag.ts): told at the field as typed.
      let pts = 0,
        area = 0,
        over = [],
        seen = {}
      const R = q.rollTag
      for (const roll of box.querySelectorAll('[data-roll]')) {
        const g = (n) => ((roll.querySelector(`[name$=".${n}"]`) || {}).value || '').trim()
        const m = +g('length'),
          cm = +g('width'),
          tag = g('no') || String(roll.dataset.roll * 1 + 1),
          key = tag.toUpperCase(),
          used = [...roll.querySelectorAll('input,select')].some((e) => !/\.unit$/.test(e.name) && e.value.trim()),
          tagIn = roll.querySelector('[data-roll-tag]'),
          live = roll.querySelector('[data-live-error]')
        const msg =
          !used || !R
            ? ''
            : !new RegExp(`^(?:${R.source})$`).test(tag)
              ? R.message
              : seen[key]
                ? R.twice.replace('{tag}', tag)
                : ''
        if (used) seen[key] = 1
        if (live) {
          live.textContent = msg
          live.hidden = !msg
          tagIn.toggleAttribute('aria-invalid', !!msg)
          if (msg) tagIn.setAttribute('aria-describedby', live.id)
          else tagIn.removeAttribute('aria-describedby')
        }
        if (!(m > 0 && cm > 0)) continue
        let p = 0
        for (const row of roll.querySelectorAll('.defect-row')) {
          const [type, size, unit] = [...row.querySelectorAll('select,input')].map((e) => e.value)
          const kind = q.types[type]
          if (!kind) continue
          const inch = unit === 'cm' ? size / 2.54 : +size
          p += kind[1] ? 4 : inch > 9 ? 4 : inch > 6 ? 3 : inch > 3 ? 2 : 1
        }
        const a = ((m / 0.9144) * cm) / 2.54
        pts += p
        area += a
        if (Math.round((p * 360000) / a) / 100 > q.limit) {
          const mm = Math.round(m * 1000)
          over.push(tag)
          overMilli += q.yards ? Math.round(mm / 0.9144) : mm
        }
      }
      if (area) {
        const per = Math.round((pts * 360000) / area) / 100
        verdict = per <= q.limit && !q.discontinued ? 'accept' : 'reject'
        text = `${V[verdict]} (${per.toFixed(2)} points per 100 sq yd, limit ${q.limit})${over.length ? ` · rolls over the limit: ${over.join(', ')}` : ''}`
      }
    }
    out.textContent = text
    out.className = verdict ? `verdict verdict-${verdict === 'accept' ? 'pass' : 'fail'}` : ''
    // The proposal follows the verdict while the inspector has not typed their own.
    const [acc, rej] = ['accepted', 'rejected'].map((k) => f.elements.namedItem(`line.${q.line}.${k}`))
    // As the server proposes (inspect.ts proposedQuantities): an accepted lot less its rolls over the limit.
    if (verdict && acc && (acc.dataset.auto || (!acc.value && !rej.value))) {
      const all = Math.round(q.quantity * 1000),
        out = verdict === 'accept' ? Math.min(overMilli, all) : all
      acc.value = String((all - out) / 1000)
      rej.value = String(out / 1000)
      acc.dataset.auto = rej.dataset.auto = 1
    }
    return `${box.closest('fieldset').querySelector('legend').textContent}: ${text}`
  }
  const boxes = () => document.querySelectorAll('[data-qc]')
  for (const b of document.querySelectorAll('[data-js-hide]')) b.hidden = true
  document.addEventListener('input', (e) => {
    if (/\.(accepted|rejected)$/.test(e.target.name || '')) delete e.target.dataset.auto
    const box = e.target.closest && e.target.closest('[data-qc]')
    if (box) judge(box)
  })
  boxes().forEach(judge)

  // onLine can be wrong: ask.
  const online = () =>
    navigator.onLine &&
    fetch('/healthz', { signal: AbortSignal.timeout?.(5e3) }).then(
      () => 1,
      () => 0,
    )

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
    if (await online()) {
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
    if (/^(form|more:)/.test(data.get('intent'))) return banner('Adding rows needs a connection: use the rows shown.')
    // Offline, the review is the phone's: the verdicts as computed here, then kept (the server judges again).
    if (data.get('intent') === 'review' && !form.dataset.checked) {
      const el = document.getElementById('field-check')
      if (el) {
        el.hidden = false
        el.querySelector('ul').replaceChildren(
          ...[...boxes()].map((b) => Object.assign(document.createElement('li'), { textContent: judge(b) })),
        )
        el.querySelector('button').onclick = () => {
          form.dataset.checked = 1
          el.hidden = true
          form.requestSubmit(event.submitter)
        }
        return el.scrollIntoView()
      }
    }
    delete form.dataset.checked
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
