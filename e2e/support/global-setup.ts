/**
 * Before the e2e pass: the H5 bundle must exist (CI builds it in the step before;
 * a developer's first run builds it here) and one product instance is started,
 * its URL handed to the tests through E2E_BASE_URL.
 */
import { execSync } from 'child_process'
import { existsSync } from 'fs'
import path from 'path'
import { startProduct, type RunningProduct } from './product'

declare global {
  var __E2E_PRODUCT__: RunningProduct | undefined
}

export default async function globalSetup (): Promise<void> {
  const root = path.resolve(__dirname, '..', '..')
  if (!existsSync(path.join(root, 'dist/h5/index.html'))) {
    // jest sets NODE_ENV=test, under which Taro builds a development bundle that does not run
    execSync('npx taro build --type h5', { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
  }
  const product = await startProduct()
  globalThis.__E2E_PRODUCT__ = product
  process.env.E2E_BASE_URL = product.url
}
