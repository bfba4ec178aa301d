import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileStorageOf, isFileDatabase, loadConfig, parseTrustProxy } from './config.server'

describe('configuration', () => {
  it('requires SESSION_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: ':memory:' })).toThrow(/SESSION_SECRET is required/)
  })

  it('refuses a bad port and a short secret with a clear message', () => {
    expect(() => loadConfig({ PORT: 'abc', SESSION_SECRET: 'x'.repeat(40) })).toThrow(/PORT must be a whole number/)
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/at least 32 characters/)
  })

  it('marks cookies Secure when the site is served over HTTPS', () => {
    const secret = 'x'.repeat(40)
    expect(loadConfig({ SESSION_SECRET: secret }).cookieSecure).toBe(false)
    expect(loadConfig({ SESSION_SECRET: secret, APP_URL: 'https://orders.example.com' }).cookieSecure).toBe(true)
  })

  it('makes production safe: https APP_URL required unless ALLOW_HTTP, every interface, no development mode', () => {
    const base = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), DATABASE_URL: ':memory:' }
    expect(() => loadConfig(base)).toThrow(/APP_URL is required/)
    expect(() => loadConfig({ ...base, APP_URL: 'http://orders.example.com' })).toThrow(/must be https/)
    const onHttp = loadConfig({ ...base, APP_URL: 'http://10.0.0.5:3000', ALLOW_HTTP: 'true' })
    expect(onHttp.cookieSecure).toBe(false)
    const live = loadConfig({ ...base, APP_URL: 'https://orders.example.com' })
    expect(live).toMatchObject({ production: true, development: false, host: undefined, cookieSecure: true })
  })

  it('keeps the demo on this machine unless HOST says otherwise, and never in development mode by default', () => {
    const demo = loadConfig({ SESSION_SECRET: 'x'.repeat(40) })
    expect(demo).toMatchObject({ production: false, development: false, host: '127.0.0.1' })
    expect(loadConfig({ SESSION_SECRET: 'x'.repeat(40), HOST: '0.0.0.0' }).host).toBe('0.0.0.0')
    expect(loadConfig({ SESSION_SECRET: 'x'.repeat(40), NODE_ENV: 'development' }).development).toBe(true)
  })

  it('honours WEBHOOK_ALLOW_PRIVATE in every mode; unset, private webhook targets are allowed outside production only', () => {
    const demo: Record<string, string> = { SESSION_SECRET: 'x'.repeat(40) }
    const production = { ...demo, NODE_ENV: 'production', APP_URL: 'https://orders.example.com' }
    for (const base of [demo, { ...demo, NODE_ENV: 'development' }, { ...demo, NODE_ENV: 'test' }, production]) {
      expect(loadConfig({ ...base, WEBHOOK_ALLOW_PRIVATE: 'false' }).webhookAllowPrivate, base.NODE_ENV).toBe(false)
      expect(loadConfig({ ...base, WEBHOOK_ALLOW_PRIVATE: 'true' }).webhookAllowPrivate, base.NODE_ENV).toBe(true)
      expect(() => loadConfig({ ...base, WEBHOOK_ALLOW_PRIVATE: 'no' }), base.NODE_ENV).toThrow(
        /WEBHOOK_ALLOW_PRIVATE must be true or false/,
      )
    }
    expect(loadConfig(demo).webhookAllowPrivate).toBe(true)
    expect(loadConfig({ ...demo, WEBHOOK_ALLOW_PRIVATE: '' }).webhookAllowPrivate).toBe(true)
    expect(loadConfig(production).webhookAllowPrivate).toBe(false)
  })

  it.each([
    [undefined, false],
    ['false', false],
    ['true', true],
    ['1', 1],
    ['loopback', ['loopback']],
    ['loopback, 10.0.0.0/8,fd00::1', ['loopback', '10.0.0.0/8', 'fd00::1']],
  ])('reads TRUST_PROXY=%j as Express expects', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected)
  })

  it('refuses a TRUST_PROXY it cannot read', () => {
    expect(() => parseTrustProxy('yes please')).toThrow(/TRUST_PROXY must be/)
  })

  it('never writes the demo secret beside a database that is not a file', () => {
    const cwd = process.cwd()
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'config-'))
    process.chdir(dir)
    try {
      loadConfig({ DATABASE_URL: 'postgres://u:p@h/db' })
      expect(fs.existsSync(path.join(dir, 'postgres:'))).toBe(false)
      expect(fs.existsSync(path.join(dir, 'data', 'session-secret'))).toBe(true)
      expect(isFileDatabase('postgres://u:p@h/db')).toBe(false)
      expect(isFileDatabase('file:data/app.db')).toBe(true)
      expect(isFileDatabase('data/app.db')).toBe(true)
    } finally {
      process.chdir(cwd)
    }
  })

  it('keeps files in the folder on SQLite and in the database on PostgreSQL unless FILE_STORAGE says otherwise', () => {
    expect(fileStorageOf({}, 'data/app.db')).toEqual({ fileStorage: 'fs', s3: null })
    expect(fileStorageOf({}, 'postgres://u:p@h/db')).toEqual({ fileStorage: 'database', s3: null })
    expect(fileStorageOf({ FILE_STORAGE: 'database' }, 'data/app.db').fileStorage).toBe('database')
    expect(fileStorageOf({ FILE_STORAGE: 'fs' }, 'postgres://u:p@h/db').fileStorage).toBe('fs')
    expect(() => fileStorageOf({ FILE_STORAGE: 'nfs' }, 'data/app.db')).toThrow(
      /FILE_STORAGE must be fs, database or s3/,
    )
    expect(() => fileStorageOf({ FILE_STORAGE: 's3', S3_BUCKET: 'b' }, 'data/app.db')).toThrow(
      /needs S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    )
    const s3 = { FILE_STORAGE: 's3', S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }
    expect(fileStorageOf({ ...s3, S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com/' }, 'x.db').s3).toEqual({
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      bucket: 'uploads',
      region: 'us-east-1',
      accessKeyId: 'k',
      secretAccessKey: 's',
      pathStyle: false,
    })
    expect(fileStorageOf({ ...s3, S3_ENDPOINT: 'http://minio:9000' }, 'x.db').s3?.pathStyle).toBe(true)
    expect(
      fileStorageOf({ ...s3, S3_ENDPOINT: 'http://minio:9000', S3_PATH_STYLE: 'false' }, 'x.db').s3?.pathStyle,
    ).toBe(false)
    expect(() => fileStorageOf({ ...s3, S3_ENDPOINT: 'minio:9000' }, 'x.db')).toThrow(/S3_ENDPOINT must be an origin/)
  })
})
