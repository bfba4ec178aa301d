import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

// A tiny S3 (path-style: /bucket/key) for tests of FILE_STORAGE=s3: PUT, GET, HEAD, DELETE an object
// and ListObjectsV2, each refused with 403 unless its Signature Version 4 is right. The signature is
// checked here with code of its own (not the app's signer), from the request as it arrived: the
// method, the raw path, the query, the signed headers and a hash of the body actually received.

const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex')
const hmac = (key: Buffer | string, data: string) => crypto.createHmac('sha256', key).update(data).digest()
/** RFC 3986: what encodeURIComponent leaves but SigV4 encodes. */
const rfc3986 = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)

export interface FakeS3 {
  url: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  region: string
  objects: Map<string, { bytes: Buffer; contentType: string; modified: Date }>
  /** Requests refused for a bad signature. */
  refused: number
  close(): Promise<void>
}

export async function startFakeS3(options: { pageSize?: number } = {}): Promise<FakeS3> {
  const bucket = 'uploads-test'
  const accessKeyId = 'AKIDTESTFILES'
  const secretAccessKey = crypto.randomBytes(20).toString('base64')
  const region = 'eu-test-1'
  const objects: FakeS3['objects'] = new Map()
  const state = { refused: 0 }

  function signatureProblem(req: http.IncomingMessage, body: Buffer): string | null {
    const auth = req.headers.authorization ?? ''
    const match = auth.match(
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/,
    )
    if (!match) return 'no SigV4 Authorization header'
    const [, key, day, signedRegion, signedHeaders, signature] = match
    if (key !== accessKeyId) return 'unknown access key'
    if (signedRegion !== region) return 'wrong region'
    const amzDate = String(req.headers['x-amz-date'] ?? '')
    if (!amzDate.startsWith(day!)) return 'x-amz-date is not the credential day'
    const at = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'))
    if (!(Math.abs(Date.now() - at) < 15 * 60_000)) return 'x-amz-date too far from now'
    const names = signedHeaders!.split(';')
    for (const needed of ['host', 'x-amz-date', 'x-amz-content-sha256'])
      if (!names.includes(needed)) return `${needed} is not signed`
    if (req.headers['x-amz-content-sha256'] !== sha256(body)) return 'the body is not the one signed'
    const [rawPath, rawQuery = ''] = (req.url ?? '/').split('?')
    const query = rawQuery
      .split('&')
      .filter(Boolean)
      .map((pair) => {
        const [name, value = ''] = pair.split('=')
        return `${rfc3986(decodeURIComponent(name!))}=${rfc3986(decodeURIComponent(value))}`
      })
      .sort()
      .join('&')
    const headerLines = names.map(
      (name) =>
        `${name}:${String(req.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}`,
    )
    const canonical = [req.method, rawPath, query, ...headerLines, '', signedHeaders, sha256(body)].join('\n')
    const scope = `${day}/${region}/s3/aws4_request`
    const toSign = `AWS4-HMAC-SHA256\n${amzDate}\n${scope}\n${sha256(canonical)}`
    let signingKey = hmac(`AWS4${secretAccessKey}`, day!)
    for (const part of [region, 's3', 'aws4_request']) signingKey = hmac(signingKey, part)
    const expected = crypto.createHmac('sha256', signingKey).update(toSign).digest('hex')
    return expected === signature ? null : 'SignatureDoesNotMatch'
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const xml = (status: number, text: string) => {
        res.writeHead(status, { 'Content-Type': 'application/xml' })
        res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${text}`)
      }
      const problem = signatureProblem(req, body)
      if (problem) {
        state.refused++
        return xml(403, `<Error><Code>SignatureDoesNotMatch</Code><Message>${escapeXml(problem)}</Message></Error>`)
      }
      const url = new URL(req.url ?? '/', 'http://s3.test')
      const [, first, ...rest] = url.pathname.split('/')
      if (first !== bucket) return xml(404, '<Error><Code>NoSuchBucket</Code></Error>')
      const key = decodeURIComponent(rest.join('/'))
      if (!key && req.method === 'GET' && url.searchParams.get('list-type') === '2') {
        const all = [...objects.keys()].filter((k) => k.startsWith(url.searchParams.get('prefix') ?? '')).sort()
        const after = url.searchParams.get('continuation-token')
        const from = after ? all.findIndex((k) => k > after) : 0
        const size = Math.min(Number(url.searchParams.get('max-keys') ?? 1000), options.pageSize ?? 1000)
        const page = from < 0 ? [] : all.slice(from, from + size)
        const truncated = from >= 0 && from + size < all.length
        return xml(
          200,
          `<ListBucketResult><Name>${bucket}</Name><KeyCount>${page.length}</KeyCount><IsTruncated>${truncated}</IsTruncated>${
            truncated ? `<NextContinuationToken>${escapeXml(page.at(-1)!)}</NextContinuationToken>` : ''
          }${page
            .map(
              (k) =>
                `<Contents><Key>${escapeXml(k)}</Key><LastModified>${objects.get(k)!.modified.toISOString()}</LastModified><Size>${objects.get(k)!.bytes.length}</Size></Contents>`,
            )
            .join('')}</ListBucketResult>`,
        )
      }
      const object = objects.get(key)
      if (req.method === 'PUT') {
        objects.set(key, {
          bytes: body,
          contentType: String(req.headers['content-type'] ?? ''),
          modified: new Date(),
        })
        res.writeHead(200, { ETag: `"${crypto.createHash('md5').update(body).digest('hex')}"` })
        return res.end()
      }
      if (req.method === 'DELETE') {
        objects.delete(key)
        res.writeHead(204)
        return res.end()
      }
      if (req.method === 'GET' || req.method === 'HEAD') {
        if (!object) return xml(404, '<Error><Code>NoSuchKey</Code></Error>')
        res.writeHead(200, { 'Content-Type': object.contentType, 'Content-Length': object.bytes.length })
        return res.end(req.method === 'GET' ? object.bytes : undefined)
      }
      xml(405, '<Error><Code>MethodNotAllowed</Code></Error>')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    region,
    objects,
    get refused() {
      return state.refused
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
