import { AsyncLocalStorage } from 'node:async_hooks'

// The channel a change comes through, for its audit entry: a request of the integration API runs
// inside `throughApi`, so every audit entry written while it is answered names the token (issue 40:
// "the entry says it came through the API and which token"), however deep in the lifecycle it is
// written. Pages, seeds and workers run outside it.

export interface ApiChannel {
  tokenId: number
}

const channel = new AsyncLocalStorage<ApiChannel>()

export function throughApi<T>(at: ApiChannel, work: () => T): T {
  return channel.run(at, work)
}

/** The API token of the request being answered, if it came through the API. */
export const currentApiToken = (): number | null => channel.getStore()?.tokenId ?? null
