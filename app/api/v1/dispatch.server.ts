import { makeDispatcher } from '../dispatch.server'
import { endpoints } from './index'

/** The dispatcher of /api/v1, made once per process. */
export const dispatchV1 = makeDispatcher(endpoints)
