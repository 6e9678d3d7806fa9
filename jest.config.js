/**
 * One `npm test` for the whole repository, as three jest projects:
 * - core: core/ (wire shapes, domain rules, the query codec) in plain node;
 * - client: src/ under the Taro H5 runtime in jsdom, through @tarojs/test-utils-react;
 * - server: server/ in plain node against a real database.
 * Tests that need PostgreSQL run in the server project when DATABASE_URL is set (.ci/run).
 */
const path = require('path')
const defineJestConfig = require('@tarojs/test-utils-react/dist/jest.js').default

const testUtils = path.dirname(require.resolve('@tarojs/test-utils-react/package.json'))

/** Paths shared by every project: `@/x` is src/x (client), `@core/x` is core/x (shared by client and server). */
const aliases = {
  '^@/(.*)$': '<rootDir>/src/$1',
  '^@core/(.*)$': '<rootDir>/core/$1',
}

const client = defineJestConfig({
  displayName: 'client',
  rootDir: __dirname,
  testMatch: ['<rootDir>/__tests__/**/*.test.{ts,tsx}'],
  setupFiles: [
    // The package's own setup first, then ours, which loads the mapped @tarojs/taro
    // before anything imports @tarojs/router (see __tests__/setup/taro-h5-env.ts).
    path.join(testUtils, 'dist/jest/jest.setup.js'),
    '<rootDir>/__tests__/setup/taro-h5-env.ts',
    // The zh-CN pages' part, which the app's page chunks install (see the file).
    '<rootDir>/__tests__/setup/page-messages.ts',
  ],
  // swiper (a dependency of @tarojs/components) ships .mjs files that need the same transformer.
  transform: {
    '^.+\\.(mjs|js|jsx|ts|tsx)$': path.join(testUtils, 'dist/jest/babel-transformer.js'),
  },
  // The H5 variant of a platform file (`video.h5.ts` beside `video.ts`) wins, as in the H5 build.
  moduleFileExtensions: ['h5.ts', 'h5.tsx', 'ts', 'tsx', 'js', 'mjs', 'json', 'jsx'],
  moduleNameMapper: {
    ...aliases,
    // Taro 4 router under the Taro 3 test utilities (see __tests__/setup/router-adapter.ts).
    '^@tarojs/router$': '<rootDir>/__tests__/setup/router-adapter.ts',
    '\\.(css|scss|sass|less)$': '<rootDir>/__tests__/setup/style-stub.js',
    // jsdom cannot play HLS; the player library is left out (see the stub).
    '^hls\\.js$': '<rootDir>/__tests__/setup/hls-stub.js',
  },
  testEnvironmentOptions: {
    url: 'http://localhost/',
    customExportConditions: ['node', 'node-addons'],
  },
})
// The package's defaults carry `bail` and `verbose`, options of a whole run that a project
// may not hold (jest warns of each on every run): the run's own defaults stand.
delete client.bail
delete client.verbose

/** TypeScript compiled for the running node, as the server and core projects need it. */
const nodeTransform = {
  '^.+\\.(ts|js)$': ['babel-jest', { presets: [['@babel/preset-env', { targets: { node: 'current' } }], '@babel/preset-typescript'], babelrc: false, configFile: false }],
}

const core = {
  displayName: 'core',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/core/test/**/*.test.ts'],
  transform: nodeTransform,
  moduleNameMapper: aliases,
}

const server = {
  displayName: 'server',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/server/test/**/*.test.ts'],
  // kysely and cookie (light-my-request's, behind app.inject) ship ES modules only:
  // they are compiled like the server's own sources
  transform: nodeTransform,
  transformIgnorePatterns: ['/node_modules/(?!(kysely|cookie)/)'],
  moduleNameMapper: aliases,
}

module.exports = {
  projects: [core, client, server],
  // a server test file starts a real app on a real database (a fresh PostgreSQL schema in
  // CI's pass), and a page test mounts the app: on a busy 2-core machine that alone can
  // outlast jest's 5 s default (a project cannot set its own: jest reads this one)
  testTimeout: 30000,
  // Coverage (`npm test -- --coverage`, as .ci/run does): the whole client and server,
  // with the floors the issues promise for the client core and the domain rules.
  collectCoverageFrom: ['core/**/*.ts', '!core/test/**', 'src/**/*.{ts,tsx}', 'server/src/**/*.ts', 'config/routes.ts', '!**/*.d.ts', '!src/**/index.config.ts', '!src/app.config.ts'],
  coverageThreshold: {
    './core/domain/': { branches: 100, lines: 100 },
    './core/query/': { lines: 95 },
    './src/services/': { lines: 95 },
    './src/router/': { lines: 95 },
    './src/utils/': { lines: 95 },
    './src/constants/': { lines: 95 },
  },
  coverageDirectory: '<rootDir>/coverage',
  coverageReporters: ['text-summary', 'json-summary', 'lcov'],
}
