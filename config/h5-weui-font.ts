/**
 * What the H5 build leaves out of Taro's base stylesheet: `@tarojs/components`' CSS (which
 * every H5 app's runtime injects from its JS) embeds WeUI's icon font as a base64 data URL,
 * about 3.5 KB gzip of Home's first load (bench/RESULTS.md, issue 28). Only the `weui-icon-*`
 * classes use it, and only Taro's Icon, Checkbox and Radio elements set those; the client
 * shows none of them (lint refuses them, eslint.config.js), and Taro's toast, modal and
 * action sheet draw their icons with inline styles. The font's URL becomes an empty one:
 * a browser fetches a font only for text that uses it, so nothing asks for it.
 */

/** The WeUI icon font's data URL, as Taro's components stylesheet embeds it. */
const WEUI_FONT = /^data:application\/octet-stream;base64,AAEAAAALAIAAAwAwR1NVQrD\+s\+0/

/** The empty font that stands in for it. */
const NO_FONT = 'data:font/ttf;base64,'

/** The part of webpack-chain this needs (Taro passes its chain to `h5.webpackChain`). */
interface PluginChain {
  plugin: (name: string) => { use: (plugin: unknown, args: unknown[]) => unknown }
}

/** The part of a request webpack's NormalModuleReplacementPlugin hands over. */
interface ModuleRequest { request: string }

/** Points the WeUI icon font's data URL at an empty font in an H5 build's webpack chain. */
export function leaveOutWeuiFont (chain: PluginChain): void {
  // webpack is Taro's, resolved at build time (config files are not bundled)
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { NormalModuleReplacementPlugin } = require('webpack') as { NormalModuleReplacementPlugin: new (test: RegExp, replace: (request: ModuleRequest) => void) => unknown }
  chain.plugin('leave-out-weui-font').use(NormalModuleReplacementPlugin, [WEUI_FONT, (request: ModuleRequest) => { request.request = NO_FONT }])
}
