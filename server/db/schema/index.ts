export * from './core.ts'
export * from './domain.ts'
export * from './content.ts'
export * from './idp.ts'
export * from './enrolments.ts'
export * from './partner-search.ts'
export * from './avvisi.ts'
// clubs is defined in core.ts and re-exported by domain.ts: name the one binding once.
export { clubs } from './core.ts'
