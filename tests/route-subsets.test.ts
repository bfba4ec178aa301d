// The route subsets server.js serves each path with (app/http/route-subsets.server.ts), over the
// real build (npm test builds before it runs vitest).
import type { ServerBuild } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { routeSubsets } from '~/http/route-subsets.server'

const build = (await import('../build/index.js' as string)) as ServerBuild
const subsets = () => routeSubsets(build, (b) => b)
const idsOf = (b: ServerBuild) => Object.keys(b.routes).sort()

describe('route subsets', () => {
  it('hold a path’s matched branch and its ancestors’ matches, and nothing else', () => {
    const handlerFor = subsets()
    const list = handlerFor('/skus/fabric_skus')
    expect(idsOf(list)).toEqual(
      expect.arrayContaining(['root', 'routes/_main+/_layout', 'routes/_main+/skus.$productSkus._index']),
    )
    expect(idsOf(list).length).toBeLessThan(8)
    expect(Object.keys(list.assets.routes).sort()).toEqual(idsOf(list))
    // A static segment wins over a parameter, as in the whole tree.
    expect(idsOf(handlerFor('/sellers/add'))).toContain('routes/_main+/sellers.add')
    expect(idsOf(handlerFor('/sellers/add'))).not.toContain('routes/_main+/sellers.$sellerId._index')
    expect(idsOf(handlerFor('/sellers/12'))).toContain('routes/_main+/sellers.$sellerId._index')
  })

  it('serve single-fetch data requests with the page’s subset, and the manifest and unknown paths with the whole build', () => {
    const handlerFor = subsets()
    expect(handlerFor('/skus/fabric_skus.data')).toBe(handlerFor('/skus/fabric_skus'))
    expect(handlerFor('/_root.data')).toBe(handlerFor('/'))
    expect(handlerFor('/__manifest')).toBe(build)
    // Paths of one shape share one handler (made once).
    expect(handlerFor('/sellers/12')).toBe(handlerFor('/sellers/13'))
  })
})
