/**
 * Which platform the code runs on. Read at call time (the build replaces
 * `process.env.TARO_ENV` with a literal; tests may switch it per case).
 */

/** True in the H5 (mobile web) build, false in the mini-program. */
export function isH5 (): boolean {
  return process.env.TARO_ENV === 'h5'
}
