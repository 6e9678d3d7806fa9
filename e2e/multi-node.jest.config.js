/**
 * The multi-node pass (.ci/run): two real server processes on one PostgreSQL schema and
 * one Redis, gateway clients on each (e2e/multi-node.test.ts) and members in Chromium on
 * each (e2e/multi-node-chat.test.ts, serving the H5 bundle that .ci/run's build step made;
 * the global setup builds it only when missing).
 * DATABASE_URL (default: the CI machine's postgres://postgres@127.0.0.1:5432/test) and
 * REDIS_URL (default redis://127.0.0.1:6379) name the shared services.
 */
const path = require('path')

module.exports = {
  rootDir: path.resolve(__dirname, '..'),
  displayName: 'multi-node',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/e2e/multi-node.test.ts', '<rootDir>/e2e/multi-node-chat.test.ts', '<rootDir>/e2e/multi-node-plaza.test.ts'],
  transform: {
    '^.+\\.ts$': ['babel-jest', { presets: [['@babel/preset-env', { targets: { node: 'current' } }], '@babel/preset-typescript'], babelrc: false, configFile: false }],
  },
  transformIgnorePatterns: ['/node_modules/(?!(kysely)/)'],
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/src/$1',
    '^@core/(.*)$': '<rootDir>/core/$1',
  },
  globalSetup: '<rootDir>/e2e/support/multi-node-setup.ts',
  maxWorkers: 1,
  testTimeout: 60000,
}
