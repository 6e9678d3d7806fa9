/**
 * The mini-program's voice view (src/components/voice-handoff): the H5 room in a web-view, or
 * the sentence saying why it cannot be shown, with 重试 only where trying again can help.
 */
import TestUtils from '@tarojs/test-utils-react'
import VoiceHandoff from '@/components/voice-handoff'
import { t } from '@/i18n'
import type { VoiceHandoffView } from '@/stores/voice-handoff/voice-handoff-store'

afterEach(() => {
  document.body.innerHTML = ''
})

/** Mounts the view and answers its text, its retry button and the callbacks it was given. */
async function mount (view: VoiceHandoffView) {
  const onRetry = jest.fn()
  const onWebViewError = jest.fn()
  const testUtils = new TestUtils()
  await testUtils.mount(VoiceHandoff, { props: { view, onRetry, onWebViewError } })
  return { text: document.body.textContent ?? '', retry: document.querySelector('.voice-handoff__retry') as HTMLElement | null, onRetry }
}

describe('VoiceHandoff', () => {
  it('says it is opening the room while the code is asked for, with nothing to retry', async () => {
    const shown = await mount({ kind: 'loading' })
    expect(shown.text).toContain('正在打开语音频道')
    expect(shown.retry).toBeNull()
  })

  it.each([
    ['no-h5-origin', 'voiceHandoffNoOrigin', false],
    ['old-wechat', 'voiceHandoffOldWechat', false],
    ['refused', 'voiceHandoffRefused', true],
    ['web-view-failed', 'voiceHandoffWebViewFailed', true],
  ] as const)('says plainly why the room cannot be shown (%s: %s), offering to retry: %s', async (reason, sentence, retryable) => {
    const shown = await mount({ kind: 'unavailable', reason })
    expect(shown.text).toContain(t(sentence))
    expect(shown.retry !== null).toBe(retryable)
    shown.retry?.click()
    expect(shown.onRetry).toHaveBeenCalledTimes(retryable ? 1 : 0)
  })

  it('shows the H5 room in a web-view at the address with the hand-off code', async () => {
    await mount({ kind: 'web-view', src: 'https://h5.example/pages/voice/index?handoff=abc' })
    expect(document.querySelector('.voice-handoff__frame')).not.toBeNull()
    expect(document.querySelector('.voice-handoff')).toBeNull()
  })
})
