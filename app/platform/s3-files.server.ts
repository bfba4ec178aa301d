import crypto from 'node:crypto'
import type { S3Config } from '~/config.server'
import { checkedFileKey, isFileKey } from './file-key'
import type { FileStore } from './file-store'

// FILE_STORAGE=s3: files in an S3-compatible object store (AWS S3, MinIO, Cloudflare R2, Ceph, ...),
// spoken to over its REST API with fetch and Signature Version 4 (node:crypto), not an SDK: the app
// needs five calls (PUT, GET, HEAD, DELETE an object; ListObjectsV2 for the sweep).
// https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html

const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'

const sha256 = (data: string | Uint8Array) => crypto.createHash('sha256').update(data).digest('hex')
const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac('sha256', key).update(data).digest()

/** RFC 3986 encoding as SigV4 wants it: every byte but A-Z a-z 0-9 - _ . ~ (and `/` in a path). */
export function uriEncode(text: string, keepSlash = false): string {
  return Array.from(Buffer.from(text, 'utf8'))
    .map((byte) => {
      const char = String.fromCharCode(byte)
      if (/[A-Za-z0-9\-_.~]/.test(char) || (keepSlash && char === '/')) return char
      return `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
    })
    .join('')
}

export interface SignInput {
  method: string
  /** The path as sent, already encoded (`/bucket/key`). */
  path: string
  query: Record<string, string>
  /** Headers to sign besides those added here (host, x-amz-date, x-amz-content-sha256). */
  headers: Record<string, string>
  payloadHash: string
  host: string
  now: Date
  region: string
  accessKeyId: string
  secretAccessKey: string
}

/** The headers of a request signed with AWS Signature Version 4 for S3 (the Authorization header among them). */
export function signRequest(input: SignInput): Record<string, string> {
  const amzDate = input.now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
  const day = amzDate.slice(0, 8)
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(input.headers).map(([name, value]) => [name.toLowerCase(), value])),
    host: input.host,
    'x-amz-content-sha256': input.payloadHash,
    'x-amz-date': amzDate,
  }
  const names = Object.keys(headers).sort()
  const canonicalQuery = Object.entries(input.query)
    .map(([name, value]) => [uriEncode(name), uriEncode(value)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&')
  const canonicalRequest = [
    input.method,
    input.path,
    canonicalQuery,
    ...names.map((name) => `${name}:${headers[name].trim().replace(/\s+/g, ' ')}`),
    '',
    names.join(';'),
    input.payloadHash,
  ].join('\n')
  const scope = `${day}/${input.region}/s3/aws4_request`
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n')
  const key = ['s3', 'aws4_request'].reduce(
    (k, part) => hmac(k, part),
    hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region),
  )
  const signature = crypto.createHmac('sha256', key).update(stringToSign).digest('hex')
  const { host: _host, ...rest } = headers
  return {
    ...rest,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
  }
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
const unescapeXml = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name])
const tag = (xml: string, name: string) => xml.match(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`))?.[1]

export class S3Error extends Error {}

/** The object store of S3Config: a bucket, spoken to path-style or as a virtual host. */
export function s3Files(cfg: S3Config): FileStore {
  const endpoint = new URL(cfg.endpoint)
  const host = cfg.pathStyle ? endpoint.host : `${cfg.bucket}.${endpoint.host}`
  const base = cfg.pathStyle ? `/${uriEncode(cfg.bucket)}` : ''

  async function call(
    method: string,
    key: string | null,
    options: { query?: Record<string, string>; body?: Uint8Array; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const path = key === null ? base || '/' : `${base}/${uriEncode(checkedFileKey(key), true)}`
    const query = options.query ?? {}
    const signed = signRequest({
      method,
      path,
      query,
      headers: options.headers ?? {},
      payloadHash: options.body ? sha256(options.body) : EMPTY_SHA256,
      host,
      now: new Date(),
      region: cfg.region,
      accessKeyId: cfg.accessKeyId,
      secretAccessKey: cfg.secretAccessKey,
    })
    const search = Object.entries(query)
      .map(([name, value]) => `${uriEncode(name)}=${uriEncode(value)}`)
      .join('&')
    return fetch(`${endpoint.protocol}//${host}${path}${search ? `?${search}` : ''}`, {
      method,
      headers: signed,
      body:
        options.body &&
        new Uint8Array(options.body.buffer as ArrayBuffer, options.body.byteOffset, options.body.byteLength),
      signal: AbortSignal.timeout(30_000),
    })
  }

  async function fail(response: Response, what: string): Promise<never> {
    const text = await response.text().catch(() => '')
    throw new S3Error(`S3 ${what}: ${response.status} ${tag(text, 'Code') ?? ''} ${tag(text, 'Message') ?? ''}`.trim())
  }

  async function unlink(keys: string[]) {
    for (const key of keys) {
      const response = await call('DELETE', key)
      // Deleting what is not there answers 204 on S3, 404 on some others: gone either way.
      if (!response.ok && response.status !== 404) await fail(response, `DELETE ${key}`)
    }
  }

  async function get(key: string): Promise<Response | null> {
    // A key no upload makes names no object.
    if (!isFileKey(key)) return null
    const response = await call('GET', key)
    if (response.status === 404) {
      await response.body?.cancel()
      return null
    }
    if (!response.ok) await fail(response, `GET ${key}`)
    return response
  }

  return {
    backend: 's3',
    async put(_trx, key, bytes, contentType) {
      const response = await call('PUT', key, { body: bytes, headers: { 'content-type': contentType } })
      if (!response.ok) await fail(response, `PUT ${key}`)
      await response.body?.cancel()
    },
    async open(_db, key) {
      const response = await get(key)
      if (!response?.body) return null
      return { size: Number(response.headers.get('content-length')), body: response.body }
    },
    async read(_db, key) {
      const response = await get(key)
      return response ? Buffer.from(await response.arrayBuffer()) : null
    },
    async exists(_db, key) {
      if (!isFileKey(key)) return false
      const response = await call('HEAD', key)
      if (response.status === 404) return false
      if (!response.ok) await fail(response, `HEAD ${key}`)
      return true
    },
    async remove(_trx, keys) {
      return () => unlink(keys)
    },
    discard: (_db, keys) => unlink(keys),
    abandon: (_db, keys) => unlink(keys),
    async list(_db, options = {}) {
      const keys: string[] = []
      let token: string | undefined
      do {
        const query: Record<string, string> = { 'list-type': '2', 'max-keys': '1000' }
        if (token) query['continuation-token'] = token
        const response = await call('GET', null, { query })
        if (!response.ok) await fail(response, 'ListObjectsV2')
        const xml = await response.text()
        for (const [, item] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
          const key = unescapeXml(tag(item, 'Key') ?? '')
          const modified = Date.parse(tag(item, 'LastModified') ?? '')
          if (key && (!options.before || modified < options.before.getTime())) keys.push(key)
        }
        token = tag(xml, 'IsTruncated') === 'true' ? unescapeXml(tag(xml, 'NextContinuationToken') ?? '') : undefined
      } while (token)
      return keys.sort()
    },
  }
}
