import { Label } from 'radix-ui/label'
import { ErrorList } from '~/ui/field'
import { IMAGE_ACCEPT, IMAGE_RULES, imageUrl } from './image-url'

/**
 * A native file input (the form must be `encType="multipart/form-data"`), with the current image
 * beside it. A browser never re-sends a file after an error, so the message asks to choose it again.
 */
export function ImageField({
  name,
  label,
  currentImageId,
  errors,
  removable = false,
}: {
  name: string
  label: string
  currentImageId?: number | null
  errors?: string[] | null
  removable?: boolean
}) {
  const id = `field-${name}`
  return (
    <div className="field image-field">
      <Label htmlFor={id}>{label}</Label>
      <span className="hint" id={`${id}-hint`}>
        {IMAGE_RULES}
        {currentImageId ? '; choosing a file replaces the current image' : ''}
      </span>
      {currentImageId ? (
        <img src={imageUrl(currentImageId)} alt="Current" className="thumbnail" width={96} height={96} loading="lazy" />
      ) : null}
      <input
        id={id}
        type="file"
        name={name}
        accept={IMAGE_ACCEPT}
        aria-describedby={`${id}-hint`}
        aria-invalid={errors?.length ? true : undefined}
      />
      {currentImageId && removable ? (
        <label className="check">
          <input type="checkbox" name={`${name}Remove`} value="on" /> Remove the current image
        </label>
      ) : null}
      <ErrorList id={`${id}-error`} errors={errors} />
    </div>
  )
}
