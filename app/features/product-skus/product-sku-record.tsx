import { Link } from '~/ui/link'
import { Button } from '~/ui/button'
import { Details } from '~/ui/details'
import { History, type ToldEntry } from '~/ui/history'
import { PageHeader } from '~/ui/shell'
import { StatusBadge } from '~/ui/badge'
import { formatDateTime } from '~/utils/format'
import { imageUrl } from '../images/image-url'
import type { ProductSkuRecord, SkuProduct } from './queries.server'
import { comparePath, skuEditPath } from './shared'
import { SkuStatus } from './sku-status'

/** A product SKU's page: what it is (read-only), an Edit button, its status and its history. */
export function ProductSkuRecordView({
  product,
  sku,
  history,
}: {
  product: Pick<SkuProduct, 'name' | 'slug'>
  sku: ProductSkuRecord
  history: ToldEntry[]
}) {
  return (
    <>
      <PageHeader title={`${product.name} SKU ${sku.code}`}>
        <StatusBadge status={sku.status} />
        <Link to={`${comparePath(sku.categoryId)}?sku=${sku.id}`}>Compare with its category</Link>
        <Button asChild variant="primary">
          <Link to={skuEditPath(product.slug, sku.id)}>Edit</Link>
        </Button>
      </PageHeader>
      <section className="card" aria-labelledby="sku-heading">
        <h2 id="sku-heading">{sku.name}</h2>
        <Details
          items={[
            { label: 'Code', value: <code>{sku.code}</code> },
            { label: 'Category', value: sku.categoryName },
            { label: 'Product line', value: sku.lineName },
            { label: 'MOQ', value: sku.moq },
            ...sku.attributes.map((a) => ({ label: a.label, value: a.value === '—' ? null : a.value })),
            { label: 'Added', value: formatDateTime(sku.createdAt) },
            { label: 'Last changed', value: formatDateTime(sku.updatedAt) },
          ]}
        />
        {sku.images.length > 0 ? (
          <ul className="sku-images" aria-label="Images" style={{ marginTop: 16 }}>
            {sku.images.map((image, i) => (
              <li key={image.id}>
                <a href={imageUrl(image.id)}>
                  <img
                    src={imageUrl(image.id)}
                    alt={`Image ${i + 1}`}
                    className="thumbnail"
                    width={96}
                    height={96}
                    loading="lazy"
                  />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <SkuStatus code={sku.code} status={sku.status} />
      <History entries={history} />
    </>
  )
}
