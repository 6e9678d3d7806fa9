/**
 * The import boundaries of eslint.config.js (docs/layout.md) bite: each case lints a
 * one-line source as if it sat at `filePath` and reads the boundary rule's verdict. And
 * no file of the tree reaches itself through its imports: the import graph of src/, core/
 * and server/src/ (read with the TypeScript compiler's own import scanner, type imports
 * and dynamic imports included) holds no circle, and no module but server/src/app.ts
 * imports a route module (server/src/routes/<resource>/): the routes, the gateway and the
 * space share the rules of server/src/rules/ and services/ instead.
 */
import path from 'path'
import { ESLint } from 'eslint'
import ts from 'typescript'
import { productSourceFiles, readSource, ROOT, sourceFilesBelow } from './source-tree'

const RULE = '@typescript-eslint/no-restricted-imports'
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
    ['the space', 'server/src/space/hub.ts', "import { x } from '../routes/messages'"],
    ['the gateway, even as a type', 'server/src/gateway/session.ts', "import type { x } from '../routes/access'"],
    ['a service', 'server/src/services/example.ts', "import { x } from '../routes/accounts/index'"],
    ['the process entry', 'server/src/server.ts', "import { x } from './routes/dev-sign-in'"],
    ['another route folder', 'server/src/routes/conversations/index.ts', "import { x } from '../messages'"],
    ['another route folder through server/src', 'server/src/routes/conversations/index.ts', "import { x } from '../../routes/messages'"],
  ])('refuses a route module imported by %s', async (_what, filePath, code) => {
    expect(await boundaryErrors(filePath, code)).toHaveLength(1)
  })

  it('lets the app import its route modules, a route its own folder and the shared rules', async () => {
    expect(await boundaryErrors('server/src/app.ts', "import x from './routes/messages'")).toEqual([])
    expect(await boundaryErrors('server/src/routes/rules/index.ts', "import { x } from './documents'")).toEqual([])
    expect(await boundaryErrors('server/src/routes/conversations/index.ts', "import { x } from '../../rules/messages'")).toEqual([])
    expect(await boundaryErrors('server/src/space/hub.ts', "import { x } from '../rules/access'")).toEqual([])
  })

  it('still refuses client code in server/src below the route-module rule', async () => {
    expect(await boundaryErrors('server/src/space/hub.ts', "import { x } from '../../../src/utils/format-date'")).toHaveLength(1)
    expect(await boundaryErrors('server/src/services/example.ts', "import { x } from 'mobx'")).toHaveLength(1)
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
    ['by the alias', "import { x } from '@/components/space/motion'"],
    ['by a relative path', "import { x } from '../../components/space/motion'"],
    ['even as a type', "import type { x } from '@/components/space/space-map'"],
  ])('refuses a store that imports a component %s', async (_what, code) => {
    expect(await boundaryErrors('src/stores/space/space-store.ts', code)).toHaveLength(1)
  })

  it('lets a store import what lies below it and a component import a store', async () => {
    expect(await boundaryErrors('src/stores/space/space-store.ts', "import { x } from './motion'")).toEqual([])
    expect(await boundaryErrors('src/stores/space/space-store.ts', "import { x } from '@/utils/color'")).toEqual([])
    expect(await boundaryErrors('src/components/space/index.tsx', "import { x } from '@/stores/space/motion'")).toEqual([])
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

/** What an import of `x` may name on disk: the file, each platform's file (`x.h5.ts` beside `x.ts`), or a folder's index. */
const CANDIDATE_SUFFIXES = ['.ts', '.tsx', '.h5.ts', '.h5.tsx', '.weapp.ts', '.weapp.tsx', '/index.ts', '/index.tsx']

/** The files of the tree an import of `specifier` in `from` names (none for a package). */
function importedFiles (from: string, specifier: string, known: Set<string>): string[] {
  let base: string
  if (specifier.startsWith('@/')) base = `src/${specifier.slice(2)}`
  else if (specifier.startsWith('@core/')) base = `core/${specifier.slice(6)}`
  else if (specifier.startsWith('.')) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier))
  else return []
  if (known.has(base)) return [base]
  // a platform file that names its own module (`./measure` in measure.h5.ts) means the shared file beside it
  return CANDIDATE_SUFFIXES.map(suffix => `${base}${suffix}`).filter(file => known.has(file) && file !== from)
}

/** file → the files of the tree it imports, for the product source and any `more` files (imports of them and by them). */
function importGraph (more: string[] = []): Map<string, string[]> {
  const files = [...productSourceFiles(), ...more]
  const known = new Set(files)
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const { importedFiles: imports } = ts.preProcessFile(readSource(file), true, true)
    graph.set(file, [...new Set(imports.flatMap(({ fileName }) => importedFiles(file, fileName, known)))])
  }
  return graph
}

