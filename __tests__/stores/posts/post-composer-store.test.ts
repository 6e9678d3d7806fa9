import { PostComposerStore } from '@/stores/posts/post-composer-store'
import { RequestError } from '@/services/request/errors'
import { auditRejection, failedRequest, fakeLogger, manualUploader } from '../support/fakes'
import { fakePostsApi, post } from '../support/posts-fakes'

function composer () {
  const api = fakePostsApi()
  const uploader = manualUploader()
  const store = new PostComposerStore(api, { upload: uploader.upload, logger: fakeLogger(), nonce: () => 'draft-1' })
  return { api, uploader, store }
}

const picked = (name: string) => ({ path: `blob:${name}`, width: 100, height: 50 })
const settle = () => new Promise(resolve => setTimeout(resolve, 0))

describe('PostComposerStore', () => {
  it('uploads each picked image at once with its own progress, and keeps at most nine', () => {
    const { uploader, store } = composer()
    store.addImages(Array.from({ length: 11 }, (_unused, index) => picked(String(index))))
    expect(store.images).toHaveLength(9)
    expect(uploader.calls).toHaveLength(9)
    uploader.calls[0].progress(42.4)
    expect(store.images.map(image => image.progress).slice(0, 2)).toEqual([42, 0])
    expect(store.roomForImages).toBe(0)
  })

  it('does not send while an image is uploading or has failed, and says why', async () => {
    const { api, uploader, store } = composer()
    store.text.setTitle('标题')
    store.addImages([picked('a'), picked('b')])
    expect(store.canSend).toBe(false)
    expect(store.blockedBy).toBe('图片上传中，请稍候')
    uploader.calls[0].done.resolve('https://cdn.example/a.png')
    uploader.calls[1].done.reject(new RequestError({ kind: 'failed', code: 999996, message: '请求异常', status: 413 }))
    await settle()
    expect(store.images.map(image => image.status)).toEqual(['done', 'failed'])
    expect(store.images[1].error).toBe('图片太大，无法上传')
    expect(store.blockedBy).toBe('有图片上传失败，请重试或移除')
    expect(await store.send('c1')).toBeNull()
    expect(api.createPost).not.toHaveBeenCalled()
  })

  it('uploads a failed image again on retry, or drops it on remove', async () => {
    const { uploader, store } = composer()
    store.text.setTitle('标题')
    store.addImages([picked('a'), picked('b')])
    uploader.calls[0].done.reject(failedRequest())
    uploader.calls[1].done.reject(failedRequest())
    await settle()
    store.retryImage(store.images[0].id)
    expect(store.images[0]).toMatchObject({ status: 'uploading', progress: 0, error: null })
    uploader.calls[2].done.resolve('https://cdn.example/a.png')
    store.removeImage(store.images[1].id)
    await settle()
    expect(store.images).toEqual([expect.objectContaining({ status: 'done', url: 'https://cdn.example/a.png' })])
    expect(store.canSend).toBe(true)
  })

  it('sends the title, text and uploaded images with the draft nonce, then clears the draft', async () => {
    const { api, uploader, store } = composer()
    store.text.setTitle('  新作品 ')
    store.text.setContent('正文')
    store.addImages([picked('a')])
    uploader.calls[0].done.resolve('https://cdn.example/a.png')
    await settle()
    api.createPost.mockResolvedValueOnce(post('p1'))
    expect(await store.send('c1')).toMatchObject({ post_id: 'p1' })
    expect(api.createPost).toHaveBeenCalledWith('c1', { title: '新作品', content: '正文', images: [{ url: 'https://cdn.example/a.png', width: 100, height: 50 }], nonce: 'draft-1' })
    expect([store.text.title, store.text.content, store.images]).toEqual(['', '', []])
  })

  it('asks for a title under the title field', async () => {
    const { api, store } = composer()
    expect(await store.send('c1')).toBeNull()
    expect(store.text.fieldErrors.title).toBe('请输入标题')
    expect(api.createPost).not.toHaveBeenCalled()
  })

  it('shows an audit rejection under its field and keeps everything typed', async () => {
    const { api, store } = composer()
    store.text.setTitle('违禁标题')
    store.text.setContent('正文')
    api.createPost.mockRejectedValueOnce(auditRejection(104001, '标题未通过审核，请修改后重试', 'title'))
    expect(await store.send('c1')).toBeNull()
    expect(store.text.fieldErrors).toEqual({ title: '标题未通过审核，请修改后重试' })
    expect([store.text.title, store.text.content]).toEqual(['违禁标题', '正文'])
    api.createPost.mockRejectedValueOnce(auditRejection(104008, '内容未通过审核，请修改后重试'))
    store.text.setTitle('好标题')
    await store.send('c1')
    expect(store.text.fieldErrors).toEqual({ content: '内容未通过审核，请修改后重试' })
  })
})
