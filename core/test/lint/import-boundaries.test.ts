/**
 * The import boundaries of eslint.config.js (README "Layout") bite: each case lints a
 * one-line source as if it sat at `filePath` and reads the boundary rule's verdict.
 */
import path from 'path'
import { ESLint } from 'eslint'

const RULE = '@typescript-eslint/no-restricted-imports'
const ROOT = path.resolve(__dirname, '../../..')
// the repository's own config, passed in: ESLint's config-file loader uses a dynamic import jest's VM cannot run
// eslint-disable-next-line @typescript-eslint/no-require-imports
const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: true, overrideConfig: require(path.join(ROOT, 'eslint.config.js')) })

/** The boundary rule's messages for `code` at `filePath` (empty when the import is allowed). */
async function boundaryErrors (filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = [x]\n`, { filePath })
  return result.messages.filter(message => message.ruleId === RULE).map(message => message.message)
}

jest.setTimeout(30000)

describe('import boundaries', () => {
  it.each([
    ['the client alias', "import { x } from '@/constants/messages'"],
    ['the client tree by a relative path', "import { x } from '../../src/utils/format-date'"],
    ['the server tree', "import { x } from '../../server/src/errors'"],
    ['the Taro runtime', "import x from '@tarojs/taro'"],
    ['MobX', "import { x } from 'mobx'"],
    ['Fastify', "import x from 'fastify'"],
    ['Kysely, even as a type', "import type { x } from 'kysely'"],
  ])('refuses core code that imports %s', async (_what, code) => {
    expect(await boundaryErrors('core/domain/example.ts', code)).toHaveLength(1)
  })

  it('lets core code import core', async () => {
    expect(await boundaryErrors('core/domain/example.ts', "import { x } from '@core/wire/codes'")).toEqual([])
  })

  it.each([
    ['the client alias', 'server/src/routes/example/index.ts', "import { x } from '@/domain/channel'"],
    ['the client tree by a relative path', 'server/src/routes/example/index.ts', "import { x } from '../../../../src/utils/format-date'"],
    ['the client tree from a test', 'server/test/routes/example.test.ts', "import { x } from '../../../src/stores/root-store'"],
    ['MobX', 'server/src/example.ts', "import { x } from 'mobx'"],
  ])('refuses server code that imports %s', async (_what, filePath, code) => {
    expect(await boundaryErrors(filePath, code)).toHaveLength(1)
  })

  it('lets server code import its own src folder and core', async () => {
    expect(await boundaryErrors('server/test/helper.ts', "import { x } from '../src/app'")).toEqual([])
    expect(await boundaryErrors('server/test/routes/example.test.ts', "import { x } from '../../src/app'")).toEqual([])
    expect(await boundaryErrors('server/src/routes/example/index.ts', "import { x } from '@core/wire/api'")).toEqual([])
  })

  it.each([
    ['the API client', "import { x } from '@/services/api'"],
    ['a call of the API client', "import { x } from '@/services/api/storage-upload'"],
    ['the request chain by a relative path', "import { x } from '../../services/request'"],
  ])('refuses a page that imports %s', async (_what, code) => {
    expect(await boundaryErrors('src/pages/example/index.tsx', code)).toHaveLength(1)
  })

  it('lets a page import its stores', async () => {
    expect(await boundaryErrors('src/pages/example/index.tsx', "import { x } from '@/stores/context'")).toEqual([])
  })

  it.each([
    ['a wire schema as a value', "import { x } from '@core/wire/entities'"],
    ['the schema builder', "import { x } from '@sinclair/typebox'"],
    ['server code', "import { x } from '../../server/src/app'"],
    ['a server package', "import x from 'kysely'"],
  ])('refuses client code that imports %s', async (_what, code) => {
    expect(await boundaryErrors('src/stores/example-store.ts', code)).toHaveLength(1)
  })

  it('lets client code take wire types, codes and paths', async () => {
    expect(await boundaryErrors('src/stores/example-store.ts', "import type { x } from '@core/wire/entities'")).toEqual([])
    expect(await boundaryErrors('src/stores/example-store.ts', "import { x } from '@core/wire/codes'")).toEqual([])
    expect(await boundaryErrors('src/services/api/example.ts', "import { x } from '@core/wire/paths'")).toEqual([])
  })
})
