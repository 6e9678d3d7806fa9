import TestUtils from '@tarojs/test-utils-react'
import IdentityBadge from '@/components/identity-badge'
import type { IdentityKind } from '@core/domain/identity'

describe('IdentityBadge', () => {
  it.each<[IdentityKind, string]>([['user', '用户'], ['bot', '机器人'], ['guest', '游客'], ['map', '地图账号']])('names the %s kind %s', async (kind, label) => {
    const testUtils = new TestUtils()
    await testUtils.mount(IdentityBadge, { props: { kind } })
    const badge = await testUtils.queries.waitForQuerySelector(`.identity-badge--${kind}`)
    expect(badge.textContent).toBe(label)
  })
})
