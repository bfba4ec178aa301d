// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string
    connections?: number
    duration?: number
    headers?: Record<string, string>
    /** A sequence each connection sends in turn, over and over. */
    requests?: { method?: string; path: string; headers?: Record<string, string>; body?: string }[]
    timeout?: number
  }
  interface Instance {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void,
    ): void
    on(event: 'reqError', listener: (error: Error) => void): void
  }
  export interface Result {
    requests: { average: number; total: number }
    latency: { p50: number; p99: number; average: number }
    non2xx: number
    errors: number
    timeouts: number
  }
  function autocannon(options: Options): Promise<Result>
  function autocannon(options: Options, done: (error: Error | null, result: Result) => void): Instance
  export default autocannon
}
