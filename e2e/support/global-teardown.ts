import { stopProduct } from './product'

/** After the e2e pass: stop the product started in global-setup. */
export default async function globalTeardown (): Promise<void> {
  if (globalThis.__E2E_PRODUCT__) await stopProduct(globalThis.__E2E_PRODUCT__)
}
