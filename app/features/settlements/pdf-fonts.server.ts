import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

// The money documents' font: Noto Sans (a package, full TrueType files), which has the rupee sign
// that pdfkit's built-in Helvetica has not. Every PDF of money registers these names.

const fontFile = (file: string) => createRequire(import.meta.url).resolve(`@expo-google-fonts/noto-sans/${file}`)
/** The registered font names: regular and bold. */
export const FONT = 'NotoSans'
export const FONT_BOLD = 'NotoSans-Bold'
const FONT_FILES = {
  [FONT]: '400Regular/NotoSans_400Regular.ttf',
  [FONT_BOLD]: '700Bold/NotoSans_700Bold.ttf',
}
// Read once per process; each document embeds only the glyphs it uses.
let fontData: [string, Buffer][] | undefined
export const fonts = () =>
  (fontData ??= Object.entries(FONT_FILES).map(([name, file]) => [name, readFileSync(fontFile(file))]))
