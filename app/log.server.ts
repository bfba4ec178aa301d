import { pino, type Logger } from 'pino'

/**
 * The process's log: one JSON object a line on standard output (time, level, msg, and for a
 * request its id, method, path, status and duration), for a log collector to read. LOG_LEVEL
 * chooses how much: `info` (default: every request), `warn`, `error` or `silent`.
 */
export function createLog(
  level = process.env.LOG_LEVEL?.trim() || 'info',
  destination?: NodeJS.WritableStream,
): Logger {
  const options = {
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  }
  return destination ? pino(options, destination) : pino(options)
}

declare global {
  var __log: Logger | undefined
}

/** The one log of the process. */
export function log(): Logger {
  globalThis.__log ??= createLog()
  return globalThis.__log
}
