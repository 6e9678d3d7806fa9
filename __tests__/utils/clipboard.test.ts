import Taro from '@tarojs/taro'
import { copyText } from '@/utils/clipboard'

/** What the page's copy command saw: the selected field's text, or nothing when it refused. */
function fakeCopyCommand (accept: boolean): string[] {
  const copied: string[] = []
  document.execCommand = jest.fn((command: string) => {
    if (command === 'copy' && accept) copied.push(document.querySelector('textarea')?.value ?? '')
    return accept
  })
  return copied
}

function setSecureClipboard (writeText: ((text: string) => Promise<void>) | null): void {
  Object.defineProperty(window, 'isSecureContext', { value: writeText !== null, configurable: true })
  Object.defineProperty(navigator, 'clipboard', { value: writeText ? { writeText } : undefined, configurable: true })
}

afterEach(() => {
  setSecureClipboard(null)
  jest.restoreAllMocks()
})

describe('copying on H5 (clipboard.h5.ts)', () => {
  it('copies through a selected field off screen where the Clipboard API is not offered, and leaves nothing behind', async () => {
    const copied = fakeCopyCommand(true)
    await expect(copyText('https://openrealm.example/index.html?server_id=723658')).resolves.toBeUndefined()
    expect(copied).toEqual(['https://openrealm.example/index.html?server_id=723658'])
    expect(document.querySelector('textarea')).toBeNull()
  })

  it('rejects when the browser refuses to copy', async () => {
    fakeCopyCommand(false)
    await expect(copyText('x')).rejects.toThrow('setClipboardData:fail')
    expect(document.querySelector('textarea')).toBeNull()
  })

  it('uses the Clipboard API in a secure context', async () => {
    const writeText = jest.fn(() => Promise.resolve())
    setSecureClipboard(writeText)
    const copied = fakeCopyCommand(true)
    await copyText('link')
    expect(writeText).toHaveBeenCalledWith('link')
    expect(copied).toEqual([])
  })

  it('falls back to the selected field when the Clipboard API is refused', async () => {
    setSecureClipboard(() => Promise.reject(new Error('NotAllowedError')))
    const copied = fakeCopyCommand(true)
    await copyText('link')
    expect(copied).toEqual(['link'])
  })
})

describe('copying in the mini-program (clipboard.ts)', () => {
  it('asks the platform to copy', async () => {
    const { copyText: copyInMiniProgram } = jest.requireActual<typeof import('@/utils/clipboard')>('@/utils/clipboard.ts')
    const copy = jest.spyOn(Taro, 'setClipboardData').mockResolvedValue({ errMsg: 'setClipboardData:ok', data: '' })
    await copyInMiniProgram('link')
    expect(copy).toHaveBeenCalledWith({ data: 'link' })
  })
})
