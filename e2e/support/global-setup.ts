/**
 * Before the e2e pass: the H5 bundle must exist (CI builds it in the step before;
 * a developer's first run builds it here) and one product instance is started,
 * its URL handed to the tests through E2E_BASE_URL.
 */
import { ensureH5Bundle, startProduct, type RunningProduct } from './product'

declare global {
  var __E2E_PRODUCT__: RunningProduct | undefined
}

export default async function globalSetup (): Promise<void> {
  ensureH5Bundle()
  const product = await startProduct()
  globalThis.__E2E_PRODUCT__ = product
  process.env.E2E_BASE_URL = product.url
}
