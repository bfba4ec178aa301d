import type { Database } from '#db/database'
import type { SampleOrderStatus } from '#db/types'
import type { PortalKey } from '~/auth/portals'
import type { Viewer } from '~/auth/session.server'
import { countOf, formatDate } from '~/utils/format'
import type { OrderFigure, OrderQueue } from '../orders/home.server'
import { SAMPLE_PORTALS, sampleBase, samplePath, type SampleLens, type SamplePortal } from './lens'
import { sampleLensFor, scopedSampleOrders } from './search.server'

// What each portal's home shows of sample orders (issue 13): requests to approve (KAM, business
// operations), approved ones to dispatch (business operations), delivered ones waiting for the
// buyer's feedback (the buyer); each figure opens the list behind it.

const QUEUE_LENGTH = 5

/** The lens's sample orders in a status, oldest first: a figure and its queue. */
async function waiting(
  db: Database,
  lens: SampleLens,
  status: SampleOrderStatus,
  words: {
    figure: string
    title: string
    empty: string
    /** The link to the whole list: "All 40 sample requests". */ all: (n: number) => string
  },
  since: 'requested_at' | 'decided_at' | 'delivered_at',
) {
  const inStatus = scopedSampleOrders(db, lens).where('sample_orders.status', '=', status)
  const [total, oldest] = await Promise.all([
    inStatus.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    inStatus
      .innerJoin('buyers', 'buyers.id', 'sample_orders.buyer_id')
      .select([
        'sample_orders.id',
        'sample_orders.code',
        'sample_orders.item_count',
        `sample_orders.${since} as since`,
        'buyers.name as buyer',
      ])
      // Requested ones in id order, the order they came in (the status index ends in it: PostgreSQL
      // would otherwise walk every order by date to find the few still waiting).
      .$call((q) => (since === 'requested_at' ? q : q.orderBy(`sample_orders.${since}`)))
      .orderBy('sample_orders.id')
      .limit(QUEUE_LENGTH)
      .execute(),
  ])
  const n = Number(total?.n ?? 0)
  const list = `${sampleBase[lens.portal]}?status=${status}&dir=asc`
  const figure: OrderFigure = { label: words.figure, value: n, tone: n ? 'warning' : undefined, to: list }
  const queue: OrderQueue = {
    title: words.title,
    items: oldest.map((r) => ({
      id: r.id,
      label: lens.see.buyer ? `${r.code} · ${r.buyer}` : r.code,
      detail: `${countOf(r.item_count, 'sample')}${r.since ? `, since ${formatDate(r.since)}` : ''}`,
      to: samplePath(lens.portal, r.id),
    })),
    more: n > oldest.length ? { label: words.all(n), to: list } : null,
    empty: words.empty,
  }
  return { figure, queue }
}

const requests = {
  figure: 'Sample requests to approve',
  title: 'Sample requests waiting longest',
  empty: 'No sample request is waiting.',
  all: (n: number) => `All ${countOf(n, 'sample request')}`,
}

/** The sample order figures and queues of a portal's home; none for portals without sample orders. */
export async function sampleHome(
  db: Database,
  viewer: Viewer,
  portal: PortalKey,
): Promise<{ figures: OrderFigure[]; queues: OrderQueue[] }> {
  if (!(SAMPLE_PORTALS as readonly string[]).includes(portal)) return { figures: [], queues: [] }
  const lens = sampleLensFor(viewer, portal as SamplePortal)
  if (!lens) return { figures: [], queues: [] }
  switch (lens.portal) {
    case 'main':
      // The main portal's users follow their own requests on the samples cart.
      return { figures: [], queues: [] }
    case 'admin': {
      const toApprove = await waiting(db, lens, 'requested', requests, 'requested_at')
      return { figures: [toApprove.figure], queues: [] }
    }
    case 'demand_kam': {
      const toApprove = await waiting(
        db,
        lens,
        'requested',
        { ...requests, title: 'Your buyers’ sample requests waiting longest' },
        'requested_at',
      )
      return { figures: [toApprove.figure], queues: [toApprove.queue] }
    }
    case 'biz_ops': {
      const [toApprove, toDispatch] = await Promise.all([
        waiting(db, lens, 'requested', requests, 'requested_at'),
        waiting(
          db,
          lens,
          'approved',
          {
            figure: 'Sample orders to dispatch',
            title: 'Approved sample orders to dispatch',
            empty: 'No approved sample order is waiting to be dispatched.',
            all: (n) => `All ${countOf(n, 'sample order')} to dispatch`,
          },
          'decided_at',
        ),
      ])
      return { figures: [toApprove.figure, toDispatch.figure], queues: [toDispatch.queue, toApprove.queue] }
    }
    case 'buyer': {
      const feedback = await waiting(
        db,
        lens,
        'delivered',
        {
          figure: 'Samples delivered: your feedback wanted',
          title: 'Delivered samples to give feedback on',
          empty: 'No delivered samples are waiting for your feedback.',
          all: (n) => `All ${countOf(n, 'delivered sample order')}`,
        },
        'delivered_at',
      )
      return { figures: [feedback.figure], queues: [feedback.queue] }
    }
  }
}
