import { getDb } from '~/db.server'
import * as route from '~/routes/_main+/$product.addresses'
import { cookieFor } from '../../../tests/support/db'

const args = (request: Request, product: string) => ({ request, params: { product }, context: {} }) as never
const get = async (role: string, product: string) =>
  new Request(`http://localhost/${product}/addresses`, { headers: { Cookie: await cookieFor(role) } })
const post = async (role: string, product: string, fields: Record<string, string>) =>
  new Request(`http://localhost/${product}/addresses`, {
    method: 'POST',
    headers: { Cookie: await cookieFor(role), 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  })

describe('/{product}/addresses', () => {
  it('lists the product’s warehouses with links to the other products', async () => {
    const data = (await route.loader(args(await get('internal', 'fabric'), 'fabric'))) as Awaited<
      ReturnType<typeof route.loader>
    >
    expect(data.product.name).toBe('Fabric')
    expect(data.addresses.filter((a) => a.kind === 'warehouse').length).toBeGreaterThanOrEqual(2)
    expect(data.addresses.filter((a) => a.kind === 'warehouse' && a.is_default === 1)).toHaveLength(1)
    expect(data.otherProducts.map((p) => p.slug)).toEqual(expect.arrayContaining(['yarn', 'garments']))
    expect(data.otherProducts.map((p) => p.slug)).not.toContain('fabric')
  })

  it('answers 404 for an unknown or inactive product, for the page and its forms', async () => {
    await getDb()
      .insertInto('products')
      .values({ slug: 'retired_felt', name: 'Retired felt', unit: 'm', attribute_schema: '[]', active: 0 })
      .execute()
    for (const slug of ['no_such_product', 'retired_felt']) {
      await expect(route.loader(args(await get('internal', slug), slug))).rejects.toMatchObject({ status: 404 })
      await expect(
        route.action(args(await post('admin', slug, { intent: 'address-remove', addressId: '1' }), slug)),
      ).rejects.toMatchObject({ status: 404 })
    }
  })

  it('does not touch another product’s address through this page', async () => {
    const yarnAddress = await getDb()
      .selectFrom('addresses')
      .innerJoin('products', 'products.id', 'addresses.product_id')
      .select('addresses.id')
      .where('products.slug', '=', 'yarn')
      .executeTakeFirstOrThrow()
    const request = await post('internal', 'fabric', { intent: 'address-remove', addressId: String(yarnAddress.id) })
    await expect(route.action(args(request, 'fabric'))).rejects.toMatchObject({ status: 404 })
    expect(
      await getDb().selectFrom('addresses').select('id').where('id', '=', yarnAddress.id).executeTakeFirst(),
    ).toBeDefined()
  })

  it('adds an office and says so on the product’s history', async () => {
    const fields = {
      intent: 'address-create',
      kind: 'office',
      label: 'Sourcing office',
      line1: '7, Textile Market',
      city: 'Surat',
      state: 'Gujarat',
      pin: '395002',
    }
    const response = (await route.action(args(await post('internal', 'fabric', fields), 'fabric'))) as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/fabric/addresses')
    const data = (await route.loader(args(await get('internal', 'fabric'), 'fabric'))) as Awaited<
      ReturnType<typeof route.loader>
    >
    expect(data.addresses.find((a) => a.label === 'Sourcing office')).toMatchObject({ kind: 'office', is_default: 1 })
    expect(data.history[0]).toMatchObject({ what: 'Address added', actor: 'Isha Internal' })
    expect(data.history[0]!.changes).toContainEqual({ label: 'Label', before: null, after: 'Sourcing office' })
  })

  it('refuses a buyer (not a main-portal user), for the page and the forms', async () => {
    await expect(route.loader(args(await get('buyer', 'fabric'), 'fabric'))).rejects.toMatchObject({ status: 403 })
    await expect(
      route.action(args(await post('buyer', 'fabric', { intent: 'address-remove', addressId: '1' }), 'fabric')),
    ).rejects.toMatchObject({ status: 403 })
  })
})
