// Lint for the whole repository: TypeScript rules, React hooks rules, Taro's style
// (no semicolons, single quotes), and the import boundaries of the three parts
// (docs/layout.md): core/ imports neither side, server/ imports no client code, the
// client loads no schema builder or server code, only server/src/app.ts imports a route
// module, pages reach the API only through stores, and stores import no component.
const tseslint = require('typescript-eslint')
const reactHooks = require('eslint-plugin-react-hooks')

/** Packages that only the client may load (the Taro runtime, MobX, React, the JS-SDK). */
const CLIENT_PACKAGES = { group: ['@tarojs/*', 'mobx', 'mobx-*', 'react', 'react-*', 'weixin-js-sdk'], message: 'client-only package: core/ and server/ do not load the client runtime' }
/** Packages that only the server may load. */
const SERVER_PACKAGES = { group: ['fastify', '@fastify/*', 'kysely', 'better-sqlite3', 'pg', 'ioredis', 'ws'], message: 'server-only package: core/ and the client do not load the server runtime' }
/** The client's alias. */
const CLIENT_ALIAS = { group: ['@/*'], message: 'client code (src/): move what both sides need to core/' }

/** What no client file imports: server code and runtime, the schema builder, core/wire schema values. */
const CLIENT_PATTERNS = [
  SERVER_PACKAGES,
  { group: ['@sinclair/typebox', '@sinclair/typebox/*'], message: 'the schema builder stays out of the client bundles' },
  { regex: '^@core/wire/(?!(codes|paths|page-answers|[a-z-]+-codes|[a-z-]+-paths)$)', allowTypeImports: true, message: 'the client imports core/wire schemas as types only (values from the TypeBox-free codes, paths, page-answers and <topic>-codes / <topic>-paths modules)' },
  { regex: '^(\\.\\./)+server(/|$)', message: 'the client does not import server/' },
]

/**
 * The Taro elements the client takes from src/components/page-elements/ (one module per
 * element on H5): imported from `@tarojs/components` anywhere, webpack would count the
 * element used by the whole app and put its Stencil core in every page's chunk, Home's
 * first load included (bench/RESULTS.md).
 */
const OWN_MODULE_ELEMENTS = {
  name: '@tarojs/components',
  importNames: ['Canvas', 'Input', 'ScrollView', 'Switch', 'Textarea', 'Video', 'WebView'],
  allowTypeImports: true,
  message: 'import this element from @/components/page-elements/<element> (its core then loads only with the pages that show it)',
}

/**
 * A relative import that climbs out of `dir` and into `target` (a folder at the root),
 * for the files of `dir` at each depth: `../../src/x` from server/test/helper.ts leaves
 * server/, while `../src/app` from there stays inside it (server/src). One config per
 * depth, each with `patterns` and the climbing pattern of its depth.
 */
function boundaryConfigs (dir, patterns, targets, maxDepth = 8) {
  const configs = []
  for (let depth = 0; depth < maxDepth; depth++) {
    configs.push({
      files: [`${dir}/${'*/'.repeat(depth)}*.{ts,tsx}`],
      rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [...patterns, climbOut(dir, targets, depth)] }] },
    })
  }
  return configs
}

/** The pattern of a relative import from a file `depth` folders below `dir` that climbs out of `dir` into one of `targets`. */
function climbOut (dir, targets, depth) {
  return { regex: `^(\\.\\./){${depth + 1},}(${targets.join('|')})(/|$)`, message: `${dir}/ does not import ${targets.join(' or ')}/ (docs/layout.md)` }
}

/** What a server/src file is told when it imports a route module. */
const ROUTE_MODULE_MESSAGE = 'a route module (server/src/routes/<resource>/) is registered by server/src/app.ts and imported by nothing else: put what others share in server/src/rules/, services/ or http/ (docs/layout.md)'

