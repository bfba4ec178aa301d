/** The URL an uploaded image is served at (app/routes/_main+/images.$imageId.tsx). */
export const imageUrl = (imageId: number) => `/images/${imageId}`

/** The rules shown beside an image field (kept in step with images.server.ts). */
export const IMAGE_RULES = 'JPEG, PNG or WebP, at most 5 MB'
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp'