/** The circles of a graph: its strongly connected components of two files or more, or of one file that imports itself (Tarjan). */
function circlesOf (graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const circles: string[][] = []
  const visit = (file: string): void => {
    index.set(file, index.size)
    low.set(file, index.get(file) as number)
    stack.push(file)
    onStack.add(file)
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(file, Math.min(low.get(file) as number, low.get(next) as number))
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file) as number, index.get(next) as number))
      }
    }
    if (low.get(file) !== index.get(file)) return
    const component: string[] = []
    let member: string | undefined
    do {
      member = stack.pop() as string
      onStack.delete(member)
      component.push(member)
    } while (member !== file)
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) circles.push(component.sort())
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return circles
}

describe('import circles', () => {
  it('finds a circle of imports, type imports included, and none in a line of them', () => {
    const graph = new Map([['a.ts', ['b.ts']], ['b.ts', ['c.ts']], ['c.ts', ['a.ts']], ['d.ts', ['a.ts']], ['e.ts', ['e.ts']]])
    expect(circlesOf(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']])
    expect(circlesOf(new Map([['a.ts', ['b.ts']], ['b.ts', []]]))).toEqual([])
  })

  it('reads the imports the way the tree writes them: aliases, relative paths, platform files, type-only and dynamic imports', () => {
    const graph = importGraph()
    expect(graph.get('src/i18n/index.ts')).toEqual(expect.arrayContaining(['src/i18n/load-english.ts', 'src/i18n/load-english.h5.ts', 'src/i18n/messages-zh-cn.ts']))
    expect(graph.get('src/i18n/load-english.h5.ts')).toEqual(expect.arrayContaining(['src/i18n/messages-en.ts', 'src/i18n/messages-zh-cn.ts']))
    expect(graph.get('src/stores/chat/channel-chat.ts')).toEqual(expect.arrayContaining(['src/services/api/messages.ts', 'src/stores/chat/types.ts']))
  })

  it('holds no circle in src/, core/ or server/src/ (a file never reaches itself through its imports)', () => {
    expect(circlesOf(importGraph())).toEqual([])
  })
})

/** The folder of route modules: each of its folders is one resource's routes, registered by {@link ROUTE_REGISTRAR}. */
const ROUTES_DIR = 'server/src/routes/'
/** The one module that imports route modules. */
const ROUTE_REGISTRAR = 'server/src/app.ts'
/** The live side and the shared services, which import nothing from the route folder at all. */
const BELOW_THE_ROUTES = ['server/src/space/', 'server/src/gateway/', 'server/src/services/']

/** The route folder a file of server/src/routes/ belongs to (`server/src/routes/messages/`), or null for a file outside one. */
function routeFolderOf (file: string): string | null {
  const match = /^server\/src\/routes\/[^/]+\//.exec(file)
  return match ? match[0] : null
}

/** `importer → imported` for every import of a route module by another module than the app or the route's own folder. */
function routeModuleImports (graph: Map<string, string[]>): string[] {
  const found: string[] = []
  for (const [importer, imports] of graph) {
    for (const imported of imports) {
      if (!imported.startsWith(ROUTES_DIR) || importer === ROUTE_REGISTRAR) continue
      const folder = routeFolderOf(imported)
      if (folder === null || !importer.startsWith(folder)) found.push(`${importer} → ${imported}`)
    }
  }
  return found.sort()
}

describe('route modules', () => {
  it('finds every import of a route module but the app\'s and its own folder\'s', () => {
    const graph = new Map([
      ['server/src/app.ts', ['server/src/routes/messages/index.ts']],
      ['server/src/space/hub.ts', ['server/src/routes/messages/index.ts', 'server/src/rules/messages.ts']],
      ['server/src/routes/conversations/index.ts', ['server/src/routes/messages/index.ts']],
      ['server/src/routes/rules/index.ts', ['server/src/routes/rules/documents.ts']],
    ])
    expect(routeModuleImports(graph)).toEqual([
      'server/src/routes/conversations/index.ts → server/src/routes/messages/index.ts',
      'server/src/space/hub.ts → server/src/routes/messages/index.ts',
    ])
  })

  it('are imported by server/src/app.ts only (a route\'s own folder aside), type imports included, by the server\'s tests too', () => {
    expect(routeModuleImports(importGraph(sourceFilesBelow('server/test')))).toEqual([])
  })

  it('are never reached from the space, the gateway or the services', () => {
    const reached = [...importGraph()]
      .filter(([importer]) => BELOW_THE_ROUTES.some(dir => importer.startsWith(dir)))
      .flatMap(([importer, imports]) => imports.filter(imported => imported.startsWith(ROUTES_DIR)).map(imported => `${importer} → ${imported}`))
    expect(reached).toEqual([])
  })

  it('fill server/src/routes/: every file there sits in a resource\'s folder', () => {
    expect(productSourceFiles().filter(file => file.startsWith(ROUTES_DIR) && routeFolderOf(file) === null)).toEqual([])
  })
})
