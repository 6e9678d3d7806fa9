/**
 * A real SMTP server on a loopback port (the `smtp-server` package) that keeps every mail
 * it receives, so tests read the sign-in code from the mail the server really sent.
 */
import type { AddressInfo } from 'net'
import { SMTPServer } from 'smtp-server'

/** A received mail: its recipients and raw text. */
export interface ReceivedMail {
  to: string[]
  raw: string
}

/** A running inbox. */
export interface SmtpInbox {
  /** smtp://127.0.0.1:<port> for SMTP_URL. */
  url: string
  mails: ReceivedMail[]
  /** The six-digit code of the latest mail to `to`, waiting up to 5 s for it to arrive. */
  codeFor (to: string): Promise<string>
  close (): Promise<void>
}

/** The text of a single-part mail, its transfer encoding (base64 or quoted-printable) undone. */
export function mailText (raw: string): string {
  const split = raw.search(/\r?\n\r?\n/)
  const head = raw.slice(0, split)
  const body = raw.slice(split).trim()
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  const unfolded = body.replace(/=\r?\n/g, '')
  return Buffer.from(unfolded.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8')
}

/** Starts an inbox on 127.0.0.1 (no TLS, no authentication). */
export async function startSmtpInbox (): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData (stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map(rcpt => rcpt.address), raw: Buffer.concat(chunks).toString('utf8') })
        callback()
      })
    },
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async codeFor (to) {
      for (let waited = 0; waited < 5000; waited += 20) {
        const mail = [...mails].reverse().find(received => received.to.includes(to))
        const code = mail && /sign-in code is (\d{6})/.exec(mailText(mail.raw))?.[1]
        if (code) return code
        await new Promise(resolve => setTimeout(resolve, 20))
      }
      throw new Error(`no mail reached ${to}`)
    },
    close: () => new Promise<void>(resolve => server.close(() => resolve())),
  }
}
