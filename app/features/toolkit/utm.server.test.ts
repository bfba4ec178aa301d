import type { LoaderFunctionArgs } from '@remix-run/node'
import { getDb } from '~/db.server'
import * as shortLink from '~/routes/_public+/u.$code'
import { userIdOf } from '../../../tests/support/db'
import { buildUtmUrl, urlProblem, utmSchema } from './utm'
import { deleteUtmLink, followShortLink, newShortCode, saveUtmLink, shortLinkAllowed, userLinks } from './utm.server'
import { utmAction, utmPage } from './pages.server'
import { parseShortLinkHosts } from '~/config.server'
import { parseWithZod } from '@conform-to/zod/v4'

const db = () => getDb()
let alice: number
let bob: number
beforeAll(async () => {
  alice = await userIdOf('internal@example.com')
  bob = await userIdOf('buyer@example.com')
})
const tags = {
  url: 'https://shop.example.com/summer?colour=blue&utm_source=old',
  source: 'newsletter',
  medium: 'email',
  campaign: 'diwali-2026',
  term: '',
  content: 'hero banner',
}

describe('building a tagged link', () => {
  it('keeps the page’s own query, replaces old tags and leaves out empty ones', () => {
    const url = new URL(buildUtmUrl(tags)!)
    expect(url.origin + url.pathname).toBe('https://shop.example.com/summer')
    expect(url.searchParams.get('colour')).toBe('blue')
    expect(url.searchParams.getAll('utm_source')).toEqual(['newsletter'])
    expect(url.searchParams.get('utm_content')).toBe('hero banner')
    expect(url.searchParams.has('utm_term')).toBe(false)
  })

  it('takes only http and https addresses without credentials', () => {
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://files.example.com/a',
      '//evil.example.com',
      'shop.example.com',
      'https://user:pass@shop.example.com/',
    ]) {
      expect(urlProblem(bad), bad).not.toBeNull()
      expect(buildUtmUrl({ ...tags, url: bad }), bad).toBeNull()
    }
    expect(urlProblem('http://localhost:3000/x')).toBeNull()
    const refused = parseWithZod(
      new URLSearchParams({ intent: 'save', url: 'javascript:alert(1)', source: '', medium: 'email', campaign: 'x' }),
      { schema: utmSchema },
    )
    expect(refused.status).toBe('error')
    expect(refused.reply().error).toMatchObject({
      url: ['Only http and https addresses can be tagged'],
      source: [expect.stringMatching(/^Enter the source/)],
    })
  })

  it('draws seven-character codes from an alphabet without look-alikes', () => {
    const codes = new Set(Array.from({ length: 500 }, newShortCode))
    expect(codes.size).toBe(500)
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Za-km-z2-9]{7}$/)
  })
})

