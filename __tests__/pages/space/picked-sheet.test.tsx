import TestUtils from '@tarojs/test-utils-react'
import PickedSheet, { type PickedSheetProps } from '@/pages/space/picked-sheet'

afterEach(() => { document.body.innerHTML = '' })

async function mount (overrides: Partial<PickedSheetProps> = {}) {
  const props: PickedSheetProps = {
    picked: { nickname: 'Alex', kind: 'member' }, canMute: true,
    onMove: jest.fn(), onMute: jest.fn(), onRemove: jest.fn(), onClose: jest.fn(), ...overrides,
  }
  const testUtils = new TestUtils()
  await testUtils.mount(PickedSheet, { props })
  const sheet = await testUtils.queries.waitForQuerySelector('[data-testid="space-picked"]') as HTMLElement
  const tap = async (testId: string) => {
    await testUtils.act(async () => { (sheet.querySelector(`[data-testid="${testId}"]`) as HTMLElement).click() })
  }
  return { props, sheet, tap }
}

describe('a moderator\'s pick in the space', () => {
  it('offers 移到我身边, 禁言 and 移出空间 for a member, each tap asking its own action', async () => {
    const { props, sheet, tap } = await mount()
    expect(sheet.textContent).toContain('Alex')
    expect(['移到我身边', '禁言 10 分钟', '移出空间'].every(word => sheet.textContent?.includes(word))).toBe(true)
    await tap('space-move')
    await tap('space-mute')
    await tap('space-remove')
    expect(props.onMove).toHaveBeenCalledTimes(1)
    expect(props.onMute).toHaveBeenCalledTimes(1)
    expect(props.onRemove).toHaveBeenCalledTimes(1)
  })

  it('offers no 禁言 to a moderator without MuteMembers, nor for a guest', async () => {
    expect((await mount({ canMute: false })).sheet.querySelector('[data-testid="space-mute"]')).toBeNull()
    document.body.innerHTML = ''
    const guest = await mount({ picked: { nickname: '游客', kind: 'guest' } })
    expect(guest.sheet.querySelector('[data-testid="space-mute"]')).toBeNull()
    expect(guest.sheet.querySelector('[data-testid="space-move"]')).not.toBeNull()
  })
})
