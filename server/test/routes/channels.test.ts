import type { Paged } from '@core/wire/api'
import type { Channel, LiveItem, Message, Post } from '@core/wire/entities'
import { envelope, startTestApp, type TestApp } from '../helper'

let test: TestApp
beforeAll(async () => { test = await startTestApp() })
afterAll(async () => { await test.close() })

describe('GET /channels/:channel_id', () => {
  it('answers one channel', async () => {
    const { data } = envelope<Channel>(await test.inject('/channels/83282813'))
    expect(data).toMatchObject({ channel_id: '83282813', server_id: '832828', channel_type: 11, link_url: 'https://example.com/' })
  })

  it('answers 404 for an unknown channel', async () => {
    const response = await test.inject('/channels/1')
    expect(response.statusCode).toBe(404)
    expect(envelope(response).msg).toBe('path.channel_id: no channel 1')
  })
})

describe('GET /channels/:channel_id/posts', () => {
  it('pages the posts newest first with their authors', async () => {
    const first = envelope<Paged<Post>>(await test.inject('/channels/83282804/posts?page_size=10')).data
    expect(first.total).toBeGreaterThanOrEqual(25)
    expect(first.list).toHaveLength(10)
    const times = first.list.map(post => post.created_at)
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    expect(first.list[0].author).toMatchObject({ uid: expect.any(String), nickname: expect.any(String) })
    const last = envelope<Paged<Post>>(await test.inject(`/channels/83282804/posts?page_size=10&page=${Math.ceil(first.total / 10)}`)).data
    expect(last.has_more).toBe(false)
  })

  it('answers an empty page beyond the end', async () => {
    const { data } = envelope<Paged<Post>>(await test.inject('/channels/72365804/posts?page=99'))
    expect(data).toMatchObject({ list: [], page: 99, has_more: false })
  })

  it('answers 400 for a channel that is not a post channel', async () => {
    const response = await test.inject('/channels/83282802/posts')
    expect(response.statusCode).toBe(400)
    expect(envelope(response).msg).toBe('path.channel_id: channel 83282802 is not a post channel')
  })
})

describe('GET /channels/:channel_id/messages', () => {
  it('pages the messages newest first with their authors, bots among them', async () => {
    const { data } = envelope<Paged<Message>>(await test.inject('/channels/83282802/messages?page_size=50'))
    expect(data.total).toBeGreaterThanOrEqual(25)
    expect(data.list.some(message => message.author.uid.startsWith('C_'))).toBe(true)
  })
})

describe('GET /channels/:channel_id/lives', () => {
  it('answers only the live items of that channel', async () => {
    const { data } = envelope<Paged<LiveItem>>(await test.inject('/channels/83282807/lives?page_size=50'))
    expect(data.total).toBeGreaterThan(0)
    expect(data.list.every(item => item.channel_id === '83282807')).toBe(true)
    expect(data.list[0].cover).toMatch(/^http:\/\/localhost:80\/files\/seed\/cover-\d\.svg$/)
  })
})