describe('saved links and short links', () => {
  it('saves once per idempotency key and audits it', async () => {
    const first = await saveUtmLink(db(), alice, tags, 'utm-key-1')
    const again = await saveUtmLink(db(), alice, tags, 'utm-key-1')
    expect(again).toEqual({ id: first.id, repeated: true })
    const mine = await userLinks(db(), alice)
    expect(mine.filter((r) => r.id === first.id)).toHaveLength(1)
    expect(mine[0]).toMatchObject({ url: buildUtmUrl(tags), utm_campaign: 'diwali-2026', utm_term: null, clicks: 0 })
    const entry = await db()
      .selectFrom('audit_events')
      .select('action')
      .where('entity_type', '=', 'utm_link')
      .where('entity_id', '=', String(first.id))
      .executeTakeFirst()
    expect(entry?.action).toBe('utm_link.created')
  })

  const args = (value: string) =>
    ({
      request: new Request(`http://localhost/u/${encodeURIComponent(value)}`),
      params: { code: value },
      context: {},
    }) as unknown as LoaderFunctionArgs
  const codeOf = async (id: number) =>
    (await db().selectFrom('utm_links').select('code').where('id', '=', id).executeTakeFirstOrThrow()).code
  // The suites' APP_URL is http://localhost:3000, so by default short links lead to localhost only.
  const ours = { ...tags, url: 'http://localhost:3000/catalogue?colour=blue' }

  it('a short link redirects only to its saved address on our own host and counts each click; other codes are 404', async () => {
    const { id } = await saveUtmLink(db(), alice, { ...ours, campaign: 'clicks' })
    const code = await codeOf(id)
    const response = (await shortLink.loader(args(code))) as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(buildUtmUrl({ ...ours, campaign: 'clicks' }))
    await Promise.all([followShortLink(db(), code), followShortLink(db(), code)])
    const row = await db()
      .selectFrom('utm_links')
      .select(['clicks', 'last_clicked_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(Number(row.clicks)).toBe(3)
    expect(row.last_clicked_at).not.toBeNull()
    for (const unknown of [
      'zzzzzzz',
      'https://evil.example.com',
      '../admin',
      code.toLowerCase() === code ? code.toUpperCase() : code.toLowerCase(),
      '',
    ]) {
      const status = await shortLink.loader(args(unknown)).then(
        () => 200,
        (error: Response) => error.status,
      )
      expect(status, unknown).toBe(404)
    }
  })

  it('a link saved before the rule that leads to another host shows a page naming it, never a redirect', async () => {
    // Made by a seller when anyone could make one.
    const { id } = await saveUtmLink(db(), await userIdOf('seller@example.com'), {
      ...tags,
      url: 'https://evil.example.net/login',
      campaign: 'old',
    })
    const answer = await shortLink.loader(args(await codeOf(id)))
    expect(answer).not.toBeInstanceOf(Response)
    const { data: page, init } = answer as unknown as {
      data: { destination: string; host: string }
      init: { headers: Record<string, string> }
    }
    expect(page).toEqual({
      destination: buildUtmUrl({ ...tags, url: 'https://evil.example.net/login', campaign: 'old' }),
      host: 'evil.example.net',
    })
    expect(init.headers['Referrer-Policy']).toBe('no-referrer')
  })

  it('only staff make short links, and only to SHORT_LINK_HOSTS, refused at the address field', async () => {
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom('utm_links')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const before = await count()
    const save = (url: string) =>
      new URLSearchParams({ intent: 'save', url, source: 'newsletter', medium: 'email', campaign: 'rule' }) as never
    const buyer = { userId: bob, roles: ['buyer'] } as never
    expect(await utmAction(db(), buyer, save('http://localhost:3000/catalogue'))).toMatchObject({ status: 'forbidden' })
    const staff = { userId: alice, roles: ['internal'] } as never
    const refused = await utmAction(db(), staff, save('https://evil.example.com/'))
    expect(refused.status).toBe('invalid')
    if (refused.status === 'invalid') {
      expect((refused.reply as { error: Record<string, string[]> }).error.url).toEqual([
        'Short links lead only to our own sites: localhost',
      ])
      expect((refused.reply as { initialValue: Record<string, string> }).initialValue.url).toBe(
        'https://evil.example.com/',
      )
    }
    expect(await count()).toBe(before)
    expect(await utmAction(db(), staff, save('http://localhost:3000/catalogue'))).toMatchObject({ status: 'done' })
    expect(await count()).toBe(before + 1)
  })

  it('reads SHORT_LINK_HOSTS: exact hosts, *. for subdomains, the app host by default', () => {
    expect(parseShortLinkHosts('', 'https://orders.example.com')).toEqual(['orders.example.com'])
    const hosts = parseShortLinkHosts(' Example.com, *.shop.example.com ', 'https://orders.example.com')
    expect(hosts).toEqual(['example.com', '*.shop.example.com'])
    expect(shortLinkAllowed('https://example.com/a', hosts)).toBe(true)
    expect(shortLinkAllowed('https://a.shop.example.com/a', hosts)).toBe(true)
    expect(shortLinkAllowed('https://shop.example.com/a', hosts)).toBe(true)
    for (const url of [
      'https://www.example.com/',
      'https://example.com.evil.net/',
      'https://evilshop.example.com/',
      'https://evil.net/?example.com',
      'not a url',
    ]) {
      expect(shortLinkAllowed(url, hosts), url).toBe(false)
    }
    expect(() => parseShortLinkHosts('https://example.com/', 'https://orders.example.com')).toThrow(/SHORT_LINK_HOSTS/)
  })

  it('anyone else tags a link with the page (a GET), and nothing is saved', async () => {
    const buyer = { userId: bob, roles: ['buyer'] } as never
    const page = await utmPage(
      db(),
      buyer,
      new URLSearchParams({
        url: tags.url,
        source: 'newsletter',
        medium: 'email',
        campaign: 'diwali-2026',
        content: 'hero banner',
      }),
    )
    expect(page.mayShorten).toBe(false)
    expect(page.tagging).toMatchObject({ tagged: buildUtmUrl(tags), problem: null })
    const bad = await utmPage(
      db(),
      buyer,
      new URLSearchParams({ url: 'javascript:alert(1)', source: 'a', medium: 'b', campaign: 'c' }),
    )
    expect(bad.tagging).toMatchObject({ tagged: null, problem: 'Only http and https addresses can be tagged' })
    expect((await utmPage(db(), { userId: alice, roles: ['internal'] } as never)).mayShorten).toBe(true)
  })

  it('a user deletes only their own links; a deleted link’s short code is gone', async () => {
    const { id } = await saveUtmLink(db(), alice, { ...tags, campaign: 'mine' })
    const { code } = await db().selectFrom('utm_links').select('code').where('id', '=', id).executeTakeFirstOrThrow()
    expect(await deleteUtmLink(db(), bob, id)).toBe(false)
    const viewer = { userId: bob } as never
    expect(
      await utmAction(db(), viewer, new URLSearchParams({ intent: 'delete', linkId: String(id) }) as never),
    ).toEqual({ status: 'not-found' })
    expect(await userLinks(db(), bob)).toEqual([])
    expect(await deleteUtmLink(db(), alice, id)).toBe(true)
    expect(await followShortLink(db(), code)).toBeNull()
  })

  it('a refused form answers with its messages and saves nothing', async () => {
    const before = (await userLinks(db(), alice)).length
    const outcome = await utmAction(
      db(),
      { userId: alice } as never,
      new URLSearchParams({
        intent: 'save',
        url: 'https://x.example.com',
        source: 'a'.repeat(101),
        medium: 'email',
        campaign: 'c',
      }) as never,
    )
    expect(outcome.status).toBe('invalid')
    expect((await userLinks(db(), alice)).length).toBe(before)
  })
})
