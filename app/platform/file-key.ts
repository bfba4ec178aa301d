// A file store's key (app/platform/files.server.ts): `name` or `area/name`, never a path a request
// could steer out of the folder or the bucket.
const KEY = /^(?:[a-z0-9-]{1,30}\/)?[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}$/

export const isFileKey = (key: string) => KEY.test(key)

export function checkedFileKey(key: string): string {
  if (!isFileKey(key)) throw new Error(`not a file key: ${JSON.stringify(key)}`)
  return key
}
