import { endpoints } from '~/api/v1/index'
import { openApiDocument } from '~/api/openapi.server'

// The OpenAPI 3.1 document of /api/v1 (docs/api.md), generated from the endpoints' own schemas. Public:
// it describes the API and holds no data. This route is more specific than the API's splat (v1.$), so
// it is answered here, without a token.

let document: string | null = null

export function loader() {
  document ??= JSON.stringify(openApiDocument(endpoints), null, 2)
  return new Response(document, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'public, max-age=300',
      'Access-Control-Allow-Origin': '*',
    },
  })
}
