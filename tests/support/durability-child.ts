// The durability test's writer (tests/durability.test.ts): places master orders through the cart in
// a loop on DATABASE_URL and, after each one's transaction has committed, writes "committed <id>" to
// standard output (a synchronous write: nothing is buffered in this process). It runs until killed.
import fs from 'node:fs'
import { getDb } from '~/db.server'
import { placeTestOrder } from './orders'

const [userId, buyerId, sellerId] = process.argv.slice(2, 5).map(Number)
const run = process.argv[5]
// A line the last (killed) writer had added but not placed is cleared first, as the user would.
const carts = getDb()
  .selectFrom('order_carts')
  .select('id')
  .where('user_id', '=', userId)
  .where('buyer_id', '=', buyerId)
await getDb().deleteFrom('order_cart_lines').where('cart_id', 'in', carts).execute()
for (let n = 1; ; n++) {
  const order = await placeTestOrder({ userId, buyerId, sellerIds: [sellerId], key: `durability-${run}-${n}` })
  fs.writeSync(1, `committed ${order.id}\n`)
}
