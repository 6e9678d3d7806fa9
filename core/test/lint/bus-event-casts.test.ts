/**
 * A bus event's payload is typed by its name (server/src/bus: one case per declared dispatch,
 * so `event.t === 'MEMBER_UPDATE'` makes `event.d` a member state): no module of server/src/
 * casts a bus event's `d` (`event.d as MemberState`, `(next.event.d as X).uid`, `<X>e.d`),
 * which would hide a payload that no longer matches the declaration. A frame's `d` and casts
 * of anything else are not looked at. The source is read with the TypeScript parser, so
 * comments and strings never count.
 */
import ts from 'typescript'
import { productSourceFiles, readSource } from './source-tree'

/** The names a bus event goes by where it is delivered (`event`, `e`, `busEvent`, `loggedEvent`). */
const EVENT_NAME = /^(e|event|[a-z]\w*Event)$/

/** `node` without the parentheses and non-null assertions around it. */
function unwrapped (node: ts.Expression): ts.Expression {
  let inner = node
  while (ts.isParenthesizedExpression(inner) || ts.isNonNullExpression(inner)) inner = inner.expression
  return inner
}

/** True for an expression naming an event (`event`, `next.event`, `this.busEvent`). */
function namesAnEvent (node: ts.Expression): boolean {
  const inner = unwrapped(node)
  if (ts.isIdentifier(inner)) return EVENT_NAME.test(inner.text)
  return ts.isPropertyAccessExpression(inner) && EVENT_NAME.test(inner.name.text)
}

/** True for a read of an event's payload (`event.d`, `event?.d`, `event['d']`). */
function readsEventPayload (node: ts.Expression): boolean {
  const inner = unwrapped(node)
  if (ts.isPropertyAccessExpression(inner)) return inner.name.text === 'd' && namesAnEvent(inner.expression)
  if (ts.isElementAccessExpression(inner)) return ts.isStringLiteral(inner.argumentExpression) && inner.argumentExpression.text === 'd' && namesAnEvent(inner.expression)
  return false
}

/** Each cast of an event's payload in `code`, as `line: text`. */
function payloadCastsIn (code: string, fileName = 'example.ts'): string[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const found: string[] = []
  const visit = (node: ts.Node): void => {
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && readsEventPayload(node.expression)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source))
      found.push(`${line + 1}: ${node.getText(source)}`)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('a bus event\'s payload is never cast', () => {
  it.each([
    ['a cast of an event\'s payload', 'closeRevoked(event.d as SessionRevokedEvent)'],
    ['a cast inside parentheses', 'const uid = (event.d as MemberState).uid'],
    ['a cast of a queued event\'s payload', 'use(next.event.d as MemberAdd)'],
    ['a cast through unknown', 'use(busEvent.d as unknown as MemberAdd)'],
    ['an old-style assertion', 'use(<MemberAdd>e.d)'],
    ['a cast of an indexed payload', "use(loggedEvent['d'] as MemberAdd)"],
    ['a cast after a non-null assertion', 'use(event!.d! as MemberAdd)'],
  ])('finds %s', (_what, code) => {
    expect(payloadCastsIn(code)).toHaveLength(1)
  })

  it.each([
    ['a payload read as typed', "if (event.t === 'MEMBER_UPDATE') use(event.d.uid)"],
    ['a frame\'s payload', 'use(frame.d as SpaceWalk)'],
    ['an event parsed from the bus\'s JSON', 'emit(JSON.parse(text) as BusEvent)'],
    ['a cast of something else named d', 'use(point.d as number)'],
    ['a comment or a string', "// event.d as MemberState\nconst text = 'event.d as X'"],
  ])('lets through %s', (_what, code) => {
    expect(payloadCastsIn(code)).toEqual([])
  })

  it('finds none in server/src/', () => {
    const files = productSourceFiles().filter(file => file.startsWith('server/src/'))
    expect(files).toContain('server/src/gateway/hub.ts')
    expect(files.flatMap(file => payloadCastsIn(readSource(file), file).map(place => `${file}:${place}`))).toEqual([])
  })
})
