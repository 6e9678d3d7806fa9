import type { AddressInfo } from 'net'
import type { MessageHistory } from '@core/wire/messages'
import type { BotToken } from '@core/wire/trust'
import { startBot, type RunningBot } from '../../../examples/bot/bot'
import { answerCommand, HELP_TEXT, MAX_DICE } from '../../../examples/bot/commands'
import { DEMO_OWNER, envelope, signInAsMember, startTestApp, type TestApp } from '../helper'

describe('answerCommand', () => {
  it('answers /help with the command list', () => {
    expect(answerCommand('/help')).toBe(HELP_TEXT)
  })

  it('rolls one six-sided die by default, and NdM when asked', () => {
    expect(answerCommand('/roll', () => 0.99)).toBe('🎲 6 (d6)')
    expect(answerCommand('/roll 20', () => 0)).toBe('🎲 1 (d20)')
    expect(answerCommand('/roll 3d6', () => 0.5)).toBe('🎲 4 + 4 + 4 = 12 (3d6)')
  })

  it('explains the usage for dice it will not throw', () => {
    for (const argument of [`${MAX_DICE + 1}d6`, '1d1', 'x', '0d6']) expect(answerCommand(`/roll ${argument}`)).toMatch(/^用法 \/ usage/)
  })

  it('stays quiet for everything else', () => {
    expect(answerCommand('hello /help')).toBeNull()
    expect(answerCommand('/rolling')).toBeNull()
  })
})

describe('the example bot against a running server', () => {
  let test: TestApp
  let bot: RunningBot | null = null
  afterAll(async () => {
    bot?.stop()
    await test.close()
  })

  it('answers /help in the channel it was asked in, as 小助手', async () => {
    test = await startTestApp({ GATEWAY_HEARTBEAT_MS: '1000' })
    await test.app.listen({ port: 0, host: '127.0.0.1' })
    const baseUrl = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`
    const owner = await signInAsMember(test, DEMO_OWNER)
    const { token } = envelope<BotToken>(await test.inject({ method: 'POST', url: '/servers/832828/bots/C_200001/token', headers: owner.headers })).data
    bot = startBot({ baseUrl, token, log: () => undefined })
    await bot.ready
    const member = await signInAsMember(test, '100004')
    const asked = await test.inject({ method: 'POST', url: '/channels/83282802/messages', headers: member.headers, payload: { content: '/help', nonce: 'ask-help' } })
    expect(asked.statusCode).toBe(200)
    let answer
    for (let attempt = 0; attempt < 50 && !answer; attempt++) {
      await new Promise(resolve => setTimeout(resolve, 50))
      const history = envelope<MessageHistory>(await test.inject('/channels/83282802/messages?limit=5')).data
      answer = history.items.find(message => message.author.uid === 'C_200001' && message.content === HELP_TEXT)
    }
    expect(answer).toMatchObject({ author: { nickname: '小助手' }, reply_to: { content: '/help' } })
  })
})
