import { canTake, masterOrderStatuses, masterStatusOf, OPEN_STATUSES, sellerOrderSteps, stepsFrom } from './states'

const so = (status: Parameters<typeof masterStatusOf>[0][number]['status'], movedOn = false) => ({ status, movedOn })

describe('seller order steps', () => {
  it('follows the states of domain.md: approval, production, QC with rework, dispatch, delivery', () => {
    expect(stepsFrom('pending_approval', 'staff')).toEqual(['approve', 'reject', 'accept_counter', 'cancel'])
    expect(stepsFrom('approved', 'seller')).toEqual(['start_production'])
    expect(stepsFrom('in_production', 'seller')).toEqual(['ready_for_qc'])
    expect(stepsFrom('ready_for_qc')).toEqual(['qc_pass', 'qc_fail', 'cancel'])
    expect(stepsFrom('qc_failed', 'seller')).toEqual(['rework'])
    expect(sellerOrderSteps.rework.to).toBe('ready_for_qc')
    expect(stepsFrom('qc_passed', 'staff')).toEqual(['dispatch', 'cancel'])
    expect(stepsFrom('dispatched')).toEqual(['deliver'])
  })
  it('cancels only before dispatch, and nothing leaves an end state', () => {
    for (const status of [
      'pending_approval',
      'approved',
      'in_production',
      'ready_for_qc',
      'qc_passed',
      'qc_failed',
    ] as const)
      expect(canTake('cancel', status)).toBe(true)
    for (const status of ['dispatched', 'delivered', 'rejected', 'cancelled'] as const)
      expect(canTake('cancel', status)).toBe(false)
    expect(stepsFrom('delivered')).toEqual([])
    expect(stepsFrom('cancelled')).toEqual([])
    expect(stepsFrom('rejected')).toEqual([])
  })
  it('asks for a reason where the seller or staff must be told why', () => {
    const withReason = Object.entries(sellerOrderSteps)
      .filter(([, step]) => 'needsReason' in step && step.needsReason)
      .map(([name]) => name)
    expect(withReason).toEqual(['reject', 'qc_fail', 'cancel'])
  })
})

describe('master order status', () => {
  it('is the least advanced seller order', () => {
    expect(masterStatusOf([so('pending_approval'), so('approved')])).toBe('placed')
    expect(masterStatusOf([so('approved'), so('in_production')])).toBe('confirmed')
    expect(masterStatusOf([so('qc_failed'), so('dispatched')])).toBe('in_qc')
    expect(masterStatusOf([so('qc_passed'), so('delivered')])).toBe('ready_to_dispatch')
  })
  it('leaves out cancelled seller orders and rejected ones whose lines moved on, but a rejected one still waiting holds it', () => {
    expect(masterStatusOf([so('cancelled'), so('dispatched')])).toBe('dispatched')
    expect(masterStatusOf([so('rejected', true), so('approved')])).toBe('confirmed')
    expect(masterStatusOf([so('rejected'), so('approved')])).toBe('placed')
    expect(masterStatusOf([so('cancelled'), so('cancelled')])).toBe('cancelled')
    expect(masterStatusOf([])).toBe('cancelled')
  })
  it('is closed only when everything is delivered and settled', () => {
    expect(masterStatusOf([so('delivered'), so('delivered')])).toBe('delivered')
    expect(masterStatusOf([so('delivered'), so('cancelled')], true)).toBe('closed')
    expect(masterStatusOf([so('delivered'), so('dispatched')], true)).toBe('dispatched')
  })
})

describe('open orders', () => {
  it('are every status an order can have but delivered, closed and cancelled', () => {
    const every = [...masterOrderStatuses, 'cancelled']
    expect([...OPEN_STATUSES].sort()).toEqual(
      every.filter((s) => !['delivered', 'closed', 'cancelled'].includes(s)).sort(),
    )
  })
})
