import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Button, SubmitButton } from '~/ui/button'
import { ConfirmDialog } from '~/ui/dialog'
import { ErrorList, ErrorSummary } from '~/ui/field'
import { useZodForm } from '~/ui/form'
import { useHydrated } from '~/ui/hooks'
import { Link } from '~/ui/link'
import { PageHeader } from '~/ui/shell'
import { formatBytes } from '~/utils/format'
import type { OpsField } from './images'
import { FITS, fitLabels, formatLabels, OUTPUT_FORMATS, ROTATIONS } from './shared'
import type { ImagesPageData } from './pages.server'

/** /toolkit/images: upload an image, edit it (GET form; with JavaScript the preview follows as you type), download the result. */
export function ImagesPage({
  data,
  lastResult,
}: {
  data: ImagesPageData
  lastResult?: SubmissionResult<string[]> | null
}) {
  const [form] = useZodForm(() => import('./images').then((m) => m.imagesSchema), {
    id: 'image-upload',
    lastResult,
    defaultValue: { intent: 'upload' },
  })
  const imageErrors = form.allErrors.image
  return (
    <div className="playground">
      <PageHeader title="Image playground" />
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="card"
        aria-labelledby="upload-heading"
      >
        <h2 id="upload-heading">Upload an image</h2>
        <ErrorSummary form={form} />
        <input type="hidden" name="intent" value="upload" />
        <div className="field">
          <label htmlFor="image-upload-image">Image</label>
          <span className="hint" id="image-hint">
            {data.limits.rules}; at most {data.limits.maxMb} MB and {data.limits.maxPixels} million pixels. Your last 12
            images are kept for you alone.
          </span>
          <input
            id="image-upload-image"
            type="file"
            name="image"
            accept="image/jpeg,image/png,image/webp,image/avif,image/gif,image/tiff"
            aria-describedby={`image-hint${imageErrors?.length ? ' image-error' : ''}`}
            aria-invalid={imageErrors?.length ? true : undefined}
          />
          <ErrorList id="image-error" errors={imageErrors} />
        </div>
        <div className="form-actions">
          <SubmitButton variant="primary" pendingText="Uploading…" intent="upload">
            Upload
          </SubmitButton>
        </div>
      </Form>
      {data.images.length ? (
        <nav aria-label="Your images" className="playground-gallery">
          {data.images.map((image) => (
            <Link
              key={image.id}
              to={`?image=${image.id}`}
              aria-current={data.edit?.image.id === image.id ? 'true' : undefined}
            >
              <img src={image.thumb} alt="" width={80} height={80} loading="lazy" />
              <span>{image.name}</span>
            </Link>
          ))}
        </nav>
      ) : null}
      {data.edit ? (
        <Editor key={data.edit.image.id} edit={data.edit} maxSide={data.limits.maxSide} />
      ) : data.images.length ? (
        <p className="card">Choose one of your images to edit it.</p>
      ) : null}
    </div>
  )
}

