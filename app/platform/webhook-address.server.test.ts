import dns from 'node:dns/promises'
import os from 'node:os'
import { startReceiver } from '../../tests/support/webhook-receiver'
import { isSpecialAddress } from './special-addresses'
import { NOT_PUBLIC, webhookClient, webhookUrlProblem } from './webhook-address.server'

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
      expect(webhookUrlProblem(url, production), url).toBe(NOT_PUBLIC)
    // WEBHOOK_ALLOW_PRIVATE=true in production: a receiver on the same network.
    expect(webhookUrlProblem('https://10.1.2.3/x', { httpsOnly: true, allowPrivate: true })).toBeNull()
  })

  it('refuses an address in any of IANA’s special-purpose ranges, however it is written, and takes public ones', () => {
    // One address in each entry of the IPv4 and IPv6 special-purpose registries (and multicast,
    // site-local, IPv6 outside global unicast), as a subscription would name it.
    const special = [
      ...['0.1.2.3', '10.255.0.1', '100.127.255.254', '127.255.0.1', '169.254.169.254', '172.31.0.1'],
      ...['192.0.0.9', '192.0.0.170', '192.0.2.10', '192.31.196.1', '192.52.193.1', '192.88.99.2', '192.168.0.1'],
      ...['192.175.48.6', '198.19.255.1', '198.51.100.7', '203.0.113.9', '224.0.0.251', '239.1.2.3', '240.0.0.1'],
      ...['255.255.255.255', '[::]', '[::1]', '[::127.0.0.1]', '[::10.0.0.1]', '[::a9fe:a9fe]', '[::8.8.8.8]'],
      ...['[::ffff:127.0.0.1]', '[::ffff:8.8.8.8]', '[::ffff:0:10.0.0.1]', '[64:ff9b::127.0.0.1]', '[64:ff9b::a00:1]'],
      ...['[64:ff9b:1::8.8.8.8]', '[100::1]', '[100:0:0:1::1]', '[2001::1]', '[2001:0:4136:e378::1]', '[2001:2::1]'],
      ...['[2001:10::1]', '[2001:20::1]', '[2001:db8::1]', '[2002:a00:1::1]', '[2002:808:808::1]', '[2620:4f:8000::1]'],
      ...['[3fff::1]', '[5f00::1]', '[fc00::1]', '[fd12:3456::1]', '[fe80::1]', '[fec0::1]', '[ff02::1]', '[ff0e::1]'],
      ...['[400::1]', '[e000::1]'],
    ]
    for (const host of special) {
      expect(webhookUrlProblem(`https://${host}/hooks`, production), host).toBe(NOT_PUBLIC)
      expect(webhookUrlProblem(`https://${host}/hooks`, demo), host).toBeNull()
    }
    // Public addresses, and an IPv4-only receiver reached through the well-known NAT64 prefix.
    for (const host of ['8.8.8.8', '1.1.1.1', '93.184.215.14', '[2606:4700:4700::1111]', '[2a00:1450::1]'])
      expect(webhookUrlProblem(`https://${host}/hooks`, production), host).toBeNull()
    expect(webhookUrlProblem('https://[64:ff9b::8.8.8.8]/hooks', production)).toBeNull()
    for (const address of ['127.0.0.1', '::ffff:10.0.0.1', '::7f00:1', 'nonsense'])
      expect(isSpecialAddress(address)).toBe(true)
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
      await expect(send({ httpsOnly: false, allowPrivate: false }, '127.0.0.1')).rejects.toThrow(NOT_PUBLIC)
      // The machine's own name resolves to one of its addresses: refused after DNS, before any byte is sent.
      const name = os.hostname()
      const resolved = await dns.lookup(name, { all: true }).catch(() => [])
      if (resolved.length && resolved.every((a) => isSpecialAddress(a.address))) {
        const before = receiver.received.length
        await expect(send({ httpsOnly: false, allowPrivate: false }, name)).rejects.toThrow(NOT_PUBLIC)
        expect(receiver.received).toHaveLength(before)
      }
    } finally {
      await receiver.close()
    }
  })
})
