import { CommentDraft } from '@/stores/posts/comment-draft'
import { auditRejection, fakeLogger } from '../support/fakes'

describe('CommentDraft', () => {
  it('sends the trimmed text once, applies the answer and clears the text', async () => {
    const draft = new CommentDraft(fakeLogger())
    draft.setText('  好看 ')
    const applied: string[] = []
    let finish: (value: string) => void = () => undefined
    const write = jest.fn((content: string) => new Promise<string>(resolve => { finish = () => resolve(content) }))
    const sending = draft.send(write, answer => applied.push(answer))
    expect(draft.canSend).toBe(false)
    expect(await draft.send(write, answer => applied.push(answer))).toBe(false)
    finish('')
    expect(await sending).toBe(true)
    expect(write).toHaveBeenCalledTimes(1)
    expect(applied).toEqual(['好看'])
    expect(draft.text).toBe('')
  })

  it('keeps the text and says why when the comment is refused, and forgets why on typing', async () => {
    const draft = new CommentDraft(fakeLogger())
    draft.setText('违禁')
    const applied = jest.fn()
    expect(await draft.send(() => Promise.reject(auditRejection(104008, '内容未通过审核，请修改后重试')), applied)).toBe(false)
    expect(applied).not.toHaveBeenCalled()
    expect(draft.text).toBe('违禁')
    expect(draft.error).toBe('内容未通过审核，请修改后重试')
    draft.setText('好的')
    expect(draft.error).toBeNull()
  })

  it('sends nothing when the text is blank', async () => {
    const draft = new CommentDraft(fakeLogger())
    draft.setText('   ')
    const write = jest.fn()
    expect(await draft.send(write, () => undefined)).toBe(false)
    expect(write).not.toHaveBeenCalled()
  })
})
