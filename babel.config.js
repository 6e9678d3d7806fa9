// babel-preset-taro compiles the client for both platforms; jest reuses it through
// @tarojs/test-utils-react's transformer (see jest.config.js).
module.exports = {
  presets: [
    ['taro', {
      framework: 'react',
      ts: true,
      compiler: 'webpack5',
    }],
  ],
}
