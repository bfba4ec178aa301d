// The benchmark measures as deployed: React's production build in this process too, where the
// bare query + render runs (it is read when React is first imported, so this module comes first).
process.env.NODE_ENV = 'production'
