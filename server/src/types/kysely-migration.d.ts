/**
 * Types of the `kysely/migration` entry point. The repository's tsconfig resolves modules
 * the classic node way, which ignores package `exports`, so the subpath is pointed at its
 * declaration file here; at run time Node and jest resolve it through `exports`.
 */
declare module 'kysely/migration' {
  export * from 'kysely/dist/migration/index'
}
