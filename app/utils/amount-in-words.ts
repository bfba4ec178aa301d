import { ToWords } from 'to-words'

// An amount in words in the Indian system (thousand, lakh, crore), as Indian invoices print it:
// "One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight Rupees And Ninety Paise Only".

const words = new ToWords({ localeCode: 'en-IN', converterOptions: { currency: true } })

/** Paise as rupees in words (whole paise; a negative amount reads "Minus …"). */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new Error(`Not an amount in paise: ${paise}`)
  const rupees = Math.trunc(Math.abs(paise) / 100)
  const rest = Math.abs(paise) % 100
  // Whole rupees and paise apart, so no binary fraction ever reaches the words.
  const text = words.convert(Number(`${rupees}.${String(rest).padStart(2, '0')}`))
  return paise < 0 ? `Minus ${text}` : text
}
