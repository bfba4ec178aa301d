// Reading forms out of a page's HTML, as the fuzz and upload suites do (no DOM needed).

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

/** An attribute of a tag as written (entities decoded), or null. */
export function attribute(tag: string, name: string): string | null {
  const match = tag.match(new RegExp(`\\s${name}="([^"]*)"`))
  return match ? decode(match[1]) : null
}
