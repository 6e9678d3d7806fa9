/**
 * How the H5 bundle reaches a phone fast (production builds):
 * - RoutePreloadPlugin: Taro loads a page's chunk only after the app chunk has run, a
 *   second round trip on a slow network. A small inline script in index.html looks at
 *   the path being opened and preloads that page's chunks (its own and those webpack
 *   loads with it, such as the pages' zh-CN messages) while the app chunk downloads.
 * - GzipAssetsPlugin: writes a gzip copy beside every script, style and page, which the
 *   reference server sends to browsers that accept it (precompressed, never per request).
 */
import { gzipSync } from 'zlib'
import HtmlWebpackPlugin from 'html-webpack-plugin'
import { Compilation, sources, type Compiler, type Module } from 'webpack'

const NAME = 'openrealm-h5-delivery'

/** A page and every H5 path it is opened at. */
export interface PagePaths {
  /** Taro page path, e.g. pages/index/index */
  page: string
  /** Browser paths, e.g. /index.html and /pages/index/index */
  paths: string[]
}

/** The source files a module stands for (a concatenated module stands for several). */
function resourcesOf (module: Module): string[] {
  const concatenated = module as Module & { modules?: Module[] }
  if (concatenated.modules) return concatenated.modules.flatMap(resourcesOf)
  const resource = (module as Module & { resource?: string }).resource
  return resource ? [resource] : []
}

/** Preloads, per opened path, the chunk files of the page shown at that path: its chunk and the others of its chunk group. */
export class RoutePreloadPlugin {
  constructor (private readonly pages: PagePaths[], private readonly publicPath: string = '/') {}

  apply (compiler: Compiler): void {
    compiler.hooks.compilation.tap(NAME, compilation => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(NAME, data => {
        const filesByPath: Record<string, string[]> = {}
        for (const chunk of compilation.chunks) {
          if (chunk.canBeInitial()) continue
          const resources = [...compilation.chunkGraph.getChunkModulesIterable(chunk)].flatMap(resourcesOf)
          const page = this.pages.find(entry => resources.some(resource => resource.replace(/\\/g, '/').replace(/\.[jt]sx?$/, '').endsWith(`/${entry.page}`)))
          if (!page) continue
          const loadedTogether = new Set([...chunk.groupsIterable].flatMap(group => group.chunks))
          const files = [...loadedTogether].flatMap(each => [...each.files]).filter(file => /\.(js|css)$/.test(file)).map(file => `${this.publicPath}${file}`)
          for (const pathname of page.paths) filesByPath[pathname] = [...new Set([...(filesByPath[pathname] ?? []), ...files])]
        }
        const script = `!function(m,f){if(f=m[location.pathname])for(var i=0;i<f.length;i++){var l=document.createElement('link');l.rel='preload';l.as=/\\.css$/.test(f[i])?'style':'script';l.href=f[i];document.head.appendChild(l)}}(${JSON.stringify(filesByPath)})`
        data.headTags.unshift({ tagName: 'script', voidTag: false, innerHTML: script, attributes: {}, meta: { plugin: NAME } })
        return data
      })
    })
  }
}

/** Writes `<asset>.gz` beside every script, style and HTML page larger than 1 KB. */
export class GzipAssetsPlugin {
  apply (compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap(NAME, compilation => {
      compilation.hooks.processAssets.tap({ name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER }, assets => {
        for (const [name, source] of Object.entries(assets)) {
          if (!/\.(js|css|html)$/.test(name)) continue
          const content = source.buffer()
          if (content.length < 1024) continue
          compilation.emitAsset(`${name}.gz`, new sources.RawSource(gzipSync(content, { level: 9 })))
        }
      })
    })
  }
}
