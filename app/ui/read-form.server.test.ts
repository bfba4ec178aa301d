import { readForm } from './read-form.server'

const post = (body: BodyInit, type?: string) =>
  new Request('http://localhost/x', { method: 'POST', body, headers: type ? { 'Content-Type': type } : {} })

async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise
    return 200
  } catch (error) {
    if (error instanceof Response) return error.status
    throw error
  }
}

describe('readForm', () => {
  it('reads urlencoded and multipart forms', async () => {
    expect((await readForm(post('a=1&b=two', 'application/x-www-form-urlencoded'))).get('b')).toBe('two')
    const multipart = new FormData()
    multipart.set('name', 'Linen')
    expect((await readForm(post(multipart))).get('name')).toBe('Linen')
  })

  it.each([
    ['JSON', post('{"email":"a@b.c"}', 'application/json')],
    ['text', post('hello', 'text/plain')],
    ['no content type', post(new Uint8Array([1, 2, 3]))],
    ['broken multipart', post('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated', 'multipart/form-data; boundary=x')],
    ['multipart without a boundary', post('a=1', 'multipart/form-data')],
  ])('answers 400 to a %s body', async (_name, request) => {
    expect(await statusOf(readForm(request))).toBe(400)
  })

  it('refuses files where the route takes none, and too many files where it takes some', async () => {
    const form = new FormData()
    form.set('photo', new File(['x'], 'x.png', { type: 'image/png' }))
    expect(await statusOf(readForm(post(form)))).toBe(400)

    const many = new FormData()
    for (let i = 0; i < 4; i++) many.append('photo', new File(['x'], `${i}.png`, { type: 'image/png' }))
    const uploads = async () => 'kept'
    expect(await statusOf(readForm(post(many), { uploads, maxFiles: 3 }))).toBe(413)
    expect((await readForm(post(many), { uploads, maxFiles: 4 })).getAll('photo')).toHaveLength(4)
  })
})
