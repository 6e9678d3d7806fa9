/**
 * Channel types are told apart in one place, the table of core/domain/channel-types.ts:
 * no other module of src/, core/ or server/src/ compares a channel's type with a type
 * (`=== ChannelType.Post`, `channel_type !== 8`), switches on it (`switch
 * (channel.channel_type)`, `case ChannelType.Live`), keeps its own list or table of types
 * (`[ChannelType.Voice, …]`, `{ [ChannelType.Voice]: … }`) or asks the database for a type
 * (`.where('channel_type', …)`) — each asks the table for a trait instead. Naming a type
 * as data (`{ channel_type: ChannelType.Post }` in the seed, a picker's first choice) is
 * fine. The source is read with the TypeScript parser, so comments and strings never count.
 */
import ts from 'typescript'
import { productSourceFiles, readSource } from './source-tree'

/** The one module that may tell channel types apart. */
const TABLE = 'core/domain/channel-types.ts'

/** Names under which a channel's type travels (`channel.channel_type`, `body.channelType`). */
const TYPE_NAMES = new Set(['channel_type', 'channelType'])

const COMPARISONS = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken,
])

/** True for `ChannelType.X`. */
function isTypeMember (node: ts.Node): boolean {
  return ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'ChannelType'
}

/** True for an expression that reads a channel's type (`channel_type`, `x.channel_type`, `x?.channelType`). */
function readsChannelType (node: ts.Node): boolean {
  if (ts.isIdentifier(node)) return TYPE_NAMES.has(node.text)
  return ts.isPropertyAccessExpression(node) && TYPE_NAMES.has(node.name.text)
}

/** True when `node` tells channel types apart (see the file's comment). */
function isTypeSwitch (node: ts.Node): boolean {
  if (ts.isBinaryExpression(node) && COMPARISONS.has(node.operatorToken.kind)) {
    const sides = [node.left, node.right]
    return sides.some(isTypeMember) || (sides.some(readsChannelType) && sides.some(ts.isNumericLiteral))
  }
  if (ts.isSwitchStatement(node)) return readsChannelType(node.expression)
  if (ts.isCaseClause(node) || ts.isComputedPropertyName(node)) return isTypeMember(node.expression)
  if (ts.isArrayLiteralExpression(node)) return node.elements.some(isTypeMember)
  if (ts.isCallExpression(node)) {
    const [first] = node.arguments
    return ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'where' && first !== undefined && ts.isStringLiteral(first) && first.text === 'channel_type'
  }
  return false
}

/** Each place of `code` that tells channel types apart, as `line: text` (its first line). */
function typeSwitchesIn (code: string, fileName = 'example.ts'): string[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const found: string[] = []
  const visit = (node: ts.Node): void => {
    if (isTypeSwitch(node)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source))
      found.push(`${line + 1}: ${node.getText(source).split('\n')[0]}`)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('channel types are told apart only by their table', () => {
  it.each([
    ['a comparison with a type of the enum', 'if (channel.channel_type === ChannelType.Post) open()'],
    ['a comparison with the enum on the left', 'if (ChannelType.Live !== type) open()'],
    ['a channel type compared with a number', 'if (channel.channel_type == 3) open()'],
    ['a number compared with a channel type', 'if (8 !== body.channelType) open()'],
    ['a switch on a channel type', 'switch (channel.channel_type) { default: open() }'],
    ['a case of the enum', 'switch (kind) { case ChannelType.Voice: open() }'],
    ['a table keyed by type', "const names = { [ChannelType.Voice]: 'voice' }"],
    ['a list of types', 'const creatable = [ChannelType.Discussion, ChannelType.Post]'],
    ['a query by type', "db.selectFrom('channels').where('channel_type', '=', 8)"],
  ])('finds %s', (_what, code) => {
    expect(typeSwitchesIn(code)).toHaveLength(1)
  })

  it.each([
    ['a type named as data', "rows.push({ channel_type: ChannelType.Post, name: '作品分享' })"],
    ['a type as an argument', 'useState<ChannelType>(ChannelType.Discussion)'],
    ['a question to the table', "if (channelTypeHas(channel.channel_type, 'carriesPosts')) open()"],
    ['a number compared with something that is not a channel type', 'if (message.type === 3 || user.user_type !== 2) open()'],
    ['a comment or a string', "// channel.channel_type === 8\nconst text = 'case ChannelType.Voice'"],
  ])('lets through %s', (_what, code) => {
    expect(typeSwitchesIn(code)).toEqual([])
  })

  it('finds none in src/, core/ or server/src/ outside the table', () => {
    const files = productSourceFiles()
    expect(files).toContain(TABLE)
    const found = files.filter(file => file !== TABLE).flatMap(file => typeSwitchesIn(readSource(file), file).map(place => `${file}:${place}`))
    expect(found).toEqual([])
  })
})
