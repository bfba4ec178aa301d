import { Form } from '@remix-run/react'
import { Button } from '~/ui/button'
import { PageHeader } from '~/ui/shell'
import type { LabelsPageData, PriceLabelsPageData } from './pages.server'

const printPage = (size: string) => (
  <style>{`@media print { @page { size: ${size}; margin: 0; } .content > :not(.label-sheet) { display: none !important; } .shell, main, .content { display: block !important; padding: 0 !important; margin: 0 !important; } }`}</style>
)

function PrintActions({ pdfHref, count, noun }: { pdfHref: string; count: number; noun: string }) {
  return (
    <div className="row no-print label-actions">
      <span>
        {count} {noun}
        {count === 1 ? '' : 's'} ready: print this page (the labels alone are printed) or
      </span>
      <a className="btn btn-primary" href={pdfHref} download>
        Download the PDF
      </a>
    </div>
  )
}

/** /toolkit/labels: shipping and package labels for orders and transport requests, printed or as PDF. */
export function LabelsPage({ data }: { data: LabelsPageData }) {
  const { form } = data
  return (
    <>
      <PageHeader title="Shipping labels" />
      <Form method="get" className="card" aria-labelledby="labels-heading">
        <h2 id="labels-heading">What to label</h2>
        <div className="form-grid">
          <div className="field grow">
            <label htmlFor="codes">Order or transport request codes</label>
            <span className="hint" id="codes-hint">
              Seller orders (SO-…), sample orders (SMP-…) or transport requests (TR-…), one per line or separated by
              commas; up to {data.limits.codes}.
            </span>
            <textarea
              id="codes"
              name="codes"
              rows={4}
              defaultValue={form.codes}
              aria-describedby="codes-hint"
              spellCheck={false}
            />
          </div>
          <div className="field">
            <label htmlFor="packages">Packages per order</label>
            <span className="hint" id="packages-hint">
              For orders without a transport request (a request says its own)
            </span>
            <input
              id="packages"
              name="packages"
              type="number"
              min={1}
              max={data.limits.packages}
              defaultValue={form.packages}
              aria-describedby="packages-hint"
            />
          </div>
          <fieldset className="field">
            <legend>Paper</legend>
            <label className="check">
              <input type="radio" name="format" value="roll" defaultChecked={form.format === 'roll'} /> Label printer,
              100 × 150 mm
            </label>
            <label className="check">
              <input type="radio" name="format" value="a4" defaultChecked={form.format === 'a4'} /> A4 sheet, four
              labels a page
            </label>
          </fieldset>
        </div>
        <div className="form-actions">
          <Button type="submit" variant="primary">
            Show the labels
          </Button>
        </div>
      </Form>
      {data.problems.length ? (
        <div className="card notice-warning" role="alert">
          <ul>
            {data.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {data.truncated ? (
        <p className="card no-print">
          Only the first {data.limits.labels} labels are shown: print the rest separately.
        </p>
      ) : null}
      {data.pdfHref ? <PrintActions pdfHref={data.pdfHref} count={data.labels.length} noun="label" /> : null}
      {data.labels.length ? (
        <section className={`label-sheet label-sheet-${form.format}`} aria-label="Labels">
          {printPage(form.format === 'roll' ? '100mm 150mm' : 'A4')}
          {data.labels.map((label) => (
            <article
              key={label.key}
              className="shipping-label"
              aria-label={`${label.orderCode}, package ${label.n} of ${label.packages}`}
            >
              <div className="label-from">
                <strong>From</strong>
                {label.from.map((line, i) => (
                  <span key={i}>{line}</span>
                ))}
              </div>
              <div className="label-to">
                <strong>Ship to</strong>
                {label.to.map((line, i) => (
                  <span key={i}>{line}</span>
                ))}
              </div>
              <div className="label-order">
                <strong className="label-code">{label.heading}</strong>
                {label.facts.map((line, i) => (
                  <span key={i}>{line}</span>
                ))}
              </div>
              <div className="label-codes">
                <img src={label.code128} alt={`Code 128 barcode of ${label.orderCode}`} className="label-barcode" />
                <img
                  src={label.qr}
                  alt={`QR code: ${label.orderCode}, package ${label.n} of ${label.packages}`}
                  className="label-qr"
                />
              </div>
            </article>
          ))}
        </section>
      ) : form.codes.trim() && !data.problems.length ? (
        <p className="card">Type the codes of what to label.</p>
      ) : null}
    </>
  )
}

/** /toolkit/price-label-generator: a buyer's SKUs as price labels, printed or as PDF. */
export function PriceLabelsPage({ data }: { data: PriceLabelsPageData }) {
  const { form } = data
  if (data.mode === 'none') {
    return (
      <>
        <PageHeader title="Price labels" />
        <p className="card">
          Price labels show a buyer’s own prices: they are printed by the buyer’s users and by the operations team. Your
          account has no buyer’s SKUs to label.
        </p>
      </>
    )
  }
  return (
    <>
      <PageHeader title="Price labels" />
      <Form method="get" className="card" aria-labelledby="price-heading">
        <h2 id="price-heading">Which SKUs</h2>
        <div className="form-grid">
          {data.mode === 'pick' ? (
            <div className="field">
              <label htmlFor="buyer">Buyer</label>
              <span className="hint" id="buyer-hint">
                The buyer’s name or code, or #id
              </span>
              <input
                id="buyer"
                name="buyer"
                defaultValue={data.buyer && !data.buyerProblem ? `${data.buyer.name}` : form.buyer}
                aria-describedby={`buyer-hint${data.buyerProblem ? ' buyer-error' : ''}`}
                aria-invalid={data.buyerProblem ? true : undefined}
              />
              {data.buyerProblem ? (
                <p className="field-error" id="buyer-error">
                  {data.buyerProblem}
                </p>
              ) : null}
              {data.choices.length ? (
                <ul className="pick-choices-list">
                  {data.choices.map((c) => (
                    <li key={c.value}>
                      <a
                        href={`?${new URLSearchParams({ buyer: c.value, codes: form.codes, size: form.size, copies: String(form.copies) })}`}
                      >
                        {c.label}
                      </a>
                      {c.detail ? <span className="muted"> · {c.detail}</span> : null}
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : (
            <p>
              Your SKUs at <strong>{data.buyer?.name}</strong>
            </p>
          )}
          <div className="field grow">
            <label htmlFor="codes">SKU codes</label>
            <span className="hint" id="codes-hint">
              The buyer’s own SKU codes, one per line or separated by commas; up to {data.limits.codes}.
            </span>
            <textarea
              id="codes"
              name="codes"
              rows={4}
              defaultValue={form.codes}
              aria-describedby="codes-hint"
              spellCheck={false}
            />
          </div>
          <div className="field">
            <label htmlFor="copies">Copies of each</label>
            <input
              id="copies"
              name="copies"
              type="number"
              min={1}
              max={data.limits.copies}
              defaultValue={form.copies}
            />
          </div>
          <fieldset className="field">
            <legend>Size</legend>
            <label className="check">
              <input type="radio" name="size" value="roll" defaultChecked={form.size === 'roll'} /> Roll, 50 × 25 mm
            </label>
            <label className="check">
              <input type="radio" name="size" value="sheet" defaultChecked={form.size === 'sheet'} /> A4 sheet of 24 (70
              × 37 mm)
            </label>
          </fieldset>
        </div>
        <div className="form-actions">
          <Button type="submit" variant="primary">
            Show the labels
          </Button>
        </div>
      </Form>
      {data.missing.length || data.noPrice.length ? (
        <div className="card notice-warning" role="alert">
          <ul>
            {data.missing.length ? (
              <li>{`${data.buyer?.name ?? 'The buyer'} has no active SKU with the code ${data.missing.join(', ')}.`}</li>
            ) : null}
            {data.noPrice.length ? <li>{`No price is in force yet for ${data.noPrice.join(', ')}.`}</li> : null}
          </ul>
        </div>
      ) : null}
      {data.pdfHref ? <PrintActions pdfHref={data.pdfHref} count={data.labels.length} noun="price label" /> : null}
      {data.labels.length ? (
        <section className={`label-sheet price-sheet-${form.size}`} aria-label="Price labels">
          {printPage(form.size === 'roll' ? '50mm 25mm' : 'A4')}
          {data.labels.map((label) => (
            <article key={label.key} className="price-label" aria-label={`${label.buyerCode}: ${label.price}`}>
              <span className="price-name">{label.name}</span>
              <strong className="price-amount">{label.price}</strong>
              <img src={label.code128} alt={`Code 128 barcode of ${label.buyerCode}`} className="price-barcode" />
              <span className="price-code">{label.buyerCode}</span>
            </article>
          ))}
        </section>
      ) : null}
    </>
  )
}
