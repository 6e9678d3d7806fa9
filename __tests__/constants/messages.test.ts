import { AUDITED_FIELDS } from '@core/domain/audit'
import {
  AUDIT_FIELD_NAMES, auditFieldName, currentLanguage, DEFAULT_LANGUAGE, languageOf, MESSAGES, setLanguage, t,
} from '@/constants/messages'

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

  it('switches every later message to English when hl asks for it', () => {
    expect(setLanguage('en')).toBe('en')
    expect(t('requestError')).toBe('Request error')
    expect(auditFieldName('icon')).toBe('icon')
  })

  it('has every message in both languages', () => {
    expect(Object.keys(MESSAGES.en).sort()).toEqual(Object.keys(MESSAGES['zh-CN']).sort())
    for (const text of [...Object.values(MESSAGES.en), ...Object.values(MESSAGES['zh-CN'])]) expect(text).not.toBe('')
  })

  it('names every audited field in both languages (SPEC §5)', () => {
    for (const language of ['zh-CN', 'en'] as const) {
      expect(Object.keys(AUDIT_FIELD_NAMES[language]).sort()).toEqual([...AUDITED_FIELDS].sort())
    }
  })

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(t('auditField', { field: '昵称' })).toBe('昵称未通过审核，请修改后重试')
    expect(t('auditField')).toBe('{field}未通过审核，请修改后重试')
  })
})
