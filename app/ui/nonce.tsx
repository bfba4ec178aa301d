import { createContext, useContext } from 'react'

/** This response's CSP nonce, for the inline scripts Remix renders (empty in the browser, where it is not needed). */
export const NonceContext = createContext('')
export const useNonce = () => useContext(NonceContext)
