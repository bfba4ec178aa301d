import sharp from 'sharp'
import { getDb } from '~/db.server'
import { fileStore } from '~/platform/files.server'
import { TOO_LARGE } from '~/ui/read-form.server'
import { fileOf, HTML, pngBytes, pngClaiming, SVG_WITH_SCRIPT } from '../../../tests/support/files'
import { viewerFor } from '../../../tests/support/db'
import { outputSize, readImageOps } from './images'
import { KEEP_IMAGES } from './images.server'
import { imagesAction, imagesPage, renderResponse } from './pages.server'

const db = () => getDb()
const page = (viewer: Awaited<ReturnType<typeof viewerFor>>, query: string) =>
  imagesPage(db(), viewer, new URL(`http://localhost/toolkit/images?${query}`))
const render = (viewer: Awaited<ReturnType<typeof viewerFor>>, id: number | string, query: string) =>
  renderResponse(db(), viewer, String(id), new URL(`http://localhost/toolkit/images/${id}/render?${query}`))
const status = (run: () => Promise<unknown>) =>
  run().then(
    () => 200,
    (error: Response) => error.status,
  )
function upload(viewer: Awaited<ReturnType<typeof viewerFor>>, file: File | string) {
  const form = new FormData()
  form.set('intent', 'upload')
  form.set('image', file)
  return imagesAction(db(), viewer, form)
}
const idOf = (outcome: Awaited<ReturnType<typeof upload>>) => {
  if (outcome.status !== 'done') throw new Error(JSON.stringify(outcome))
  return Number(new URL(`http://x${outcome.redirectTo}`).searchParams.get('image'))
}

describe('the edits a query asks for', () => {
  const image = { width: 400, height: 300 }
  it('takes sensible values and says what is wrong with the rest, at the field', () => {
    expect(
      readImageOps(new URLSearchParams('width=200&format=png&rotate=90&fit=cover&quality=60&flip=1'), image).ops,
    ).toMatchObject({
      width: 200,
      height: null,
      format: 'png',
      rotate: 90,
      fit: 'cover',
      quality: 60,
      flip: true,
      crop: null,
    })
    expect(readImageOps(new URLSearchParams('format=exe&rotate=45&fit=weird'), image).ops).toMatchObject({
      format: 'webp',
      rotate: 0,
      fit: 'inside',
    })
    expect(readImageOps(new URLSearchParams('width=0&quality=101&height=-3'), image).errors).toEqual({
      width: 'Width: enter a whole number from 1 to 4096',
      height: 'Height: enter a whole number from 1 to 4096',
      quality: 'Quality: enter a whole number from 1 to 100',
    })
    expect(readImageOps(new URLSearchParams('cropLeft=10'), image).errors).toMatchObject({
      cropTop: 'Fill in all four crop values, or none',
    })
    expect(
      readImageOps(new URLSearchParams('cropLeft=300&cropTop=0&cropWidth=200&cropHeight=10'), image).errors,
    ).toEqual({ cropWidth: 'The crop goes past the right edge: left + width is at most 400' })
  })

  it('works out the size of the result and refuses more than 4096 pixels a side, at the size asked', () => {
    const tall = { width: 100, height: 7000 }
    expect(outputSize(tall, { crop: null, rotate: 0, width: 50, height: null, fit: 'inside' })).toEqual({
      width: 50,
      height: 3500,
    })
    expect(outputSize(tall, { crop: null, rotate: 90, width: 700, height: null, fit: 'inside' })).toEqual({
      width: 700,
      height: 10,
    })
    expect(outputSize(tall, { crop: null, rotate: 0, width: 300, height: 300, fit: 'inside' })).toEqual({
      width: 4,
      height: 300,
    })
    expect(outputSize(tall, { crop: null, rotate: 0, width: 300, height: 300, fit: 'cover' })).toEqual({
      width: 300,
      height: 300,
    })
    expect(readImageOps(new URLSearchParams('width=100'), tall).errors).toEqual({
      width: 'The result would be 100 × 7000 pixels: at most 4096 a side. Enter a smaller width or height (or crop)',
    })
    expect(readImageOps(new URLSearchParams('height=4000'), tall).ops).toMatchObject({ height: 4000 })
    expect(readImageOps(new URLSearchParams('height=4000&rotate=90'), tall).errors).toEqual({
      height:
        'The result would be 280000 × 4000 pixels: at most 4096 a side. Enter a smaller width or height (or crop)',
    })
  })
})