function Editor({ edit, maxSide }: { edit: NonNullable<ImagesPageData['edit']>; maxSide: number }) {
  const hydrated = useHydrated()
  const { image, values, errors } = edit
  const [live, setLive] = useState<{ src: string; download: string } | null>(null)
  const [failed, setFailed] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(timer.current), [])
  // With JavaScript the preview follows the form as it changes; the server still checks every value.
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const formData = new FormData(event.currentTarget)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      const query = new URLSearchParams()
      for (const [key, value] of formData)
        if (key !== 'image' && typeof value === 'string' && value !== '') query.set(key, value)
      const src = `/toolkit/images/${image.id}/render?${query}`
      setFailed(false)
      setLive({ src, download: `${src}&download=1` })
    }, 350)
  }
  const previewSrc = live?.src ?? edit.previewSrc
  const downloadHref = live?.download ?? edit.downloadHref
  const number = (name: OpsField, label: string, max: number, hint?: string) => (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      {hint ? (
        <span className="hint" id={`${name}-hint`}>
          {hint}
        </span>
      ) : null}
      <input
        id={name}
        name={name}
        type="number"
        min={name === 'cropLeft' || name === 'cropTop' ? 0 : 1}
        max={max}
        defaultValue={values[name]}
        inputMode="numeric"
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={
          [hint ? `${name}-hint` : '', errors[name] ? `${name}-error` : ''].filter(Boolean).join(' ') || undefined
        }
      />
      {errors[name] ? (
        <p className="field-error" id={`${name}-error`}>
          {errors[name]}
        </p>
      ) : null}
    </div>
  )
  const problems = Object.values(errors)
  return (
    <section className="playground-editor" aria-labelledby="edit-heading">
      <Form
        method="get"
        className="card"
        onChange={hydrated ? onChange : undefined}
        aria-labelledby="edit-heading"
        noValidate
      >
        <h2 id="edit-heading">Edit {image.name}</h2>
        <p className="muted">
          {image.width} × {image.height} pixels · {image.format.toUpperCase()} · {formatBytes(image.bytes)}
        </p>
        {problems.length ? (
          <div className="form-error error-summary" role="alert" tabIndex={-1}>
            <p>The edits could not be applied:</p>
            <ul>
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <input type="hidden" name="image" value={image.id} />
        <fieldset>
          <legend>Crop (pixels of the image as uploaded; leave empty for none)</legend>
          <div className="form-grid">
            {number('cropLeft', 'Left', image.width - 1)}
            {number('cropTop', 'Top', image.height - 1)}
            {number('cropWidth', 'Width', image.width)}
            {number('cropHeight', 'Height', image.height)}
          </div>
        </fieldset>
        <div className="form-grid">
          <div className="field">
            <label htmlFor="rotate">Rotate</label>
            <select id="rotate" name="rotate" defaultValue={values.rotate || '0'}>
              {ROTATIONS.map((r) => (
                <option key={r} value={r}>
                  {r === 0 ? 'No' : `${r}° clockwise`}
                </option>
              ))}
            </select>
          </div>
          <label className="check filter-check">
            <input type="checkbox" name="flip" value="1" defaultChecked={values.flip === '1'} /> Mirror
          </label>
          <label className="check filter-check">
            <input type="checkbox" name="grayscale" value="1" defaultChecked={values.grayscale === '1'} /> Black and
            white
          </label>
        </div>
        <fieldset>
          <legend>
            Resize (leave empty to keep the size; the result is at most {maxSide} × {maxSide} pixels)
          </legend>
          <div className="form-grid">
            {number('width', 'Width', maxSide)}
            {number('height', 'Height', maxSide)}
            <div className="field">
              <label htmlFor="fit">Fit</label>
              <select id="fit" name="fit" defaultValue={values.fit || 'inside'}>
                {FITS.map((f) => (
                  <option key={f} value={f}>
                    {fitLabels[f]}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </fieldset>
        <div className="form-grid">
          <div className="field">
            <label htmlFor="format">Format</label>
            <select id="format" name="format" defaultValue={values.format || 'webp'}>
              {OUTPUT_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {formatLabels[f]}
                </option>
              ))}
            </select>
          </div>
          {number('quality', 'Quality (1–100)', 100, 'Lower is smaller; 80 is good for photos')}
        </div>
        <div className="form-actions">
          <Button type="submit" variant="primary">
            Preview
          </Button>
          <Link to={`?image=${image.id}`}>Start again</Link>
        </div>
      </Form>
      <div className="card playground-preview">
        <h2>Preview</h2>
        {previewSrc && !failed ? (
          <>
            <img src={previewSrc} alt={`${image.name}, edited`} onError={() => setFailed(true)} />
            <a className="btn btn-primary" href={downloadHref!} download>
              Download
            </a>
          </>
        ) : (
          <p className="muted">
            {failed
              ? 'These edits do not fit the image: check the values (Preview says why).'
              : 'Fix the values to see the preview.'}
          </p>
        )}
        <details>
          <summary>The original</summary>
          <img src={edit.originalSrc} alt={`${image.name}, as uploaded`} loading="lazy" />
        </details>
        <ConfirmDialog
          trigger="Delete the image"
          triggerVariant="danger"
          title={`Delete ${image.name}?`}
          description="It is gone for good; downloaded copies stay yours."
        >
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="imageId" value={image.id} />
            <div className="form-actions">
              <SubmitButton variant="danger" pendingText="Deleting…" intent="delete">
                Delete the image
              </SubmitButton>
            </div>
          </Form>
        </ConfirmDialog>
      </div>
    </section>
  )
}
