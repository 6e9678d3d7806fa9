import TestUtils from '@tarojs/test-utils-react'
import ListFooter, { type ListFooterProps } from '@/components/list-footer'

afterEach(() => { document.body.innerHTML = '' })

async function footer (props: Partial<ListFooterProps>) {
  const testUtils = new TestUtils()
  const onRetry = jest.fn()
  await testUtils.mount(ListFooter, { props: { status: 'ready', error: null, hasMore: false, onRetry, ...props } })
  const node = await testUtils.queries.waitForQuerySelector('.list-footer')
  return { testUtils, node, onRetry }
}

describe('ListFooter', () => {
  it('says the list has ended when no more items exist', async () => {
    expect((await footer({ hasMore: false })).node.textContent).toBe('没有更多了')
  })

  it('stays blank while more items can load, and says so while they load', async () => {
    expect((await footer({ hasMore: true })).node.textContent).toBe('')
    document.body.innerHTML = ''
    expect((await footer({ status: 'loading', hasMore: true })).node.textContent).toBe('正在加载更多…')
  })

  it('shows a failed next page with its message and retries it on a tap', async () => {
    const { testUtils, node, onRetry } = await footer({ status: 'error', error: '网络连接超时，请稍后重试', hasMore: true })
    expect(node.textContent).toBe('网络连接超时，请稍后重试 · 重试')
    testUtils.fireEvent.click(node)
    expect(onRetry).toHaveBeenCalledTimes(1)
  })

  it('says a refused next page without 重试 and takes no tap when a retry cannot help', async () => {
    const { testUtils, node, onRetry } = await footer({ status: 'error', error: '你没有权限这样做', hasMore: true, retryable: false })
    expect(node.textContent).toBe('你没有权限这样做')
    testUtils.fireEvent.click(node)
    expect(onRetry).not.toHaveBeenCalled()
  })

  it('ignores taps when nothing failed', async () => {
    const { testUtils, node, onRetry } = await footer({ hasMore: false })
    testUtils.fireEvent.click(node)
    expect(onRetry).not.toHaveBeenCalled()
  })
})
