import { createAuditor } from '../../src/services/audit'

const auditor = createAuditor(['违禁', 'forbidden'])

describe('the audit step', () => {
  it('passes values without a listed word', () => {
    expect(auditor.check({ title: '周末展厅', nickname: 'Alex', avatar: 'https://cdn.example/a.png' })).toBeNull()
  })

  it('refuses a title with 104001 (SPEC §8)', () => {
    expect(auditor.check({ title: '这是违禁内容' })).toEqual({ field: 'title', code: 104001 })
  })

  it('refuses an icon URL with 104004 (SPEC §8)', () => {
    expect(auditor.check({ icon: 'https://cdn.example/forbidden.png' })).toEqual({ field: 'icon', code: 104004 })
  })

  it('gives each other audited field its own 104xxx code', () => {
    expect(auditor.check({ nickname: 'forbidden' })?.code).toBe(104002)
    expect(auditor.check({ signature: 'forbidden' })?.code).toBe(104003)
    expect(auditor.check({ avatar: 'https://x.example/forbidden' })?.code).toBe(104005)
    expect(auditor.check({ cover: 'https://x.example/forbidden' })?.code).toBe(104006)
    expect(auditor.check({ introduction: 'forbidden' })?.code).toBe(104007)
  })

  it('refuses free text (messages, posts, comments) as content with 104008, after the fields SPEC §5 names', () => {
    expect(auditor.check({ content: 'so FORBIDDEN' })).toEqual({ field: 'content', code: 104008 })
    expect(auditor.check({ title: 'forbidden', content: 'forbidden' })?.code).toBe(104001)
    expect(auditor.check({ content: 'fine' })).toBeNull()
  })

  it('catches a word written in other case, full-width letters or with spaces in it', () => {
    expect(auditor.check({ nickname: 'FORBIDDEN' })).not.toBeNull()
    expect(auditor.check({ nickname: 'ＦＯＲＢＩＤＤＥＮ' })).not.toBeNull()
    expect(auditor.check({ nickname: 'for bid\u200bden' })).not.toBeNull()
  })

  it('catches a word percent-encoded in a URL', () => {
    expect(auditor.check({ avatar: 'https://x.example/%E8%BF%9D%E7%A6%81.png' })).toEqual({ field: 'avatar', code: 104005 })
  })

  it('reports the first refused field in the order of the audited fields', () => {
    expect(auditor.check({ icon: 'forbidden', title: 'forbidden' })?.field).toBe('icon')
  })

  it('passes everything with an empty word list', () => {
    expect(createAuditor([]).check({ title: 'forbidden' })).toBeNull()
  })
})
