/**
 * The client's module graph as the H5 build sees it, read from the sources with the
 * TypeScript parser: which files a file imports statically (evaluated before it, in the
 * same load) and which it imports with `import()` (a chunk fetched later), and every
 * string literal a file holds. The message-table guard (messages-split.test.ts) walks it
 * to find the message keys each load can show.
 */
import fs from 'fs'
import { createRequire } from 'module'
import path from 'path'
import type TypeScript from 'typescript'

/**
 * The TypeScript compiler, loaded by node itself: the client jest project would run its
 * 9 MB through babel first (a minute and more on a busy machine).
 */
const ts = createRequire(__filename)('typescript') as typeof TypeScript

/** The repository's root. */
export const ROOT = path.resolve(__dirname, '../..')

/** A build the graph is read for. */
export type Platform = 'h5' | 'weapp'

/** The extensions each build tries, in its order (a `.h5.ts` or `.weapp.ts` platform file wins over its `.ts`). */
const EXTENSIONS: Record<Platform, string[]> = {
  h5: ['.h5.ts', '.h5.tsx', '.ts', '.tsx'],
  weapp: ['.weapp.ts', '.weapp.tsx', '.ts', '.tsx'],
}

/** What one source file holds. */
export interface ModuleFacts {
  /** Files it imports statically (not `import type`), resolved; packages left out. */
  staticImports: string[]
  /** Files it imports with `import()`, resolved; packages left out. */
  dynamicImports: string[]
  /** Every string literal in it (quoted or a template without substitutions). */
  literals: Set<string>
  /** Whether it passes `t(…)` a template with substitutions (a key the guard cannot read). */
  computedKey: boolean
  /** Whether it calls `t(…)` outside any function: when the module is evaluated, maybe before a page's part is installed. */
  topLevelT: boolean
}

/** Resolves an import specifier of `from` to a file of src/ or core/ as `platform` builds it, or null for a package or an asset. */
export function resolveImport (platform: Platform, from: string, specifier: string): string | null {
  let base: string
  if (specifier.startsWith('@/')) base = path.join(ROOT, 'src', specifier.slice(2))
  else if (specifier.startsWith('@core/')) base = path.join(ROOT, 'core', specifier.slice(6))
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier)
  else return null
  const extensions = EXTENSIONS[platform]
  const candidates = [...extensions.map(extension => base + extension), ...extensions.map(extension => path.join(base, 'index' + extension))]
  const found = candidates.find(candidate => fs.existsSync(candidate))
  if (found) return found
  if (/\.(s?css|png|svg|jpe?g|json)$/.test(specifier)) return null
  throw new Error(`cannot resolve ${specifier} from ${path.relative(ROOT, from)}`)
}

const cache = new Map<string, ModuleFacts>()

/** Reads one file's imports (as `platform` resolves them) and literals (cached). */
export function factsOf (platform: Platform, file: string): ModuleFacts {
  const known = cache.get(`${platform}:${file}`)
  if (known) return known
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const facts: ModuleFacts = { staticImports: [], dynamicImports: [], literals: new Set(), computedKey: false, topLevelT: false }
  const add = (list: string[], specifier: string): void => {
    const resolved = resolveImport(platform, file, specifier)
    if (resolved) list.push(resolved)
  }
  const visit = (node: TypeScript.Node, inFunction: boolean): void => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) {
      add(facts.staticImports, node.moduleSpecifier.text)
    } else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(facts.staticImports, node.moduleSpecifier.text)
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(node.arguments[0])) {
      add(facts.dynamicImports, node.arguments[0].text)
    } else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 't') {
      if (node.arguments.some(argument => ts.isTemplateExpression(argument))) facts.computedKey = true
      if (!inFunction) facts.topLevelT = true
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) facts.literals.add(node.text)
    const nested = inFunction || ts.isFunctionLike(node) || ts.isClassLike(node)
    ts.forEachChild(node, child => visit(child, nested))
  }
  visit(source, false)
  cache.set(`${platform}:${file}`, facts)
  return facts
}

/** Every file evaluated when `entries` are: their static imports, transitively (dynamic imports not followed). */
export function staticClosure (platform: Platform, entries: string[]): Set<string> {
  const seen = new Set<string>()
  const stack = [...entries]
  while (stack.length > 0) {
    const file = stack.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    stack.push(...factsOf(platform, file).staticImports)
  }
  return seen
}

/** The message keys among the literals of `files`. */
export function keysUsedBy (platform: Platform, files: Iterable<string>, keys: ReadonlySet<string>): Set<string> {
  const used = new Set<string>()
  for (const file of files) for (const literal of factsOf(platform, file).literals) if (keys.has(literal)) used.add(literal)
  return used
}

/** Every source file of a folder, recursively (tests and declarations left out). */
export function sourceFilesUnder (folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap(entry => {
    const full = path.join(folder, entry.name)
    if (entry.isDirectory()) return sourceFilesUnder(full)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : []
  })
}
