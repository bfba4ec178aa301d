import type { Database } from '#db/database'
import type { Viewer } from '~/auth/session.server'
import { labelReach } from './labels.server'
import { buyerChoice } from './price-labels.server'

// The toolkit's home (/toolkit): its four tools, open to everyone signed in, each with what it does
// and, for the two kinds of labels, what this viewer can label with it (docs/domain.md "Toolkit").

export interface ToolkitTool {
  name: string
  to: string
  does: string
  /** What this viewer can do with it, where that depends on who it is. */
  forYou: string | null
}

const joined = (parts: string[]) =>
  parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`

async function shippingLabelsForYou(db: Database, viewer: Viewer): Promise<string> {
  const reach = await labelReach(db, viewer)
  const seller = viewer.company?.kind === 'seller'
  const what: string[] = []
  if (reach.orders === 'full')
    what.push(
      reach.transport
        ? 'every seller order, to the buyer’s address where it goes there'
        : 'the seller orders of the orders you follow, to the buyer’s address where they go there',
    )
  if (reach.orders === 'seller')
    what.push(
      seller
        ? 'your own seller orders, from your pickup address to the platform’s warehouse'
        : 'the seller orders of the sellers you follow, from the seller’s pickup address to the platform’s warehouse',
    )
  if (reach.samples) what.push(reach.transport ? 'every sample order' : 'the sample orders you follow')
  if (reach.transport) what.push('every transport request')
  return what.length ? `You can label ${joined(what)}.` : 'You have no orders to label.'
}

function priceLabelsForYou(viewer: Viewer): string {
  const choice = buyerChoice(viewer)
  if (choice.mode === 'own') return `You can label ${choice.buyer.name}’s own SKUs.`
  if (choice.mode === 'pick') return 'You can choose any buyer and label its SKUs.'
  return 'You have no buyer prices to label: they are the buyers’ and the operations team’s.'
}

export async function toolkitHome(db: Database, viewer: Viewer): Promise<{ tools: ToolkitTool[] }> {
  return {
    tools: [
      {
        name: 'Shipping labels',
        to: '/toolkit/labels',
        does: 'Package labels for orders and transport requests: addresses, the order’s barcode, package n of m and a QR code, on a label roll or A4, printed or as a PDF.',
        forYou: await shippingLabelsForYou(db, viewer),
      },
      {
        name: 'Price labels',
        to: '/toolkit/price-label-generator',
        does: 'Price labels of a buyer’s SKUs: its code, the product’s name, the price in force and a barcode, on a roll or 24 to an A4 sheet.',
        forYou: priceLabelsForYou(viewer),
      },
      {
        name: 'UTM links',
        to: '/toolkit/utm',
        does: 'Tag a page’s address with a campaign’s source, medium and name, and get a short link that counts its clicks.',
        forYou: null,
      },
      {
        name: 'Image playground',
        to: '/toolkit/images',
        does: 'Crop, rotate, resize and convert an image (JPEG, PNG, WebP, AVIF…) and download the result; your last 12 images are kept for you.',
        forYou: null,
      },
    ],
  }
}
export type ToolkitHomeData = Awaited<ReturnType<typeof toolkitHome>>
