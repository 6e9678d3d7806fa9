import TestUtils from '@tarojs/test-utils-react'
import MemberAuditEntry, { lengthWords } from '@/components/member-audit-entry'
import type { AuditEntry } from '@core/wire/trust'

afterEach(() => { document.body.innerHTML = '' })

function timeoutEntry (): AuditEntry {
  return {
    entry_id: '1',
    actor: { uid: '100003', nickname: '周末', avatar: '', user_type: 1 } as AuditEntry['actor'],
    action: 'member_timeout',
    target_id: 'B_bd63e64953cf',
    reason: '',
    created_at: 1_700_000_000,
    changes: [{ field: 'member', from: null, to: '游客0001' }, { field: 'timeout', from: null, to: '600' }],
  }
}

describe('MemberAuditEntry', () => {
  it('shows a timeout with its length, and the member once as its target (not as a change)', async () => {
    const testUtils = new TestUtils()
    await testUtils.mount(MemberAuditEntry, { props: { entry: timeoutEntry(), targetName: '游客0001', reason: null, nameOf: (id: string) => id } })
    await testUtils.queries.waitForQuerySelector('.member-audit-entry')
    const text = document.querySelector('.member-audit-entry')?.textContent ?? ''
    expect(text).toContain('对象：游客0001')
    expect(text).toContain('10 分钟')
    expect(text).not.toContain('B_bd63e64953cf')
    expect(document.querySelectorAll('[data-testid="audit-change"]')).toHaveLength(1)
  })

  it.each([[600, '10 分钟'], [7200, '2 小时'], [604800, '7 天'], [90, '2 分钟']])('reads a length of %p seconds as %p', (seconds, words) => {
    expect(lengthWords(seconds)).toBe(words)
  })
})
