import { SERVER_CODES } from '@core/wire/api'
import {
  AUDIT_CODE_BY_FIELD, AUDITED_FIELDS, auditComparableOf, auditFieldOf, isAuditRejection, isAuditedField, rejectedFieldOf,
} from '@core/domain/audit'

describe('audited fields (SPEC §5)', () => {
  it('are avatar, nickname, signature, icon, cover, title and introduction', () => {
    expect([...AUDITED_FIELDS].sort()).toEqual(['avatar', 'cover', 'icon', 'introduction', 'nickname', 'signature', 'title'])
  })

  it('each have a distinct rejection code beginning with 104', () => {
    const codes = AUDITED_FIELDS.map(field => AUDIT_CODE_BY_FIELD[field])
    expect(new Set(codes).size).toBe(AUDITED_FIELDS.length)
    expect(codes.every(isAuditRejection)).toBe(true)
  })

  it('agree with the server codes of the contract', () => {
    expect(AUDIT_CODE_BY_FIELD.title).toBe(SERVER_CODES.AUDIT_TITLE)
    expect(AUDIT_CODE_BY_FIELD.icon).toBe(SERVER_CODES.AUDIT_ICON)
    expect(AUDIT_CODE_BY_FIELD.nickname).toBe(SERVER_CODES.AUDIT_NICKNAME)
    expect(AUDIT_CODE_BY_FIELD.signature).toBe(SERVER_CODES.AUDIT_SIGNATURE)
    expect(AUDIT_CODE_BY_FIELD.avatar).toBe(SERVER_CODES.AUDIT_AVATAR)
    expect(AUDIT_CODE_BY_FIELD.cover).toBe(SERVER_CODES.AUDIT_COVER)
    expect(AUDIT_CODE_BY_FIELD.introduction).toBe(SERVER_CODES.AUDIT_INTRODUCTION)
  })
})

describe('isAuditRejection (SPEC §5: codes beginning with 104)', () => {
  it.each([104001, 104004, 104999, 10400])('treats %d as an audit rejection', code => {
    expect(isAuditRejection(code)).toBe(true)
  })

  it.each([0, 999996, 401000, 1104001, -104001, 104001.5, Number.NaN])('does not treat %d as an audit rejection', code => {
    expect(isAuditRejection(code)).toBe(false)
  })
})

describe('auditFieldOf (SPEC §8)', () => {
  it('names the title for 104001', () => {
    expect(auditFieldOf(104001)).toBe('title')
  })

  it('names the icon for 104004', () => {
    expect(auditFieldOf(104004)).toBe('icon')
  })

  it('names no field for another 104 code', () => {
    expect(auditFieldOf(104999)).toBeNull()
  })

  it('names no field for a code that is not an audit rejection', () => {
    expect(auditFieldOf(400000)).toBeNull()
  })
})

describe('isAuditedField', () => {
  it('accepts an audited field name', () => {
    expect(isAuditedField('cover')).toBe(true)
  })

  it('refuses any other name', () => {
    expect(isAuditedField('gender')).toBe(false)
  })
})

describe('rejectedFieldOf', () => {
  it('places a rejection on the field its code names', () => {
    expect(rejectedFieldOf({ code: 104001 }, ['title', 'icon'])).toBe('title')
  })

  it('places a rejection on the field the error names', () => {
    expect(rejectedFieldOf({ code: 104999, field: 'icon' }, ['title', 'icon'])).toBe('icon')
  })

  it('places a generic rejection on the only field submitted', () => {
    expect(rejectedFieldOf({ code: 104999 }, ['nickname'])).toBe('nickname')
  })

  it('places a rejection naming an unsubmitted field on the only field submitted', () => {
    expect(rejectedFieldOf({ code: 104001 }, ['nickname'])).toBe('nickname')
  })

  it('places a generic rejection nowhere when several fields were submitted', () => {
    expect(rejectedFieldOf({ code: 104999 }, ['nickname', 'signature'])).toBeNull()
  })

  it('places an error that is not an audit rejection nowhere', () => {
    expect(rejectedFieldOf({ code: 999996 }, ['nickname'])).toBeNull()
  })
})

describe('auditComparableOf', () => {
  it.each([
    ['U+00AD soft hyphen', 'for\u00adbidden'],
    ['U+034F combining grapheme joiner', 'for\u034fbidden'],
    ['U+2062 invisible times', 'for\u2062bidden'],
    ['U+180E Mongolian vowel separator', 'for\u180ebidden'],
    ['U+FE00 variation selector', 'for\ufe00bidden'],
    ['U+200B zero-width space', 'for\u200bbidden'],
    ['full-width letters and spaces', 'ＦＯＲ bid den'],
  ])('reads a word with %s as the word', (_case, text) => {
    expect(auditComparableOf(text)).toBe('forbidden')
  })
})
