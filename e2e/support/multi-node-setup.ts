import { ensureH5Bundle } from './product'

/**
 * Before the multi-node pass: the browser test's nodes serve the built H5 bundle (.ci/run
 * builds it in the step before; a developer's first run builds it here).
 */
export default function multiNodeSetup (): void {
  ensureH5Bundle()
}
