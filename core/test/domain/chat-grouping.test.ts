import { continuesAuthorGroup, GROUP_WINDOW_S } from '../../domain/chat-grouping'

const at = (uid: string, createdAt: number) => ({ author: { uid }, created_at: createdAt })
// 2026-11-25 10:00 in UTC+8
const MORNING = Date.UTC(2026, 10, 25, 2, 0) / 1000

describe('continuesAuthorGroup', () => {
  it('groups a message with its author\'s previous one within five minutes', () => {
    expect(continuesAuthorGroup(at('a', MORNING), at('a', MORNING + GROUP_WINDOW_S))).toBe(true)
  })

  it('starts a new group after the window, for another author, or for the first message', () => {
    expect(continuesAuthorGroup(at('a', MORNING), at('a', MORNING + GROUP_WINDOW_S + 1))).toBe(false)
    expect(continuesAuthorGroup(at('a', MORNING), at('b', MORNING + 1))).toBe(false)
    expect(continuesAuthorGroup(undefined, at('a', MORNING))).toBe(false)
  })

  it('starts a new group at midnight in UTC+8, even within the window', () => {
    const midnight = Date.UTC(2026, 10, 25, 16, 0) / 1000 // 2026-11-26 00:00 in UTC+8
    expect(continuesAuthorGroup(at('a', midnight - 60), at('a', midnight + 60))).toBe(false)
    expect(continuesAuthorGroup(at('a', midnight + 60), at('a', midnight + 120))).toBe(true)
  })
})
