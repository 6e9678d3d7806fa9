/**
 * End-to-end pass (`npm run test:e2e`): real Chromium (Debian's, via playwright-core)
 * against the real product — the built H5 bundle served by the reference server with
 * a fresh SQLite database on a free loopback port. No mocks on this path.
 */
const path = require('path')

module.exports = {
  rootDir: path.resolve(__dirname, '..'),
  displayName: 'e2e',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/e2e/**/*.e2e.test.ts'],
  transform: {
    '^.+\\.ts$': ['babel-jest', { presets: [['@babel/preset-env', { targets: { node: 'current' } }], '@babel/preset-typescript'], babelrc: false, configFile: false }],
  },
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/src/$1',
    '^@core/(.*)$': '<rootDir>/core/$1',
  },
  globalSetup: '<rootDir>/e2e/support/global-setup.ts',
  globalTeardown: '<rootDir>/e2e/support/global-teardown.ts',
  // One browser, one server: files run one after another on 2 cores.
  maxWorkers: 1,
  testTimeout: 60000,
}
