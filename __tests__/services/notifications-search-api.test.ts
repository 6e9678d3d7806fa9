import { createNotificationsApi } from '@/services/api/notifications'
import { createSearchApi } from '@/services/api/search'
import { recordingRequester } from '../support/recording-requester'

describe('createNotificationsApi', () => {
  it('sends the inbox calls, the mute settings and the Web Push subscription to their paths', async () => {
    const { send, sent } = recordingRequester({})
    const notifications = createNotificationsApi(send)
    await notifications.list()
    await notifications.list('n9')
    await notifications.unread()
    await notifications.markRead({ all: true })
    await notifications.settings()
    await notifications.setServer('832828', { muted: true, suppress_everyone: true })
    await notifications.setChannel('83282802', { muted: false })
    await notifications.pushKey()
    const subscription = { endpoint: 'https://push.example/1', keys: { p256dh: 'p', auth: 'a' } }
    await notifications.savePush(subscription)
    await notifications.deletePush('https://push.example/1')
    expect(sent).toEqual([
      { path: '/notifications', query: { cursor: undefined } },
      { path: '/notifications', query: { cursor: 'n9' } },
      { path: '/notifications/unread' },
      { path: '/notifications/read', method: 'POST', data: { all: true } },
      { path: '/notifications/settings' },
      { path: '/servers/832828/notification-settings', method: 'PUT', data: { muted: true, suppress_everyone: true } },
      { path: '/channels/83282802/notification-settings', method: 'PUT', data: { muted: false } },
      { path: '/push/vapid-public-key' },
      { path: '/push/subscription', method: 'PUT', data: subscription },
      { path: '/push/subscription', method: 'DELETE', data: { endpoint: 'https://push.example/1' } },
    ])
  })
})

describe('createSearchApi', () => {
  it('sends a search with its cursor to the server\'s path', async () => {
    const { send, sent } = recordingRequester({ items: [] })
    const search = createSearchApi(send)
    await search.search('832828', '直播 from:林晓')
    await search.search('832828', '直播', 'cursor-1')
    expect(sent).toEqual([
      { path: '/servers/832828/search', query: { q: '直播 from:林晓', cursor: undefined } },
      { path: '/servers/832828/search', query: { q: '直播', cursor: 'cursor-1' } },
    ])
  })
})
