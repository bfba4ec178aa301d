import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

// A webhook receiver for tests: a local HTTP server that keeps every request it gets and answers
// with the status the test sets (200 unless told otherwise), and a Standard Webhooks verifier written
// from the specification (https://www.standardwebhooks.com), apart from the app's own signing code.

export interface Received {
  headers: Record<string, string>
  body: string
  json: { type: string; timestamp: string; data: Record<string, unknown> }
}

export interface Receiver {
  url: string
  received: Received[]
  /** The status of the next answers: a number, or a function of the request's count (1-based). */
  answer: number | ((n: number) => number)
  close(): Promise<void>
}

export async function startReceiver(path = '/hooks'): Promise<Receiver> {
  const received: Received[] = []
  const receiver: Receiver = {
    url: '',
    received,
    answer: 200,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]))
      received.push({ headers, body, json: JSON.parse(body) })
      const status = typeof receiver.answer === 'function' ? receiver.answer(received.length) : receiver.answer
      response.writeHead(status, { 'content-type': 'text/plain' })
      response.end(status >= 200 && status < 300 ? 'ok' : 'not now')
    })
  })
  server.keepAliveTimeout = 1
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`
  return receiver
}

/**
 * Verifies a delivery as the specification says a receiver must: the timestamp within the tolerance
 * (five minutes) of the receiver's clock, and one of the space-separated `v1,<base64>` signatures
 * equal (in constant time) to HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` keyed with
 * the base64-decoded secret after `whsec_`.
 */
export function verifyWebhook(secret: string, headers: Record<string, string>, body: string, now = Date.now()) {
  const id = headers['webhook-id']
  const timestamp = headers['webhook-timestamp']
  const signatures = headers['webhook-signature']
  if (!id || !timestamp || !signatures) return false
  if (!/^\d+$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > 5 * 60) return false
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  const expected = crypto.createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest()
  return signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',')
    if (version !== 'v1' || !signature) return false
    const given = Buffer.from(signature, 'base64')
    return given.length === expected.length && crypto.timingSafeEqual(given, expected)
  })
}
