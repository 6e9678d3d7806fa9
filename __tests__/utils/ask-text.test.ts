import Taro from '@tarojs/taro'
import { askText } from '@/utils/ask-text'

afterEach(() => jest.restoreAllMocks())

describe('asking for a line of text in the browser (ask-text.h5.ts)', () => {
  it('answers what the member typed in the prompt, or null when they cancelled', async () => {
    const prompt = jest.spyOn(window, 'prompt').mockReturnValueOnce('我的电脑').mockReturnValueOnce(null)
    await expect(askText('通行密钥名称', 'Chrome')).resolves.toBe('我的电脑')
    await expect(askText('通行密钥名称', 'Chrome')).resolves.toBeNull()
    expect(prompt).toHaveBeenCalledWith('通行密钥名称', 'Chrome')
  })
})

describe('asking for a line of text in the mini-program (ask-text.ts)', () => {
  const { askText: askInMiniProgram } = jest.requireActual<typeof import('@/utils/ask-text')>('@/utils/ask-text.ts')

  it('opens the editable modal with the current text and answers what was typed', async () => {
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, content: '我的手机', errMsg: 'showModal:ok' } as Taro.showModal.SuccessCallbackResult)
    await expect(askInMiniProgram('通行密钥名称', 'iPhone')).resolves.toBe('我的手机')
    expect(modal).toHaveBeenCalledWith({ title: '通行密钥名称', content: 'iPhone', editable: true, placeholderText: 'iPhone' })
  })

  it('keeps the current text when the modal answers none, and answers null on cancel', async () => {
    jest.spyOn(Taro, 'showModal')
      .mockResolvedValueOnce({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
      .mockResolvedValueOnce({ confirm: false, cancel: true, errMsg: 'showModal:ok' })
    await expect(askInMiniProgram('名称', 'iPhone')).resolves.toBe('iPhone')
    await expect(askInMiniProgram('名称', 'iPhone')).resolves.toBeNull()
  })
})
