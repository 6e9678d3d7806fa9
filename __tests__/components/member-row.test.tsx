import TestUtils from '@tarojs/test-utils-react'
import MemberRow from '@/components/member-row'
import { user } from '../stores/support/fakes'
import { member, role } from '../stores/support/trust-fakes'

afterEach(() => { document.body.innerHTML = '' })

describe('MemberRow', () => {
  it('says a bot is a bot once: its badge, not also its bot role as a chip', async () => {
    const bot = member('C_500001', { user: user({ uid: 'C_500001', nickname: '小助手' }), role_ids: ['r_bot', 'r_helper'] })
    const roles = [role('r_bot', 1, { name: '机器人', type: 1 }), role('r_helper', 2, { name: '助手' })]
    const testUtils = new TestUtils()
    await testUtils.mount(MemberRow, { props: { member: bot, roles, timedOutUntil: null, isYou: false, onOpen: jest.fn() } })
    const row = await testUtils.queries.waitForQuerySelector('.member-row') as HTMLElement
    expect(row.textContent?.split('机器人')).toHaveLength(2)
    expect(Array.from(row.querySelectorAll('.member-row__role')).map(chip => chip.textContent)).toEqual(['助手'])
  })
})
