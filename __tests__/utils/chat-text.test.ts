import { chatPlainText, chatQuoteText, chatTextPieces, mentionToken } from '@/utils/chat-text'

const names: Record<string, string> = { B_lin: '林晓' }
const nameOf = (uid: string) => names[uid] ?? null

describe('the pieces of a message', () => {
  it('keeps plain text, markup included, as text', () => {
    expect(chatTextPieces('<b>hi</b> <img src=x onerror=alert(1)>', nameOf)).toEqual([{ kind: 'text', text: '<b>hi</b> <img src=x onerror=alert(1)>' }])
  })

  it('finds http and https links and leaves the sentence punctuation out', () => {
    expect(chatTextPieces('看 https://example.com/a?b=1. 和 http://x.cn，好', nameOf)).toEqual([
      { kind: 'text', text: '看 ' },
      { kind: 'link', url: 'https://example.com/a?b=1' },
      { kind: 'text', text: '. 和 ' },
      { kind: 'link', url: 'http://x.cn' },
      { kind: 'text', text: '，好' },
    ])
  })

  it('never makes a link of javascript: or a host with user info', () => {
    expect(chatTextPieces('javascript:alert(1) https://a@evil.com', nameOf)).toEqual([{ kind: 'text', text: 'javascript:alert(1) https://a@evil.com' }])
  })

  it('shows mentions by nickname, or as 用户 when the member is unknown', () => {
    expect(chatTextPieces(`${mentionToken('B_lin')} 你好 <@B_x>`, nameOf)).toEqual([
      { kind: 'mention', uid: 'B_lin', name: '林晓' },
      { kind: 'text', text: ' 你好 ' },
      { kind: 'mention', uid: 'B_x', name: '用户' },
    ])
  })

  it('writes a one-line preview with mentions as @nickname', () => {
    expect(chatPlainText('<@B_lin> 看 https://a.cn', nameOf)).toBe('@林晓 看 https://a.cn')
  })
})

describe('chatQuoteText', () => {
  it('quotes text as plain text and a picture sent without text as 图片', () => {
    expect([chatQuoteText('<@B_lin> 看', nameOf), chatQuoteText('', nameOf)]).toEqual(['@林晓 看', '图片'])
  })
})
