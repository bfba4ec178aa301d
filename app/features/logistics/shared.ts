// Logistics' addresses.
// No zod here: the views import these, and zod comes to the browser only with a form's checks
// (useZodForm loads the schema when the form is first reached).
export const LOGISTICS = '/logistics'

export const addRequestPath = (type: string, orderCode?: string) =>
  `${requestsPath}/add/${type}${orderCode ? `?order=${encodeURIComponent(orderCode)}` : ''}`

export const billingPath = (requestId: number, bookingId: number) =>
  `${bookingPath(requestId, bookingId)}/billing_details`

export const bookingPath = (requestId: number, bookingId: number) =>
  `${requestsPath}/${requestId}/transport_bookings/${bookingId}/edit`

export const bookingsPath = `${LOGISTICS}/transport_bookings`

/** A booking's e-way bill as the NIC bulk-generation JSON (a download). */
export const ewayJsonPath = (requestId: number, bookingId: number) =>
  `${requestsPath}/${requestId}/transport_bookings/${bookingId}/eway_bill.json`

/** A day's e-way bills (`?day=`), the bookings picked up that day that need one. */
export const dayEwayJsonPath = `${LOGISTICS}/transport_bookings/eway_bills.json`

export const duesPath = `${LOGISTICS}/transport_payment_dues`

export const requestPath = (id: number) => `${requestsPath}/${id}/edit`

export const requestsPath = `${LOGISTICS}/transport_requests`

/** Transporters with their PAN and GTA option (issue 52), under the payment dues. */
export const transportersPath = `${duesPath}/transporters`
export const transporterPath = (id: number) => `${transportersPath}/${id}`
