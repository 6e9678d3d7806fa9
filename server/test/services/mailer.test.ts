import type { FastifyBaseLogger } from 'fastify'
import { createCodeMailer } from '../../src/services/mailer'

describe('code mailer', () => {
  it('writes the code to the server log when no SMTP_URL is set', async () => {
    const lines: string[] = []
    const log = { warn: (_fields: unknown, line: string) => { lines.push(line) } } as unknown as FastifyBaseLogger
    await createCodeMailer({ signIn: true, smtpUrl: null, from: 'x@y.example' }, log).sendSignInCode('a@b.example', '042137', 10)
    expect(lines).toEqual([expect.stringContaining('a@b.example: 042137')])
  })
})
