import Taro from '@tarojs/taro'
import PostPage from '@/pages/post/index'
import { envelopeError } from '@/services/request/errors'
import { auditRejection, user } from '../stores/support/fakes'
import { comment, fakePostsApi, post } from '../stores/support/posts-fakes'
import { cleanUp, openPage } from './home-harness'
import type { MountedPage } from '../support/page-harness'
import { Permission } from '@core/domain/permissions'
import type { MyPermissions } from '@core/wire/trust'
import type { TrustApi } from '@/services/api/trust'

jest.mock('@tarojs/taro', () => jest.requireActual('./home-taro-hooks').recordingTaro())

beforeEach(() => {
  jest.spyOn(console, 'info').mockImplementation(() => undefined)
})

afterEach(() => {
  cleanUp()
})

function postsApiWith () {
  const postsApi = fakePostsApi()
  postsApi.getPost.mockResolvedValue(post('p1', {
    title: '<b>星空</b>', content: '拍了一整晚', like_count: 3, liked: true, comment_count: 2,
    images: [{ url: 'https://cdn.example/a.png', width: 1, height: 1 }, { url: 'https://cdn.example/b.png', width: 1, height: 1 }],
  }))
  postsApi.listComments.mockResolvedValue({
    items: [comment('k1', { content: '好看', author: user({ uid: 'u2', nickname: 'Alex' }) }), comment('k2', { content: '谢谢', reply_to: { comment_id: 'k1', author: user({ uid: 'u2' }) } })],
    has_more: false,
  })
  return postsApi
}

/** Types into the text box inside `selector` as a member would (the H5 input's own input event). */
async function typeInto (page: MountedPage, selector: string, value: string): Promise<void> {
  const box = await page.testUtils.queries.waitForQuerySelector(`${selector} input`) as HTMLInputElement
  await page.testUtils.act(async () => {
    box.value = value
    box.dispatchEvent(new Event('input', { bubbles: true }))
  })
  await page.settle()
}

/** A trust API answering my permissions in server s1: `bits` in channel c1 (the posts' channel). */
function trustWith (bits: number): TrustApi {
  const mine: MyPermissions = { server_id: 's1', is_member: true, is_owner: false, permissions: 0, channels: [{ channel_id: 'c1', permissions: bits }], role_ids: [], timeout_until: null, rank: null }
  return { myPermissions: jest.fn().mockResolvedValue(mine) } as unknown as TrustApi
}

