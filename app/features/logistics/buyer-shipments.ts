// A shipment as its buyer reads it (./buyer-shipments.server.ts): the shape and its words, for the views.

export type BuyerShipmentState = 'to_be_booked' | 'booked' | 'on_the_way' | 'delivered'

export interface BuyerShipment {
  /** Where it is, in the buyer's words. */
  state: BuyerShipmentState
  transporter: string | null
  lrNumber: string | null
  pickedUpAt: string | null
  expectedDeliveryAt: string | null
  deliveredAt: string | null
  /** The buyer's codes of the lines it carries. */
  lines: string[]
}

export const shipmentStateWords: Record<BuyerShipmentState, string> = {
  to_be_booked: 'Transport being arranged',
  booked: 'Transporter booked',
  on_the_way: 'On the way',
  delivered: 'Delivered',
}
