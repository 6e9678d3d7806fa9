import Taro from '@tarojs/taro'
import { actionSheet, BRAND_BLUE, modal, showLoadError, showUnsupported, toast } from '@/utils/feedback'
import { loadLanguage, setLanguage } from '@/i18n'
import { RequestError } from '@/services/request/errors'

let showToast: jest.SpyInstance
let showModal: jest.SpyInstance

beforeEach(() => {
  setLanguage(undefined)
  showToast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
  showModal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
})

afterEach(() => jest.restoreAllMocks())

describe('toast (SPEC §5, §9)', () => {
  it('shows the title for 1500 ms by default (SPEC §9)', async () => {
    await toast('已保存')
    expect(showToast).toHaveBeenCalledWith({ title: '已保存', duration: 1500, icon: 'none' })
  })

  it('shows the title for a given duration', async () => {
    await toast('已保存', 3000)
    expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ duration: 3000 }))
  })

  it('throws a TypeError when the title is not a string (SPEC §5)', () => {
    expect(() => toast(42 as unknown as string)).toThrow(new TypeError('toast: title must be a string, got number'))
    expect(showToast).not.toHaveBeenCalled()
  })

  it('throws a TypeError when the duration is not a number (SPEC §5)', () => {
    expect(() => toast('x', '1500' as unknown as number)).toThrow(TypeError)
    expect(() => toast('x', Number.NaN)).toThrow(TypeError)
    expect(showToast).not.toHaveBeenCalled()
  })
})

describe('modal (SPEC §9)', () => {
  it('defaults the buttons to 取消 and 确定 (SPEC §9)', async () => {
    await modal({ content: '确定删除？' })
    expect(showModal).toHaveBeenCalledWith({ title: '', content: '确定删除？', showCancel: true, cancelText: '取消', confirmText: '确定', confirmColor: BRAND_BLUE })
  })

  it('draws the confirm button in the app\'s blue, not the platform\'s green', async () => {
    await modal({ content: 'a' })
    expect(showModal.mock.calls[0][0].confirmColor).toBe('#245bdb')
  })

  it('resolves true when the user confirms and false when they cancel', async () => {
    await expect(modal({ content: 'a' })).resolves.toBe(true)
    showModal.mockResolvedValue({ confirm: false, cancel: true, errMsg: 'showModal:ok' })
    await expect(modal({ content: 'a' })).resolves.toBe(false)
  })

  it('keeps caller-given texts', async () => {
    await modal({ title: 'T', content: 'c', showCancel: false, cancelText: '不', confirmText: '好' })
    expect(showModal).toHaveBeenCalledWith({ title: 'T', content: 'c', showCancel: false, cancelText: '不', confirmText: '好', confirmColor: BRAND_BLUE })
  })

  it('uses English button texts when hl asks for English', async () => {
    await loadLanguage('en')
    await modal({ content: 'c' })
    expect(showModal).toHaveBeenCalledWith(expect.objectContaining({ cancelText: 'Cancel', confirmText: 'OK' }))
  })
})

describe('actionSheet', () => {
  it('resolves the index of the chosen item', async () => {
    const sheet = jest.spyOn(Taro, 'showActionSheet').mockResolvedValue({ tapIndex: 1, errMsg: 'showActionSheet:ok' })
    await expect(actionSheet(['垃圾广告', '其他'])).resolves.toBe(1)
    expect(sheet).toHaveBeenCalledWith({ itemList: ['垃圾广告', '其他'] })
  })

  it('resolves null when the member cancels', async () => {
    jest.spyOn(Taro, 'showActionSheet').mockRejectedValue(new Error('showActionSheet:fail cancel'))
    await expect(actionSheet(['其他'])).resolves.toBeNull()
  })
})

describe('unsupported features and loader errors (SPEC §8)', () => {
  it('shows 暂不支持该功能 for an unsupported feature (SPEC §8)', async () => {
    await showUnsupported()
    expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '暂不支持该功能' }))
  })

  it("shows the error's message in a toast (SPEC §8 loader error handler)", async () => {
    await showLoadError(new RequestError({ kind: 'audit', code: 104001, message: '标题未通过审核，请修改后重试' }))
    expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '标题未通过审核，请修改后重试' }))
  })

  it('shows a thrown string as is', async () => {
    await showLoadError('加载失败')
    expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '加载失败' }))
  })

  it('shows 请求异常 for an error without a message', async () => {
    await showLoadError(new Error(''))
    await showLoadError(undefined)
    expect(showToast).toHaveBeenNthCalledWith(1, expect.objectContaining({ title: '请求异常' }))
    expect(showToast).toHaveBeenNthCalledWith(2, expect.objectContaining({ title: '请求异常' }))
  })
})

describe('where the toast and modal come from', () => {
  it('on H5 from a module fetched on first use, the same calls', async () => {
    const { loadFeedbackUi } = await import('@/utils/load-feedback-ui')
    await (await loadFeedbackUi()).showToast({ title: '已加载', icon: 'none' })
    expect(showToast).toHaveBeenCalledWith({ title: '已加载', icon: 'none' })
  })

  it('in the mini-program at once, the same calls', async () => {
    const { loadFeedbackUi } = jest.requireActual<typeof import('@/utils/load-feedback-ui')>('@/utils/load-feedback-ui.ts')
    await expect((await loadFeedbackUi()).showModal({ title: '', content: '继续？' })).resolves.toBe(true)
    expect(showModal).toHaveBeenCalledWith({ title: '', content: '继续？' })
  })
})
