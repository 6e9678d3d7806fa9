import { createVoiceApi, createVoiceCheckApi } from '@/services/api/voice'
import { recordingRequester } from '../support/recording-requester'

describe('createVoiceApi', () => {
  it('asks a server\'s voice states and sends a moderator\'s mute, deafen, move and disconnect to the member\'s path', async () => {
    const { send, sent } = recordingRequester(null)
    const voice = createVoiceApi(send)
    await voice.states('832828')
    await voice.moderate('832828', 'u1', { mute: true })
    await voice.moderate('832828', 'u1', { channel_id: 'c-other' })
    await voice.disconnect('832828', 'u1')
    expect(sent).toEqual([
      { path: '/servers/832828/voice-states' },
      { path: '/servers/832828/voice-states/u1', method: 'POST', data: { mute: true } },
      { path: '/servers/832828/voice-states/u1', method: 'POST', data: { channel_id: 'c-other' } },
      { path: '/servers/832828/voice-states/u1', method: 'DELETE' },
    ])
  })

  it('asks the owner\'s voice check of a server at its path', async () => {
    const { send, sent } = recordingRequester(null)
    await createVoiceCheckApi(send).check('832828')
    expect(sent).toEqual([{ path: '/servers/832828/voice-check' }])
  })
})
