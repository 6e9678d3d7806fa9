import { createPlazaApi } from '@/services/api/plaza'
import { recordingRequester } from '../support/recording-requester'

describe('createPlazaApi', () => {
  it('asks for a lobby and a table (with an invite code only when given), and makes a table', async () => {
    const { send, sent } = recordingRequester(null)
    const plaza = createPlazaApi(send)
    await plaza.lobby('c1')
    await plaza.table('t1')
    await plaza.table('t1', 'code9')
    await plaza.createTable('c1', { game: 'gomoku', access: 'invite' })
    expect(sent).toEqual([
      { path: '/channels/c1/tables' },
      { path: '/tables/t1' },
      { path: '/tables/t1', query: { invite: 'code9' } },
      { path: '/channels/c1/tables', method: 'POST', data: { game: 'gomoku', access: 'invite' } },
    ])
  })

  it('sends the seat, ready, move, rematch, invite and close writes to the table\'s paths', async () => {
    const { send, sent } = recordingRequester(null)
    const plaza = createPlazaApi(send)
    await plaza.sit('t1')
    await plaza.sit('t1', 1, 'code9')
    await plaza.stand('t1', 'u2')
    await plaza.ready('t1', true)
    await plaza.move('t1', { nonce: 'n1', version: 4, move: { x: 1, y: 2 } })
    await plaza.rematch('t1')
    await plaza.invite('t1', 'c-chat')
    await plaza.close('t1')
    await plaza.ratings('723658', 'u2')
    expect(sent).toEqual([
      { path: '/tables/t1/seats', method: 'POST', data: {} },
      { path: '/tables/t1/seats', method: 'POST', data: { seat: 1, invite: 'code9' } },
      { path: '/tables/t1/seats/u2', method: 'DELETE' },
      { path: '/tables/t1/ready', method: 'PUT', data: { ready: true } },
      { path: '/tables/t1/moves', method: 'POST', data: { nonce: 'n1', version: 4, move: { x: 1, y: 2 } } },
      { path: '/tables/t1/rematch', method: 'POST' },
      { path: '/tables/t1/invite', method: 'POST', data: { channel_id: 'c-chat' } },
      { path: '/tables/t1', method: 'DELETE' },
      { path: '/servers/723658/members/u2/game-ratings' },
    ])
  })
})
