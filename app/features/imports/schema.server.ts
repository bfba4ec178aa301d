// The schema module as route actions import it: a `.server` module stays out of the browser's
// bundle, and zod with it (the views load their schemas when a form is reached: useZodForm).
export * from './schema'
