import { createPinsApi } from '@/services/api/pins'
import { recordingRequester } from '../support/recording-requester'

describe('createPinsApi', () => {
  it('lists a channel pins, pins with PUT and unpins with DELETE on the message pin path', async () => {
    const { send, sent } = recordingRequester({ list: [] })
    const pins = createPinsApi(send)
    expect(await pins.list('83282802')).toEqual([])
    await pins.pin('83282802', '1000000000000000001')
    await pins.unpin('83282802', '1000000000000000001')
    expect(sent).toEqual([
      { path: '/channels/83282802/pins' },
      { path: '/channels/83282802/pins/1000000000000000001', method: 'PUT' },
      { path: '/channels/83282802/pins/1000000000000000001', method: 'DELETE' },
    ])
  })
})
