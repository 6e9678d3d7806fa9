import TestUtils from '@tarojs/test-utils-react'
import StateView from '@/components/state-view'

afterEach(() => { document.body.innerHTML = '' })

describe('StateView', () => {
  it('offers a retry on error that calls back', async () => {
    const onRetry = jest.fn()
    const testUtils = new TestUtils()
    await testUtils.mount(StateView, { props: { status: 'error', message: '请求异常', onRetry } })
    const view = await testUtils.queries.waitForQuerySelector('.state-view--error')
    expect(view.textContent).toContain('请求异常')
    testUtils.act(() => { (view.querySelector('.state-view__retry') as HTMLElement).click() })
    expect(onRetry).toHaveBeenCalledTimes(1)
  })

  it('says it is loading, without a retry', async () => {
    const testUtils = new TestUtils()
    await testUtils.mount(StateView, { props: { status: 'loading' } })
    const view = await testUtils.queries.waitForQuerySelector('.state-view--loading')
    expect(view.textContent).toBe('加载中…')
    expect(view.querySelector('.state-view__retry')).toBeNull()
  })

  it('names what is missing when empty', async () => {
    const testUtils = new TestUtils()
    await testUtils.mount(StateView, { props: { status: 'empty', message: '还没有帖子' } })
    expect((await testUtils.queries.waitForQuerySelector('.state-view--empty')).textContent).toBe('还没有帖子')
  })

  it('draws an icon in its circle beside the words when empty, not a bare grey circle', async () => {
    const testUtils = new TestUtils()
    await testUtils.mount(StateView, { props: { status: 'empty', message: '还没有成员' } })
    const view = await testUtils.queries.waitForQuerySelector('.state-view--empty')
    expect(view.querySelector('.state-view__art .state-view__icon')).not.toBeNull()
    expect(view.textContent).toBe('还没有成员')
  })
})
