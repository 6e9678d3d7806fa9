import Taro from '@tarojs/taro'
import PostPage from '@/pages/post/index'
import { user } from '../stores/support/fakes'
import { comment, fakePostsApi, post } from '../stores/support/posts-fakes'
import { cleanUp, openPage } from './home-harness'

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

describe('post page', () => {
  it('shows the whole post as text, my like highlighted, and comments with replies under them', async () => {
    const page = await openPage(PostPage, { postsApi: postsApiWith(), params: { post_id: 'p1' } })
    expect(document.querySelector('.post-page__title')?.textContent).toBe('<b>星空</b>')
    expect(document.querySelector('.post-page b')).toBeNull()
    expect(page.text()).toContain('拍了一整晚')
    expect(document.querySelector('.post-page__like--mine')?.textContent).toBe('3 赞')
    expect(Array.from(document.querySelectorAll('.post-page__comment--reply .post-page__comment-text')).map(node => node.textContent)).toEqual(['谢谢'])
  })

  it('opens the full-screen viewer on the tapped image with all of them', async () => {
    const preview = jest.spyOn(Taro, 'previewImage').mockResolvedValue({ errMsg: 'previewImage:ok' })
    const page = await openPage(PostPage, { postsApi: postsApiWith(), params: { post_id: 'p1' } })
    await page.tap('.post-page__image:nth-child(2)')
    expect(preview).toHaveBeenCalledWith({ urls: ['https://cdn.example/a.png', 'https://cdn.example/b.png'], current: 'https://cdn.example/b.png' })
  })

  it('says the page does not exist without a post id', async () => {
    const page = await openPage(PostPage, { postsApi: fakePostsApi(), params: {} })
    expect(page.text()).toContain('页面不存在')
  })
})
