import { cookieFor } from '../../tests/support/db'
import { requireSection } from './guard.server'

const request = (cookie?: string) =>
  new Request('http://localhost/logistics/transport_requests/1/transport_bookings/1/edit/billing_details', {
    headers: cookie ? { Cookie: cookie } : {},
  })
const answer = async (promise: Promise<unknown>) => {
  try {
    await promise
    return 'in'
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    return thrown.status === 302 ? `to ${thrown.headers.get('Location')?.split('?')[0]}` : thrown.status
  }
}

describe('requireSection', () => {
  it("lets a section's readers read and only its doers act", async () => {
    const [finance, logistics, internal, kam] = await Promise.all(
      ['biz_fin', 'logistics', 'internal', 'demand_kam'].map((role) => cookieFor(role)),
    )
    expect(await answer(requireSection(request(finance), 'transport_bills'))).toBe('in')
    expect(await answer(requireSection(request(finance), 'transport_bills', 'act'))).toBe(403)
    expect(await answer(requireSection(request(logistics), 'transport_bills', 'act'))).toBe('in')
    expect(await answer(requireSection(request(logistics), 'money'))).toBe(403)
    expect(await answer(requireSection(request(internal), 'money', 'act'))).toBe('in')
    expect(await answer(requireSection(request(kam), 'transport'))).toBe(403)
  })

  it('sends who is not signed in to sign in first', async () => {
    expect(await answer(requireSection(request(), 'transport'))).toBe('to /login')
  })
})
