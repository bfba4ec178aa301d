import { cleanFormText, readForm, readLimitedUploadForm, TOO_LARGE } from './read-form.server'

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
    [
      'broken multipart',
      post('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated', 'multipart/form-data; boundary=x'),
    ],
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

describe('text PostgreSQL cannot store (issue 35)', () => {
  it.each([
    ['a\u0000b', 'ab'],
    ['\u0000', ''],
    ['bell\u0007 esc\u001b[31m back\u0008 vt\u000b ff\u000c so\u000e us\u001f', 'bell esc[31m back vt ff so us'],
    ['tab\tline\nreturn\r\n', 'tab\tline\nreturn\r\n'],
    ['del\u007f and \u202eoverride', 'del\u007f and \u202eoverride'],
    ['high \ud800 alone', 'high \ufffd alone'],
    ['low \udc00 alone', 'low \ufffd alone'],
    ['\udc00\ud800', '\ufffd\ufffd'],
    ['pair 😀 ₹1,00,000 हिंदी', 'pair 😀 ₹1,00,000 हिंदी'],
  ])('cleanFormText(%j) is %j', (typed, read) => {
    expect(cleanFormText(typed)).toBe(read)
  })

  it('cleans every name and value of a urlencoded form, keeping the rest of what was typed', async () => {
    const form = await readForm(
      post(
        'name=Acme%00Looms&note=one%0D%0Atwo%09three%01&%00key=v&tag=a&tag=b%00',
        'application/x-www-form-urlencoded',
      ),
    )
    expect([...form.entries()]).toEqual([
      ['name', 'AcmeLooms'],
      ['note', 'one\r\ntwo\tthree'],
      ['key', 'v'],
      ['tag', 'a'],
      ['tag', 'b'],
    ])
  })

  it("cleans the text fields and file names of a multipart form, never a file's bytes", async () => {
    const body = new FormData()
    body.set('title\u0000', 'Photo\u0000 one\u0001')
    body.set('photo', new File(['\u0000bytes\u0001'], 'shot\u0000.png', { type: 'image/png' }))
    body.set('big', new File(['x'.repeat(64)], 'big.png', { type: 'image/png' }))
    const form = await readLimitedUploadForm(post(body), { maxFileBytes: 32, maxFiles: 2 })
    expect(form.get('title')).toBe('Photo one')
    const photo = form.get('photo') as File
    expect(photo.name).toBe('shot.png')
    expect(await photo.text()).toBe('\u0000bytes\u0001')
    // The marker of a file over its limit is the reader's own, not typed text: it stays as it is.
    expect(form.get('big')).toBe(TOO_LARGE)

    const plain = new FormData()
    plain.set('name', 'Linen\u0000')
    expect((await readForm(post(plain))).get('name')).toBe('Linen')
  })
})
