// What the toolkit's pages (/toolkit/…) show and their forms' answers. Routes guard (any signed-in
// user) and call these; each user sees and changes only their own links and images.
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { Database } from '#db/database'
import type { Viewer } from '~/auth/session.server'
import { config } from '~/config.server'
import type { FormOutcome } from '~/ui/outcome.server'
import { newIdempotencyKey } from '../idempotency/idempotency.server'
import { utmSchema } from './utm'
import { deleteUtmLink, saveUtmLink, userLinks } from './utm.server'

type Reply = SubmissionResult<string[]>

/** The short link's full address, on the origin users reach. */
export const shortUrl = (code: string) => `${config().appUrl.replace(/\/+$/, '')}/u/${code}`

export async function utmPage(db: Database, viewer: Viewer) {
  const links = await userLinks(db, viewer.userId)
  return {
    idempotencyKey: newIdempotencyKey(),
    links: links.map((r) => ({
      id: r.id,
      url: r.url,
      shortUrl: shortUrl(r.code),
      source: r.utm_source,
      medium: r.utm_medium,
      campaign: r.utm_campaign,
      term: r.utm_term,
      content: r.utm_content,
      clicks: Number(r.clicks),
      lastClickedAt: r.last_clicked_at,
      createdAt: r.created_at,
    })),
  }
}
export type UtmPageData = Awaited<ReturnType<typeof utmPage>>

export async function utmAction(db: Database, viewer: Viewer, form: FormData): Promise<FormOutcome<Reply>> {
  const submission = parseWithZod(form, { schema: utmSchema })
  if (submission.status !== 'success') {
    if (form.get('intent') === 'delete') return { status: 'bad-request' }
    return { status: 'invalid', reply: submission.reply() }
  }
  const value = submission.value
  if (value.intent === 'delete') {
    if (!(await deleteUtmLink(db, viewer.userId, value.linkId))) return { status: 'not-found' }
    return { status: 'done', toast: { kind: 'success', message: 'The link is deleted; its short link no longer works.' } }
  }
  const { repeated } = await saveUtmLink(db, viewer.userId, value, value.idempotencyKey)
  return { status: 'done', toast: { kind: 'success', message: repeated ? 'The link was already saved.' : 'The link is saved with its short link.' } }
}
