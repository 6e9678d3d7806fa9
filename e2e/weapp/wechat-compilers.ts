/**
 * WeChat's own template and stylesheet compilers (`wcc` for WXML, `wcsc` for WXSS), the
 * Linux binaries the npm package `miniprogram-compiler` ships, run the way that package
 * and the developer tools run them. The closest check to the developer tools, which do
 * not run here: what they refuse, these refuse with the same message.
 */
import { spawnSync } from 'child_process'
import { chmodSync, copyFileSync, existsSync, mkdtempSync, readFileSync } from 'fs'
import { tmpdir } from 'os'
import path from 'path'

/** What one compiler run said: its exit status and everything it wrote to stderr. */
export interface CompilerRun {
  status: number | null
  stderr: string
  stdout: string
}

const PACKAGE_BIN = path.join(path.dirname(require.resolve('miniprogram-compiler/package.json')), 'bin', 'linux')

let binDir: string | null = null

/**
 * The folder holding runnable copies of `wcc` and `wcsc`: the package's files carry no
 * execute bit (the package sets it at run time, on the installed file), so they are copied
 * to a temporary folder and made executable there, leaving node_modules as npm wrote it.
 */
function compilersDir (): string {
  if (process.platform !== 'linux') throw new Error('the WeChat compilers check runs the Linux binaries of miniprogram-compiler')
  if (binDir !== null) return binDir
  const dir = mkdtempSync(path.join(tmpdir(), 'wechat-compilers-'))
  for (const name of ['wcc', 'wcsc']) {
    copyFileSync(path.join(PACKAGE_BIN, name), path.join(dir, name))
    chmodSync(path.join(dir, name), 0o755)
  }
  binDir = dir
  return dir
}

function run (compiler: 'wcc' | 'wcsc', args: string[], cwd: string): CompilerRun {
  const result = spawnSync(path.join(compilersDir(), compiler), args, { cwd, maxBuffer: 64 * 1024 * 1024 })
  if (result.error) throw result.error
  return { status: result.status, stderr: result.stderr.toString(), stdout: result.stdout.toString() }
}

/** A component's JSON (`usingComponents`), or null for a file that is not a page or component. */
function componentJson (root: string, file: string): { usingComponents?: Record<string, string> } | null {
  const json = path.join(root, `${file}.json`)
  return existsSync(json) ? JSON.parse(readFileSync(json, 'utf8')) as { usingComponents?: Record<string, string> } : null
}

/**
 * Compiles every WXML file (and WXS module) of the mini-program at `root` in one `wcc`
 * run, as the developer tools do: each page's and component's custom components are
 * named on the command line (`-cc`), so a tag or attribute wcc cannot place is reported.
 * `files` are paths relative to `root` without `.wxml`.
 */
export function compileWxml (root: string, files: string[], wxsFiles: string[]): CompilerRun {
  const components: string[] = []
  for (const file of files) {
    const using = componentJson(root, file)?.usingComponents
    if (using) components.push(`${file}.wxml`, String(Object.keys(using).length), ...Object.keys(using))
  }
  const componentArgs = [String(components.filter(arg => arg.endsWith('.wxml')).length), ...components].join(' ')
  return run('wcc', ['-d', '-cc', componentArgs, ...files.map(file => `${file}.wxml`), ...wxsFiles, '-gn', '$gwx'], root)
}

/**
 * Compiles WXSS files of the mini-program at `root` with `wcsc` (`-db -pc N`, N the number
 * of page and component styles, listed first, as the developer tools list them). Imports
 * (`@import`) are followed, so a file is checked with everything it pulls in.
 * `files` are paths relative to `root` without `.wxss`.
 */
export function compileWxss (root: string, files: string[]): CompilerRun {
  const components = files.filter(file => componentJson(root, file) !== null)
  const others = files.filter(file => !components.includes(file))
  return run('wcsc', ['-db', '-pc', String(components.length), ...[...components, ...others].map(file => `${file}.wxss`)], root)
}