describe('the image playground', () => {
  it('uploads an image, edits it (crop, rotate, resize, convert) and downloads it', async () => {
    const me = await viewerFor('buyer')
    const id = idOf(await upload(me, fileOf(await pngBytes(400, 300), '../holiday photo.png')))
    const shown = await page(
      me,
      `image=${id}&cropLeft=0&cropTop=0&cropWidth=200&cropHeight=100&rotate=90&format=jpeg&quality=70`,
    )
    expect(shown.edit?.image).toMatchObject({ name: 'holiday photo.png', width: 400, height: 300 })
    const response = await render(
      me,
      id,
      'cropLeft=0&cropTop=0&cropWidth=200&cropHeight=100&rotate=90&format=jpeg&quality=70',
    )
    expect(response.headers.get('Content-Type')).toBe('image/jpeg')
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 100, 200])
    const resized = await sharp(
      Buffer.from(await (await render(me, id, 'width=100&format=avif')).arrayBuffer()),
    ).metadata()
    expect([resized.format, resized.width, resized.height]).toEqual(['heif', 100, 75])
    const download = await render(me, id, 'format=webp&download=1')
    expect(download.headers.get('Content-Disposition')).toMatch(/^attachment; filename="holiday photo-edited\.webp"/)
    expect(await status(() => render(me, id, 'cropLeft=390&cropTop=0&cropWidth=20&cropHeight=20'))).toBe(400)
  })

  it('refuses what is not an image, too large, or a decompression bomb, with a message at the field', async () => {
    const me = await viewerFor('seller')
    const message = async (file: File | string) => JSON.stringify(await upload(me, file))
    expect(await message(fileOf(HTML, 'x.png', 'image/png'))).toContain('is not a file we take')
    expect(await message(fileOf(SVG_WITH_SCRIPT, 'logo.svg', 'image/svg+xml'))).toContain('is not a file we take')
    expect(await message(TOO_LARGE)).toContain('larger than 10 MB')
    expect(await message(fileOf(await pngClaiming(20_000, 20_000), 'bomb.png', 'image/png'))).toMatch(
      /bomb\.png: (the image is 20000 × 20000 pixels, more than the 50 million we take|the image could not be read)/,
    )
    expect(await message(fileOf(Buffer.alloc(0), ''))).toContain('Choose an image to upload')
    expect((await page(me, '')).images).toEqual([])
  })

  it('keeps each user’s images their own: another user’s image is not found', async () => {
    const owner = await viewerFor('internal')
    const other = await viewerFor('logistics')
    const id = idOf(await upload(owner, fileOf(await pngBytes(), 'private.png')))
    const { storage_key } = await db()
      .selectFrom('playground_images')
      .select('storage_key')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(await fileStore().exists(db(), `playground/${storage_key}`)).toBe(true)
    expect(await status(() => page(other, `image=${id}`))).toBe(404)
    expect(await status(() => render(other, id, ''))).toBe(404)
    expect(await status(() => page(other, 'image=abc'))).toBe(404)
    expect(await status(() => render(other, '../1', ''))).toBe(404)
    expect(
      await imagesAction(
        db(),
        other,
        new URLSearchParams({ intent: 'delete', imageId: String(id) }) as unknown as FormData,
      ),
    ).toEqual({ status: 'not-found' })
    expect(
      await imagesAction(
        db(),
        owner,
        new URLSearchParams({ intent: 'delete', imageId: String(id) }) as unknown as FormData,
      ),
    ).toMatchObject({ status: 'done' })
    expect(await status(() => render(owner, id, ''))).toBe(404)
    expect(await fileStore().exists(db(), `playground/${storage_key}`)).toBe(false)
  })

  it('keeps the last images of a user, deleting the oldest', async () => {
    const me = await viewerFor('biz_fin')
    const ids: number[] = []
    const fileKeys: string[] = []
    for (let i = 0; i < KEEP_IMAGES + 2; i++) {
      ids.push(idOf(await upload(me, fileOf(await pngBytes(), `n${i}.png`))))
      const row = await db()
        .selectFrom('playground_images')
        .select('storage_key')
        .where('id', '=', ids.at(-1)!)
        .execute()
      fileKeys.push(`playground/${row[0]!.storage_key}`)
    }
    const kept = (await page(me, '')).images.map((i) => i.id)
    expect(kept).toEqual(ids.slice(2).reverse())
    expect(await status(() => render(me, ids[0]!, ''))).toBe(404)
    // The dropped images' files went with their rows; the kept ones' stay.
    const stored = new Set(await fileStore().list(db()))
    expect(fileKeys.map((key) => stored.has(key))).toEqual([false, false, ...kept.map(() => true)])
  })

  it('refuses a render that the file’s own orientation would make larger than 4096 pixels a side', async () => {
    const me = await viewerFor('internal')
    // Stored 100 × 5000 as its pixels lie, but turned upright (EXIF orientation 6) it is 5000 × 100.
    const turned = await sharp({ create: { width: 100, height: 5000, channels: 3, background: '#888888' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer()
    const id = idOf(await upload(me, fileOf(turned, 'turned.jpg')))
    // The upload keeps its upright size, so the page refuses at the field already.
    expect((await page(me, `image=${id}&height=4000`)).edit?.errors).toEqual({
      height:
        'The result would be 200000 × 4000 pixels: at most 4096 a side. Enter a smaller width or height (or crop)',
    })
    // A row that holds the size as the pixels lie (100 × 5000): the render checks the file itself.
    await db().updateTable('playground_images').set({ width: 100, height: 5000 }).where('id', '=', id).execute()
    expect((await page(me, `image=${id}&height=4000`)).edit?.errors).toEqual({})
    const refused = await render(me, id, 'height=4000').then(
      () => null,
      (error: Response) => error,
    )
    expect([refused?.status, await refused?.text()]).toEqual([
      400,
      'The result would be 200000 × 4000 pixels: at most 4096 a side. Enter a smaller width or height (or crop)',
    ])
  })
})
