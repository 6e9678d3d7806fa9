/**
 * The mini-program pass (.ci/run, after `npm run build:weapp`): the build in dist/weapp
 * compiled by WeChat's own `wcc` and `wcsc` (e2e/weapp/compile-check.test.ts), and every
 * page run under a simulated WeChat runtime against the real product on a loopback port
 * (e2e/weapp/runtime.test.ts). No browser: node alone.
 */
const path = require('path')

module.exports = {
  rootDir: path.resolve(__dirname, '..'),
  displayName: 'weapp',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/e2e/weapp/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['babel-jest', { presets: [['@babel/preset-env', { targets: { node: 'current' } }], '@babel/preset-typescript'], babelrc: false, configFile: false }],
  },
  transformIgnorePatterns: ['/node_modules/(?!(kysely)/)'],
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/src/$1',
    '^@core/(.*)$': '<rootDir>/core/$1',
  },
  maxWorkers: 1,
  testTimeout: 60000,
}