describe('post page', () => {
  it('shows the whole post as text, my like highlighted, and comments with replies under them', async () => {
    const page = await openPage(PostPage, { postsApi: postsApiWith(), params: { post_id: 'p1' } })
    expect(document.querySelector('.post-page__title')?.textContent).toBe('<b>星空</b>')
    expect(document.querySelector('.post-page b')).toBeNull()
    expect(document.querySelector('.page-header__title')?.textContent).toBe('<b>星空</b>') // The post's title, as text
    expect(document.querySelector('.page-header__back')?.getAttribute('role')).toBe('button')
    expect(page.text()).toContain('拍了一整晚')
    // the like is a pressed toggle button with a heart, not bare text
    const like = document.querySelector('.post-page__like')
    expect(like?.getAttribute('role')).toBe('button')
    expect(like?.getAttribute('aria-pressed')).toBe('true')
    expect(like?.querySelector('.like-button__icon')?.getAttribute('aria-hidden')).toBe('true') // named by its count alone
    expect(like?.querySelector('.like-button__icon')?.textContent).toBe('♥')
    expect(like?.querySelector('.like-button__count')?.textContent).toBe('3 赞')
    expect(Array.from(document.querySelectorAll('.post-page__comment--reply .post-page__comment-text')).map(node => node.textContent)).toEqual(['谢谢'])
  })

  it('opens the full-screen viewer on the tapped image with all of them', async () => {
    const preview = jest.spyOn(Taro, 'previewImage').mockResolvedValue({ errMsg: 'previewImage:ok' })
    const page = await openPage(PostPage, { postsApi: postsApiWith(), params: { post_id: 'p1' } })
    await page.tap('.post-page__image:nth-child(2)')
    expect(preview).toHaveBeenCalledWith({ urls: ['https://cdn.example/a.png', 'https://cdn.example/b.png'], current: 'https://cdn.example/b.png' })
  })

  it('lets the author edit the post in place: the refused title is told under the title field, the saved edit replaces the text', async () => {
    const me = user({ uid: 'B_me' })
    const postsApi = postsApiWith()
    postsApi.getPost.mockResolvedValue(post('p1', { author: me, title: '旧标题', content: '旧内容' }))
    const page = await openPage(PostPage, { postsApi, signedIn: me, trust: trustWith(0), params: { post_id: 'p1' } })
    await page.tap('.post-page__edit-open')
    await typeInto(page, '.post-page__edit .post-fields__title', '违禁标题')
    postsApi.updatePost.mockRejectedValueOnce(auditRejection(104001, '标题未通过审核'))
    await page.tap('.post-page__edit-save')
    expect(document.querySelector('.post-page__edit .post-fields__error')?.textContent).toBe('标题未通过审核')
    await typeInto(page, '.post-page__edit .post-fields__title', '新标题')
    postsApi.updatePost.mockResolvedValueOnce(post('p1', { author: me, title: '新标题', content: '旧内容', edited_at: 1_700_000_500 }))
    await page.tap('.post-page__edit-save')
    expect(postsApi.updatePost).toHaveBeenLastCalledWith('p1', { title: '新标题', content: '旧内容' })
    expect(document.querySelector('.post-page__edit')).toBeNull()
    expect(document.querySelector('.post-page__title')?.textContent).toBe('新标题')
    expect(page.text()).toContain('已编辑')
  })

  it('lets a commenter edit their own comment in the comment bar: the refusal told there with the text kept, the saved edit in place', async () => {
    const me = user({ uid: 'B_me' })
    const postsApi = postsApiWith()
    postsApi.listComments.mockResolvedValue({ items: [comment('k1', { content: '原话', author: me }), comment('k2', { content: '别人的' })], has_more: false })
    const page = await openPage(PostPage, { postsApi, signedIn: me, trust: trustWith(0), params: { post_id: 'p1' } })
    expect(document.querySelectorAll('.post-page__comment-edit')).toHaveLength(1) // only my own comment
    await page.tap('.post-page__comment-edit')
    const box = document.querySelector('.post-page .comment-bar__input input') as HTMLInputElement
    expect(box.value).toBe('原话')
    expect(document.querySelector('.post-page__editing')?.textContent).toBe('正在编辑评论 · 取消')
    expect(document.querySelector('.comment-bar__send')?.textContent).toBe('保存')
    await typeInto(page, '.post-page .comment-bar__input', '来赌博吧')
    postsApi.updateComment.mockRejectedValueOnce(auditRejection(104008, '内容未通过审核，请修改后重试'))
    await page.tap('.comment-bar__send')
    expect(document.querySelector('.comment-bar__error')?.textContent).toBe('内容未通过审核，请修改后重试')
    expect((document.querySelector('.post-page .comment-bar__input input') as HTMLInputElement).value).toBe('来赌博吧')
    await typeInto(page, '.post-page .comment-bar__input', '改过的话')
    postsApi.updateComment.mockResolvedValueOnce(comment('k1', { content: '改过的话', author: me, edited_at: 1_700_000_600 }))
    await page.tap('.comment-bar__send')
    expect(postsApi.updateComment).toHaveBeenLastCalledWith('p1', 'k1', { content: '改过的话' })
    expect(postsApi.createComment).not.toHaveBeenCalled()
    expect(Array.from(document.querySelectorAll('.post-page__comment-text')).map(node => node.textContent)).toEqual(['改过的话', '别人的'])
    expect(document.querySelector('.post-page__comment .post-page__edited')?.textContent).toBe('已编辑')
    expect(document.querySelector('.post-page__editing')).toBeNull()
    expect(document.querySelector('.comment-bar__send')?.textContent).toBe('发送')
  })

  it('offers a guest who commented the sign-in sheet, in a bar that covers nothing, and not again once they said 暂不登录', async () => {
    const guest = user({ uid: 'B_guest' })
    const postsApi = postsApiWith()
    postsApi.createComment.mockResolvedValue(comment('k3', { content: '我也来', author: guest }))
    const page = await openPage(PostPage, { postsApi, signedIn: guest, trust: trustWith(0), params: { post_id: 'p1' } })
    expect(document.querySelector('[data-testid="sign-in-offer"]')).toBeNull()
    await typeInto(page, '.post-page .comment-bar__input', '我也来')
    await page.tap('.comment-bar__send')
    // the comment went through as the guest's: the offer holds nothing back, and sits in the page's flow
    expect(postsApi.createComment).toHaveBeenCalledTimes(1)
    expect(document.querySelector('.post-page > [data-testid="sign-in-offer"]')).not.toBeNull()
    await page.tap('[data-testid="sign-in-offer-open"]')
    expect((await page.testUtils.queries.waitForQuerySelector('[data-testid="sign-in-sheet"]')).textContent).toContain('登录或注册')
    await page.tap('[data-testid="sign-in-later"]')
    expect(document.querySelector('[data-testid="sign-in-sheet"]')).toBeNull()
    expect(document.querySelector('[data-testid="sign-in-offer"]')).toBeNull()
    await typeInto(page, '.post-page .comment-bar__input', '再来一条')
    await page.tap('.comment-bar__send')
    expect(postsApi.createComment).toHaveBeenCalledTimes(2)
    expect(document.querySelector('[data-testid="sign-in-offer"]')).toBeNull()
  })

  it('offers an account who commented no sign-in sheet, nor a guest whose comment was refused', async () => {
    const member = user({ uid: '100002' })
    const postsApi = postsApiWith()
    postsApi.createComment.mockResolvedValue(comment('k3', { content: '好', author: member }))
    const page = await openPage(PostPage, { postsApi, signedIn: member, trust: trustWith(0), params: { post_id: 'p1' } })
    await typeInto(page, '.post-page .comment-bar__input', '好')
    await page.tap('.comment-bar__send')
    expect(postsApi.createComment).toHaveBeenCalledTimes(1)
    expect(document.querySelector('[data-testid="sign-in-offer"]')).toBeNull()
    cleanUp()
    const guestPosts = postsApiWith()
    guestPosts.createComment.mockRejectedValue(auditRejection(104008, '内容未通过审核，请修改后重试'))
    const guestPage = await openPage(PostPage, { postsApi: guestPosts, signedIn: user({ uid: 'B_guest' }), trust: trustWith(0), params: { post_id: 'p1' } })
    await typeInto(guestPage, '.post-page .comment-bar__input', '来赌博吧')
    await guestPage.tap('.comment-bar__send')
    expect(document.querySelector('.comment-bar__error')?.textContent).toBe('内容未通过审核，请修改后重试')
    expect(document.querySelector('[data-testid="sign-in-offer"]')).toBeNull()
  })

  it("offers neither edit nor delete on someone else's post to a member without ManageMessages", async () => {
    await openPage(PostPage, { postsApi: postsApiWith(), params: { post_id: 'p1' } })
    expect(document.querySelector('.post-page__title')).not.toBeNull()
    expect(document.querySelector('.post-page__edit-open')).toBeNull()
    expect(document.querySelector('.post-page__actions .post-page__delete')).toBeNull()
  })

  it("shows a moderator (ManageMessages in the post's channel) delete on others' posts and comments, and removes a comment after the confirm", async () => {
    const postsApi = postsApiWith()
    postsApi.deleteComment.mockResolvedValue(undefined)
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'showModal:ok' })
    const page = await openPage(PostPage, { postsApi, signedIn: user({ uid: 'B_mod' }), trust: trustWith(Permission.ManageMessages), params: { post_id: 'p1' } })
    expect(document.querySelector('.post-page__actions .post-page__delete')).not.toBeNull()
    expect(document.querySelector('.post-page__edit-open')).toBeNull()
    expect(document.querySelectorAll('.post-page__comment .post-page__delete')).toHaveLength(2)
    await page.tap('.post-page__comment .post-page__delete')
    expect(modal).toHaveBeenCalledWith(expect.objectContaining({ content: '删除这条评论？' }))
    expect(postsApi.deleteComment).toHaveBeenCalledWith('p1', 'k1')
    expect(document.querySelectorAll('.post-page__comment')).toHaveLength(0)
  })

  it('says a removed post is gone in the page\'s words, with no 重试 that would be refused again', async () => {
    const postsApi = postsApiWith()
    postsApi.getPost.mockRejectedValue(envelopeError(404000, 'path.post_id: no post p1', 404, 'en'))
    const page = await openPage(PostPage, { postsApi, params: { post_id: 'p1' } })
    expect(page.text()).toContain('内容不存在或已被删除')
    expect(page.text()).not.toContain('no post')
    expect(document.querySelector('.state-view__retry')).toBeNull()
  })

  it('says the page does not exist without a post id', async () => {
    const page = await openPage(PostPage, { postsApi: fakePostsApi(), params: {} })
    expect(page.text()).toContain('页面不存在')
  })
})
