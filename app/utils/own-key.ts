/**
 * Whether a value from a form or URL names one of the object's own keys. `key in object` also
 * says yes to "__proto__", "constructor" and "toString", which every object inherits.
 */
export function isOwnKey<T extends object>(object: T, key: unknown): key is keyof T & string {
  return typeof key === 'string' && Object.hasOwn(object, key)
}
