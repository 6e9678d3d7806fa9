import { createServerSettingsApi } from '@/services/api/server-settings'
import { recordingRequester } from '../support/recording-requester'

function recording () {
  const { send, sent } = recordingRequester()
  return { api: createServerSettingsApi(send), calls: sent }
}

describe('createServerSettingsApi', () => {
  it('edits the server and its channels with POST (the mini-program has no PATCH), deletes with DELETE, and reads and replaces the words', async () => {
    const { api, calls } = recording()
    await api.updateServer('832828', { name: '新名字' })
    await api.updateChannel('83282802', { title: '大厅二' })
    await api.deleteChannel('83282802')
    await api.words('832828')
    await api.setWords('832828', ['广告'])
    expect(calls).toEqual([
      { path: '/servers/832828', method: 'POST', data: { name: '新名字' } },
      { path: '/channels/83282802', method: 'POST', data: { title: '大厅二' } },
      { path: '/channels/83282802', method: 'DELETE' },
      { path: '/servers/832828/words' },
      { path: '/servers/832828/words', method: 'PUT', data: { words: ['广告'] } },
    ])
  })
})
