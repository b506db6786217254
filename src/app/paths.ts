// The portal's pages (spec §2): the route table lives in contract/pages.ts, shared with the server; views import
// it from here.
export * from '../../contract/pages.ts'
