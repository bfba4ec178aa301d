// The benchmark measures as deployed: React's production build in this process too, where the bare
// query + render runs. React reads NODE_ENV when it is first imported, so this module is imported
// first; then restoreNodeEnv() gives the app's own code in this process (seeds, the bare queries)
// the environment it had, as before (production would ask it for a session secret and a URL).
const before = process.env.NODE_ENV
process.env.NODE_ENV = 'production'

export function restoreNodeEnv() {
  const env: Record<string, string | undefined> = process.env
  if (before === undefined) delete env.NODE_ENV
  else env.NODE_ENV = before
}
