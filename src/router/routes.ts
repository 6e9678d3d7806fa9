/**
 * The route table lives in config/routes.ts because the build configuration reads it
 * too (Taro compiles only config/ when it loads config/index.ts). The client imports it here.
 */
export * from '../../config/routes'
