import { AUDITED_FIELDS } from '@core/domain/audit'
import { auditFieldName, currentLanguage, DEFAULT_LANGUAGE, languageOf, loadLanguage, setLanguage, t } from '@/i18n'
import { AUDIT_FIELD_NAMES, MESSAGES } from '@/i18n/messages-zh-cn'
import { ENGLISH } from '@/i18n/messages-en'

afterEach(() => setLanguage(undefined))

describe('message table (zh-CN default, en via hl)', () => {
  it('shows the SPEC §8 and §9 texts in zh-CN by default', () => {
    expect(DEFAULT_LANGUAGE).toBe('zh-CN')
    expect(currentLanguage()).toBe('zh-CN')
    expect(t('requestError')).toBe('请求异常')
    expect(t('requestTimeout')).toBe('网络连接超时，请稍后重试')
    expect(t('unsupported')).toBe('暂不支持该功能')
    expect(t('modalCancel')).toBe('取消')
    expect(t('modalConfirm')).toBe('确定')
  })

  it.each(['en', 'EN', 'en-US', 'en_gb', ' en '])('reads hl=%p as English', hl => {
    expect(languageOf(hl)).toBe('en')
  })

  it.each([undefined, '', 'zh', 'zh-CN', 'english', 'en-', 42, { hl: 'en' }])('reads hl=%p as the default zh-CN', hl => {
    expect(languageOf(hl)).toBe('zh-CN')
  })

  it('switches every later message to English when hl asks for it', async () => {
    await expect(loadLanguage('en')).resolves.toBe('en')
    expect(setLanguage('en')).toBe('en')
    expect(t('requestError')).toBe('Request error')
    expect(auditFieldName('icon')).toBe('icon')
  })

  it('has every message in both languages', () => {
    expect(Object.keys(ENGLISH.messages).sort()).toEqual(Object.keys(MESSAGES['zh-CN']).sort())
    for (const text of [...Object.values(ENGLISH.messages), ...Object.values(MESSAGES['zh-CN'])]) expect(text).not.toBe('')
  })

  it('names every audited field in both languages (SPEC §5)', () => {
    for (const names of [AUDIT_FIELD_NAMES['zh-CN'], ENGLISH.auditFieldNames]) {
      expect(Object.keys(names).sort()).toEqual([...AUDITED_FIELDS].sort())
    }
  })

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(t('auditField', { field: '昵称' })).toBe('昵称未通过审核，请修改后重试')
    expect(t('auditField')).toBe('{field}未通过审核，请修改后重试')
  })
})

describe('loading English (on H5 a chunk of its own, fetched only when asked for)', () => {
  type Messages = typeof import('@/i18n')

  /** A fresh copy of the message module, English not loaded yet: as H5 builds it, or as the mini-program does (load-english.ts). */
  function freshMessages (platform: 'h5' | 'weapp' = 'h5'): Messages {
    let messages: Messages | undefined
    jest.isolateModules(() => {
      if (platform === 'weapp') jest.doMock('@/i18n/load-english', () => jest.requireActual('@/i18n/load-english.ts'))
      messages = jest.requireActual<Messages>('@/i18n')
    })
    return messages!
  }

  afterEach(() => {
    jest.dontMock('@/i18n/messages-en')
    jest.dontMock('@/i18n/load-english')
    jest.restoreAllMocks()
  })

  it('shows zh-CN, never a key, until English has arrived', async () => {
    const { loadLanguage, t, auditFieldName, currentLanguage } = freshMessages()
    const english = loadLanguage('en')
    expect(t('requestError')).toBe('请求异常')
    expect(auditFieldName('icon')).toBe('图标')
    expect(currentLanguage()).toBe('zh-CN')
    await expect(english).resolves.toBe('en')
    expect(t('requestError')).toBe('Request error')
    expect(currentLanguage()).toBe('en')
  })

  it('loads nothing for zh-CN', async () => {
    const { loadLanguage, t } = freshMessages()
    const requireEnglish = jest.fn()
    jest.doMock('@/i18n/messages-en', () => { requireEnglish(); return { ENGLISH } })
    await expect(loadLanguage('zh')).resolves.toBe('zh-CN')
    expect(t('requestError')).toBe('请求异常')
    expect(requireEnglish).not.toHaveBeenCalled()
  })

  it('stays zh-CN and logs it when English cannot be fetched (offline), and tries again on the next call', async () => {
    const { loadLanguage, t, currentLanguage } = freshMessages()
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    jest.doMock('@/i18n/messages-en', () => { throw new Error('ChunkLoadError: offline') })
    await expect(loadLanguage('en')).resolves.toBe('zh-CN')
    expect(t('requestError')).toBe('请求异常')
    expect(currentLanguage()).toBe('zh-CN')
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('English did not load'), expect.any(Error))
    jest.dontMock('@/i18n/messages-en')
    await expect(loadLanguage('en')).resolves.toBe('en')
    expect(t('requestError')).toBe('Request error')
  })

  it('shows a message of the pages\' part once a chunk that shows it has installed the part, and only its key before', () => {
    jest.isolateModules(() => {
      const { t } = jest.requireActual<Messages>('@/i18n')
      expect(t('requestError')).toBe('请求异常')
      expect(t('notFoundTitle')).toBe('notFoundTitle')
      jest.requireActual('@/i18n/page-messages')
      expect(t('notFoundTitle')).toBe('页面不存在')
      expect(t('requestError')).toBe('请求异常')
    })
  })

  it('in the mini-program, selects English before loadLanguage returns (bundled, no fetch)', async () => {
    const { loadLanguage, t, currentLanguage } = freshMessages('weapp')
    const english = loadLanguage('en')
    expect(currentLanguage()).toBe('en')
    expect(t('requestError')).toBe('Request error')
    await expect(english).resolves.toBe('en')
  })
})
