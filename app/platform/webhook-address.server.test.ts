import dns from 'node:dns/promises'
import os from 'node:os'
import { startReceiver } from '../../tests/support/webhook-receiver'
import { isPrivateAddress, webhookClient, webhookUrlProblem } from './webhook-address.server'

// Where a webhook may go: http(s) only; in production https to public addresses only (checked when
// the subscription is made, and again after DNS when each delivery connects).

const production = { httpsOnly: true, allowPrivate: false }
const demo = { httpsOnly: false, allowPrivate: true }

describe('webhook addresses', () => {
  it('takes http(s) only, and in production https to a public address only', () => {
    for (const url of ['ftp://example.com/x', 'javascript:alert(1)', 'file:///etc/passwd', 'not a url'])
      expect(webhookUrlProblem(url, demo), url).not.toBeNull()
    expect(webhookUrlProblem('http://127.0.0.1:4000/hooks', demo)).toBeNull()
    expect(webhookUrlProblem('https://erp.example.com/hooks', production)).toBeNull()
    expect(webhookUrlProblem('http://erp.example.com/hooks', production)).toMatch(/https/)
    for (const url of [
      'https://localhost/x',
      'https://LOCALHOST./x',
      'https://api.localhost/x',
      'https://127.0.0.1/x',
      'https://2130706433/x',
      'https://0x7f.1/x',
      'https://10.1.2.3/x',
      'https://172.20.0.1/x',
      'https://192.168.1.10/x',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/x',
      'https://0.0.0.0/x',
      'https://[::1]/x',
      'https://[fd00::1]/x',
      'https://[fe80::1]/x',
      'https://[::ffff:127.0.0.1]/x',
    ])
      expect(webhookUrlProblem(url, production), url).toMatch(/loopback and private/)
    // WEBHOOK_ALLOW_PRIVATE=true in production: a receiver on the same network.
    expect(webhookUrlProblem('https://10.1.2.3/x', { httpsOnly: true, allowPrivate: true })).toBeNull()
  })

  it('knows public addresses from the others', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(isPrivateAddress(address)).toBe(false)
    for (const address of ['127.0.0.1', '10.0.0.1', '::1', '::ffff:10.0.0.1', 'fc00::1', 'nonsense'])
      expect(isPrivateAddress(address)).toBe(true)
  })

  it('refuses to connect where a name resolves to a private address, when private addresses are not allowed', async () => {
    const receiver = await startReceiver()
    const port = new URL(receiver.url).port
    try {
      const send = (policy: typeof demo, host: string) =>
        webhookClient(policy)(`http://${host}:${port}/hooks`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
          signal: AbortSignal.timeout(5000),
          redirect: 'manual',
        })
      expect((await send(demo, '127.0.0.1')).status).toBe(200)
      await expect(send({ httpsOnly: false, allowPrivate: false }, '127.0.0.1')).rejects.toThrow(/loopback and private/)
      // The machine's own name resolves to one of its addresses: refused after DNS, before any byte is sent.
      const name = os.hostname()
      const resolved = await dns.lookup(name, { all: true }).catch(() => [])
      if (resolved.length && resolved.every((a) => isPrivateAddress(a.address))) {
        const before = receiver.received.length
        await expect(send({ httpsOnly: false, allowPrivate: false }, name)).rejects.toThrow(/not a public address/)
        expect(receiver.received).toHaveLength(before)
      }
    } finally {
      await receiver.close()
    }
  })
})
