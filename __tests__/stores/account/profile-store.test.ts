import { ProfileStore } from '@/stores/account/profile-store'
import { SessionStore } from '@/stores/account/session-store'
import { auditRejection, deferred, failedRequest, fakeApi, fakeLogger, memoryStorage, user, type FakeApi } from '../support/fakes'

function setup () {
  const api: FakeApi = fakeApi()
  const logger = fakeLogger()
  const session = new SessionStore(api, { storage: memoryStorage(), loginKey: 'k', clock: () => 0, logger })
  session.hydrate({ user: user({ nickname: '旧名字', signature: '旧签名' }), token: 't' })
  return { api, session, logger, profile: new ProfileStore(api, session, logger) }
}

describe('ProfileStore', () => {
  it('uploads a generated avatar through the base64 call and saves nothing yet (SPEC §7)', async () => {
    const { api, session, profile } = setup()
    api.uploadBase64.mockResolvedValue('/files/base64/a.png')
    await expect(profile.uploadAvatar({ generated: 'data:image/png;base64,AAAA' })).resolves.toBe('/files/base64/a.png')
    expect(api.uploadBase64).toHaveBeenCalledWith('data:image/png;base64,AAAA')
    expect(api.updateProfile).not.toHaveBeenCalled()
    expect(session.user?.avatar).not.toBe('/files/base64/a.png')
  })

  it('answers null and logs why when no upload token could be had for a photo (SPEC §8)', async () => {
    const { api, logger, profile } = setup()
    api.getUploadToken.mockResolvedValue(null)
    await expect(profile.uploadAvatar({ photo: '/tmp/p.jpg', mime: 'image/jpeg' })).resolves.toBeNull()
    expect(api.getUploadToken).toHaveBeenCalledWith(expect.objectContaining({ mime: 'image/jpeg' }))
    expect(logger.error).toHaveBeenCalled()
  })

  it('replaces the user with what the server accepted', async () => {
    const { api, session, profile } = setup()
    api.updateProfile.mockResolvedValue(user({ nickname: '新名字', signature: '旧签名' }))
    await expect(profile.update({ nickname: '新名字' })).resolves.toBe(true)
    expect(api.updateProfile).toHaveBeenCalledWith({ nickname: '新名字' })
    expect([profile.status, session.user?.nickname]).toEqual(['ready', '新名字'])
  })

  it('keeps the old nickname and shows the rejection message on it (SPEC §5)', async () => {
    const { api, session, profile } = setup()
    api.updateProfile.mockRejectedValue(auditRejection(104002, '昵称未通过审核，请修改后重试', 'nickname'))
    await expect(profile.update({ nickname: '坏名字' })).resolves.toBe(false)
    expect(session.user?.nickname).toBe('旧名字')
    expect(profile.errorOf('nickname')).toBe('昵称未通过审核，请修改后重试')
    expect(profile.errorOf('signature')).toBeNull()
    expect([profile.status, profile.error]).toEqual(['error', '昵称未通过审核，请修改后重试'])
  })

  it('places a generic audit rejection on the only field sent', async () => {
    const { api, profile } = setup()
    api.updateProfile.mockRejectedValue(auditRejection(104999, '内容未通过审核，请修改后重试'))
    await profile.update({ avatar: 'https://cdn.example/bad.png' })
    expect(profile.fieldErrors).toEqual({ avatar: '内容未通过审核，请修改后重试' })
  })

  it('places a rejection on the field its code names when several were sent', async () => {
    const { api, session, profile } = setup()
    api.updateProfile.mockRejectedValue(auditRejection(104003, '个性签名未通过审核，请修改后重试'))
    await profile.update({ nickname: '新名字', signature: '坏签名' })
    expect(profile.fieldErrors).toEqual({ signature: '个性签名未通过审核，请修改后重试' })
    expect([session.user?.nickname, session.user?.signature]).toEqual(['旧名字', '旧签名'])
  })

  it('shows a failure that is not an audit rejection as the store error only', async () => {
    const { api, profile } = setup()
    api.updateProfile.mockRejectedValue(failedRequest())
    await profile.update({ nickname: '新名字' })
    expect([profile.status, profile.error, profile.fieldErrors]).toEqual(['error', '请求异常', {}])
  })

  it('is loading while saving', () => {
    const { api, profile } = setup()
    api.updateProfile.mockReturnValue(deferred<never>().promise)
    void profile.update({ signature: '新签名' })
    expect(profile.status).toBe('loading')
  })

  it('clears the old message of a field when it is sent again', async () => {
    const { api, profile } = setup()
    api.updateProfile.mockRejectedValueOnce(auditRejection(104002, '昵称未通过审核', 'nickname'))
    await profile.update({ nickname: '坏名字' })
    api.updateProfile.mockResolvedValue(user({ nickname: '好名字' }))
    await profile.update({ nickname: '好名字' })
    expect(profile.errorOf('nickname')).toBeNull()
  })

  it('leaves no refusal on screen after a later save is accepted', async () => {
    const { api, profile } = setup()
    api.updateProfile.mockRejectedValueOnce(auditRejection(104002, '昵称未通过审核，请修改后重试', 'nickname'))
    await profile.update({ nickname: '坏名字' })
    api.updateProfile.mockResolvedValueOnce(user({ nickname: '旧名字', signature: '新签名' }))
    await expect(profile.update({ signature: '新签名' })).resolves.toBe(true)
    expect(profile.errorOf('nickname')).toBeNull()
  })

  it('hides the message of a field on request', async () => {
    const { api, profile } = setup()
    api.updateProfile.mockRejectedValue(auditRejection(104002, '昵称未通过审核', 'nickname'))
    await profile.update({ nickname: '坏名字' })
    profile.clearError('nickname')
    expect(profile.errorOf('nickname')).toBeNull()
  })

  it('sends nothing for an empty edit', async () => {
    const { api, profile } = setup()
    await expect(profile.update({})).resolves.toBe(false)
    expect([api.updateProfile.mock.calls.length, profile.status]).toEqual([0, 'idle'])
  })
})