/**
 * server/src/: a route module is imported by server/src/app.ts only, so the gateway, the
 * space and the other routes call the shared rules (server/src/rules/, services/) rather
 * than an HTTP handler's file. One config per depth below server/src (`depth` folders
 * down, `../` that many times reaches server/src/routes), each restating the server's
 * boundary patterns of its depth (a later config's options replace an earlier one's); a
 * file of a route folder (server/src/routes/<resource>/…) is also refused the climb to
 * server/src/routes/ that names another route folder.
 */
function routeModuleConfigs (maxDepth = 6) {
  const configs = []
  for (let depth = 0; depth < maxDepth; depth++) {
    const serverPatterns = [CLIENT_ALIAS, CLIENT_PACKAGES, climbOut('server', ['src'], depth + 1)]
    const intoRoutes = { regex: depth === 0 ? '^\\./routes(/|$)' : `^(\\.\\./){${depth}}routes(/|$)`, message: ROUTE_MODULE_MESSAGE }
    configs.push({
      files: [`server/src/${'*/'.repeat(depth)}*.{ts,tsx}`],
      ignores: ['server/src/app.ts'],
      rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [...serverPatterns, intoRoutes] }] },
    })
    if (depth < 2) continue
    const intoAnotherRoute = { regex: `^(\\.\\./){${depth - 1}}(?!\\.)`, message: ROUTE_MODULE_MESSAGE }
    configs.push({
      files: [`server/src/routes/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
      rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [...serverPatterns, intoRoutes, intoAnotherRoute] }] },
    })
  }
  return configs
}

module.exports = tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'coverage/**', 'data/**', 'e2e/artifacts/**', 'bench/.work/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      semi: ['error', 'never'],
      quotes: ['error', 'single', { avoidEscape: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  // core/: pure and shared, so it imports neither side nor either runtime.
  ...boundaryConfigs('core', [CLIENT_ALIAS, CLIENT_PACKAGES, SERVER_PACKAGES], ['src', 'server']),
  // server/: never the client's code or runtime.
  ...boundaryConfigs('server', [CLIENT_ALIAS, CLIENT_PACKAGES], ['src']),
  // server/src/: route modules are registered by app.ts and imported by nothing else.
  ...routeModuleConfigs(),
  // src/: the client's bundles take only types from core/wire's schema files; values come
  // from the TypeBox-free codes, paths, page-answers and <topic>-codes / <topic>-paths
  // modules, so the schema builder never ships.
  { files: ['src/**/*.{ts,tsx}'], rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: [OWN_MODULE_ELEMENTS], patterns: CLIENT_PATTERNS }] } },
  // the element modules themselves: the mini-program's re-export Taro's own
  { files: ['src/components/page-elements/*.ts'], rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: CLIENT_PATTERNS }] } },
  // Taro writes a View's ariaRole as an aria-role attribute, which no screen reader reads:
  // roles come from src/constants/a11y.ts (role="…") and tappable Views from src/utils/pressable.
  {
    files: ['src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': ['error', { selector: "JSXAttribute[name.name='ariaRole']", message: 'ariaRole renders as aria-role, which nothing reads: use a role from @/constants/a11y or pressable() from @/utils/pressable' }],
    },
  },
  // src/pages/: pages reach the API through stores (ARCHITECTURE "Data flow").
  {
    files: ['src/pages/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [OWN_MODULE_ELEMENTS],
        patterns: [...CLIENT_PATTERNS, { regex: '^(@/|(\\.\\./)+)services/(api|request)(/|$)', message: 'pages reach the API through their store, never the API client or the request chain' }],
      }],
    },
  },
  // src/stores/: a store never imports a component (ARCHITECTURE "Data flow": components render
  // stores, not the other way round); what both need that draws nothing lives beside the store.
  {
    files: ['src/stores/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [OWN_MODULE_ELEMENTS],
        patterns: [...CLIENT_PATTERNS, { regex: '^(@/|(\\.\\./)+)components(/|$)', message: 'a store never imports a component: move the non-visual code below the store (src/stores/<domain>/, src/utils/ or core/domain/)' }],
      }],
    },
  },
  {
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
)
