import type { CompanyStatus, RoleKey } from '#db/types'
import { machine, stepsFrom, type Machine, type Step } from '~/platform/steps'

export type CompanyKind = 'buyer' | 'seller'

/**
 * What differs between buyers and sellers. Everything else (list, record, form, status changes)
 * is one piece of code that reads this table.
 */
export const companyKinds = {
  buyer: {
    kind: 'buyer',
    table: 'buyers',
    /** The column of users and addresses that points at the company. */
    ownerColumn: 'buyer_id',
    assigneeColumn: 'kam_user_id',
    assigneeRole: 'demand_kam',
    /** The list filter's URL parameter for the assignee. */
    assigneeParam: 'kam',
    assigneeLabel: 'KAM',
    assigneeLongLabel: 'Key-account manager (KAM)',
    noAssignee: 'No KAM',
    label: 'Buyer',
    plural: 'Buyers',
    base: '/buyers',
  },
  seller: {
    kind: 'seller',
    table: 'sellers',
    ownerColumn: 'seller_id',
    assigneeColumn: 'agent_user_id',
    assigneeRole: 'supplier_agent',
    assigneeParam: 'agent',
    assigneeLabel: 'Agent',
    assigneeLongLabel: 'Supplier-team agent',
    noAssignee: 'No agent',
    label: 'Seller',
    plural: 'Sellers',
    base: '/sellers',
  },
} as const satisfies Record<
  CompanyKind,
  {
    kind: CompanyKind
    table: 'buyers' | 'sellers'
    ownerColumn: 'buyer_id' | 'seller_id'
    assigneeColumn: 'kam_user_id' | 'agent_user_id'
    assigneeRole: RoleKey
    assigneeParam: string
    assigneeLabel: string
    assigneeLongLabel: string
    noAssignee: string
    label: string
    plural: string
    base: string
  }
>

export const companyPath = (kind: CompanyKind, id: number) => `${companyKinds[kind].base}/${id}`
export const listPath = (kind: CompanyKind) => `${companyKinds[kind].base}/manage`

/** How a status reads to staff: a sign-up that staff have not looked at yet is "waiting for approval". */
export const statusLabels: Record<CompanyStatus, string> = {
  pending: 'Waiting for approval',
  active: 'Active',
  suspended: 'Suspended',
}

export const companyStatuses = ['pending', 'active', 'suspended'] as const satisfies readonly CompanyStatus[]

/** The three status changes staff make, each allowed from one status only: one machine per kind. */
const companySteps = {
  activate: { from: ['pending'], to: 'active', by: 'staff', label: 'Activate', done: 'activated' },
  suspend: { from: ['active'], to: 'suspended', by: 'staff', label: 'Suspend', done: 'suspended', needsReason: true },
  reactivate: { from: ['suspended'], to: 'active', by: 'staff', label: 'Reactivate', done: 'reactivated' },
} as const satisfies Record<string, Step<CompanyStatus, 'staff'>>

const words = { pending: 'waiting for approval' } as const

export const companyMachines = {
  buyer: machine({ entity: 'buyer', table: 'buyers', codeColumn: 'name', words, steps: companySteps }),
  seller: machine({ entity: 'seller', table: 'sellers', codeColumn: 'name', words, steps: companySteps }),
} satisfies Record<CompanyKind, Machine<CompanyStatus>>

export type Transition = keyof typeof companySteps

/** The step open from a status (one at most). */
export const transitionFrom = (status: CompanyStatus): Transition | null =>
  stepsFrom(companyMachines.buyer, status)[0] ?? null
