// What keeps the image playground from exhausting the server (issue 35): renders take turns (a
// few at a time in the process, one at a time per user, a bounded line behind them), and a result
// already made answers from a bounded memory cache.
//
// Our own small pieces: rate-limiter-flexible (a dependency) counts requests per time window, not
// work running at once, and the LRU caches in node_modules are other packages' old transitive
// copies (lru-cache 5) we should not lean on.

/** Renders running at once in this process: one, so a render holds one of libuv's threads at most. */
export const RENDERS_AT_ONCE = 1
/** A user's renders waiting behind their running one: enough for the page's thumbnails and preview. */
export const WAITING_PER_USER = 16
/** How long a render waits for its turn before it is answered 429. */
export const WAIT_MS = 20_000

export class RenderBusy extends Error {
  constructor(readonly reason: 'line' | 'wait') {
    super(reason === 'line' ? 'Too many of your images are being edited at once.' : 'The image playground is busy.')
  }
}

interface Waiter {
  start: () => void
  timer: ReturnType<typeof setTimeout>
}

/**
 * Takes turns: `limit` tasks run at once, each user at most one of them; the others wait in their
 * user's line (at most `perUser`, for at most `waitMs`), users served in turn so one user's many
 * renders do not hold back another's.
 */
export class FairLimiter {
  private running = 0
  private readonly busyUsers = new Set<number>()
  private readonly lines = new Map<number, Waiter[]>()

  constructor(private readonly options: { limit: number; perUser: number; waitMs: number }) {}

  /** Runs `task` in its turn; throws RenderBusy when the user's line is full or the wait too long. */
  async run<T>(userId: number, task: () => Promise<T>): Promise<T> {
    await this.turn(userId)
    try {
      return await task()
    } finally {
      this.running--
      this.busyUsers.delete(userId)
      this.next()
    }
  }

  get active() {
    return this.running
  }

  /** Tasks waiting for their turn, all users' lines together. */
  get waiting() {
    let count = 0
    for (const line of this.lines.values()) count += line.length
    return count
  }

  private turn(userId: number): Promise<void> {
    if (this.running < this.options.limit && !this.busyUsers.has(userId)) {
      this.take(userId)
      return Promise.resolve()
    }
    const line = this.lines.get(userId) ?? []
    if (line.length >= this.options.perUser) return Promise.reject(new RenderBusy('line'))
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          clearTimeout(waiter.timer)
          resolve()
        },
        timer: setTimeout(() => {
          const mine = this.lines.get(userId)
          const at = mine?.indexOf(waiter) ?? -1
          if (at >= 0) mine!.splice(at, 1)
          if (mine && !mine.length) this.lines.delete(userId)
          reject(new RenderBusy('wait'))
        }, this.options.waitMs),
      }
      line.push(waiter)
      // A user who starts waiting goes to the back of the round (Map keeps the order lines began).
      this.lines.set(userId, line)
    })
  }

  private take(userId: number) {
    this.running++
    this.busyUsers.add(userId)
  }

  private next() {
    for (const [userId, line] of this.lines) {
      if (this.running >= this.options.limit) return
      if (this.busyUsers.has(userId)) continue
      const waiter = line.shift()!
      // The user's line moves to the back of the round: the next free turn goes to someone else.
      this.lines.delete(userId)
      if (line.length) this.lines.set(userId, line)
      this.take(userId)
      waiter.start()
    }
  }
}

/** A memory cache of made results, least recently used out first, holding at most `maxBytes`. */
export class ByteLru<V extends { bytes: Uint8Array }> {
  private readonly entries = new Map<string, V>()
  private size = 0

  constructor(
    private readonly maxBytes: number,
    private readonly maxEntryBytes: number,
  ) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key)
    if (value) {
      this.entries.delete(key)
      this.entries.set(key, value)
    }
    return value
  }

  set(key: string, value: V) {
    if (value.bytes.byteLength > this.maxEntryBytes) return
    this.delete(key)
    this.entries.set(key, value)
    this.size += value.bytes.byteLength
    for (const [oldest, old] of this.entries) {
      if (this.size <= this.maxBytes) break
      this.entries.delete(oldest)
      this.size -= old.bytes.byteLength
    }
  }

  delete(key: string) {
    const value = this.entries.get(key)
    if (!value) return
    this.entries.delete(key)
    this.size -= value.bytes.byteLength
  }

  /** Drops every entry whose key starts with `prefix` (an image's, when it is deleted). */
  deletePrefix(prefix: string) {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.delete(key)
  }

  get bytes() {
    return this.size
  }
}
