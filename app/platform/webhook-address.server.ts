import dns from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import { isSpecialAddress } from './special-addresses'

// Where a webhook may be sent (docs/domain.md "Webhooks (issue 40)"): http(s) only; in production
// https only, and only to public addresses (never loopback, private, link-local or any other
// special-purpose range: ./special-addresses.ts), unless WEBHOOK_ALLOW_PRIVATE=true: a company's
// subscription must not reach the platform's own network. The address is checked when the
// subscription is made (a literal address, localhost) and again when each delivery connects (what
// the name resolves to then: a name may point elsewhere later). A refusal never says what a name
// resolved to, nor whether it resolved at all: the delivery log would otherwise map the platform's
// internal names for anyone who can make a subscription.

export interface WebhookUrlPolicy {
  /** https required. */
  httpsOnly: boolean
  /** Loopback and private addresses allowed. */
  allowPrivate: boolean
}

/** The one refusal of an address that is not public, at the form and in the delivery log alike. */
export const NOT_PUBLIC =
  'The address must be reachable on the internet: loopback, private and other special-purpose addresses are not allowed'

/** A host name that names this machine whatever DNS says. */
const isLocalName = (host: string) => host === 'localhost' || host.endsWith('.localhost')

/** Why a subscription URL is refused, in words for its form, or null when it may be used. */
export function webhookUrlProblem(text: string, policy: WebhookUrlPolicy): string | null {
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    return 'Enter the full address, such as https://erp.example.com/webhooks'
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'The address must start with https://'
  if (policy.httpsOnly && url.protocol !== 'https:') return 'The address must start with https:// (TLS)'
  if (!policy.allowPrivate) {
    const host = url.hostname
      .replace(/^\[|\]$/g, '')
      .replace(/\.$/, '')
      .toLowerCase()
    if (isLocalName(host) || (net.isIP(host) !== 0 && isSpecialAddress(host))) return NOT_PUBLIC
  }
  return null
}

/** What a delivery needs of an HTTP client: the standard fetch fits it. */
export type WebhookFetch = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string; signal: AbortSignal; redirect: 'manual' },
) => Promise<{ status: number; text(): Promise<string> }>

/** How much of a receiver's answer is read (the log keeps its start on a failure). */
const MAX_ANSWER_BYTES = 64 * 1024

/**
 * A resolver that refuses names resolving to any address that is not public (DNS is asked at
 * connection time). A name that does not resolve is refused in the same words, so the log cannot
 * tell an internal name that exists from one that does not.
 */
function publicOnlyLookup(
  hostname: string,
  options: dns.LookupOptions,
  callback: (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void,
) {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error || addresses.length === 0 || addresses.some((a) => isSpecialAddress(a.address)))
      return callback(Object.assign(new Error(NOT_PUBLIC), { code: 'EADDRNOTALLOWED' }), '')
    if (options.all) return callback(null, addresses)
    callback(null, addresses[0]!.address, addresses[0]!.family)
  })
}

/**
 * The delivery's HTTP client: one POST, no redirects followed, the answer read up to 64 KB, and
 * (where the policy says so) connections to private addresses refused after DNS has answered.
 */
export function webhookClient(policy: WebhookUrlPolicy): WebhookFetch {
  return (target, init) =>
    new Promise((resolve, reject) => {
      const url = new URL(target)
      const problem = webhookUrlProblem(target, policy)
      if (problem) return reject(new Error(problem))
      const client = url.protocol === 'https:' ? https : http
      const request = client.request(
        url,
        {
          method: init.method,
          headers: { ...init.headers, 'content-length': String(Buffer.byteLength(init.body)) },
          signal: init.signal,
          ...(policy.allowPrivate ? {} : { lookup: publicOnlyLookup as net.LookupFunction }),
        },
        (response) => {
          const chunks: Buffer[] = []
          let size = 0
          response.on('data', (chunk: Buffer) => {
            if (size >= MAX_ANSWER_BYTES) return
            chunks.push(chunk)
            size += chunk.length
            if (size >= MAX_ANSWER_BYTES) response.destroy()
          })
          const done = () => {
            const text = Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString('utf8')
            resolve({ status: response.statusCode ?? 0, text: async () => text })
          }
          response.on('end', done)
          response.on('close', done)
          response.on('error', reject)
        },
      )
      request.on('error', reject)
      request.end(init.body)
    })
}
