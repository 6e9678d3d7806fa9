/**
 * The voice media pass (.ci/run): WebRTC between real Chromium pages on loopback, directly
 * and relayed by a real coturn (e2e/voice-path.test.ts). It needs neither the H5 bundle nor
 * the product, so it has no global setup; the SFU's end-to-end test, which needs both, runs
 * in the e2e pass (e2e/jest.config.js).
 */
const path = require('path')

module.exports = {
  rootDir: path.resolve(__dirname, '..'),
  displayName: 'voice',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/e2e/voice-path.test.ts'],
  transform: {
    '^.+\\.ts$': ['babel-jest', { presets: [['@babel/preset-env', { targets: { node: 'current' } }], '@babel/preset-typescript'], babelrc: false, configFile: false }],
  },
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/src/$1',
    '^@core/(.*)$': '<rootDir>/core/$1',
  },
  maxWorkers: 1,
  testTimeout: 60000,
}
