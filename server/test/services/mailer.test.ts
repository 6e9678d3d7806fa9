import type { FastifyBaseLogger } from 'fastify'
import { createCodeMailer } from '../../src/services/mailer'

describe('code mailer', () => {
  it('writes the code to the server log when no SMTP_URL is set', async () => {
    const lines: string[] = []
    const log = { warn: (...args: unknown[]) => { lines.push(String(args.at(-1))) } } as unknown as FastifyBaseLogger
    await createCodeMailer({ signIn: true, smtpUrl: null, from: 'x@y.example' }, log).sendSignInCode('a@b.example', '042137', 10)
    expect(lines).toEqual([
      'e-mail sign-in: no SMTP_URL, so each code is written to this log (look for "e-mail sign-in code for"), not sent',
      expect.stringContaining('a@b.example: 042137'),
    ])
  })

  it('says at start which SMTP server codes go through, never its password', () => {
    const lines: string[] = []
    const log = { info: (line: string) => { lines.push(line) } } as unknown as FastifyBaseLogger
    createCodeMailer({ signIn: true, smtpUrl: 'smtps://realm:s3cret@smtp.example:465', from: 'Realm <hi@realm.example>' }, log).close()
    expect(lines).toEqual(['e-mail sign-in: codes are sent through smtps://smtp.example:465 from Realm <hi@realm.example>'])
  })

  it('says nothing of mail when e-mail sign-in is off', () => {
    const log = { info: jest.fn(), warn: jest.fn() }
    createCodeMailer({ signIn: false, smtpUrl: null, from: 'x@y.example' }, log as unknown as FastifyBaseLogger)
    expect([log.info, log.warn].map(mock => mock.mock.calls.length)).toEqual([0, 0])
  })
})
