/// <reference types="vite/client" />
import type { RouteRules } from './rules'

const areas = import.meta.glob<{ routes: RouteRules }>('./routes-*.ts', { eager: true })

/** Every route's access rule, from every area file (tests/access/routes-*.ts). */
export function allRoutes(): RouteRules {
  return Object.assign({}, ...Object.values(areas).map((area) => area.routes))
}
