import dns from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'

// Where a webhook may be sent (docs/domain.md "Webhooks (issue 40)"): http(s) only; in production
// https only, and never to loopback, private, link-local or other non-public addresses (a company's
// subscription must not reach the platform's own network), unless WEBHOOK_ALLOW_PRIVATE=true. The
// address is checked when the subscription is made (a literal address, localhost) and again when
// each delivery connects (what the name resolves to then: a name may point elsewhere later).

export interface WebhookUrlPolicy {
  /** https required. */
  httpsOnly: boolean
  /** Loopback and private addresses allowed. */
  allowPrivate: boolean
}

const blocked = new net.BlockList()
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(address, prefix, 'ipv4')
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  blocked.addSubnet(address, prefix, 'ipv6')

/** Whether an address is not a public one (loopback, private, link-local, carrier NAT, multicast...). */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address)
  if (family === 0) return true
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return blocked.check(mapped[1], 'ipv4')
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

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
    if (isLocalName(host) || (net.isIP(host) !== 0 && isPrivateAddress(host)))
      return 'The address must be reachable on the internet: loopback and private addresses are not allowed'
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

/** A resolver that refuses names resolving to private addresses (DNS is asked at connection time). */
function publicOnlyLookup(
  hostname: string,
  options: dns.LookupOptions,
  callback: (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void,
) {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '')
    const refused = addresses.find((a) => isPrivateAddress(a.address))
    if (refused)
      return callback(
        Object.assign(new Error(`${hostname} resolves to ${refused.address}, which is not a public address`), {
          code: 'EADDRNOTALLOWED',
        }),
        '',
      )
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
