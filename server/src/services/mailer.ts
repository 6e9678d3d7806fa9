/**
 * Sends the e-mail sign-in codes: through SMTP_URL with nodemailer, from MAIL_FROM; with
 * no SMTP_URL (the development default of `npm start`) the code is written to the
 * server's log instead, and production refuses to start that way (config.ts).
 */
import nodemailer from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import type { EmailConfig } from '../config'

/** Sends a sign-in code to an address. */
export interface CodeMailer {
  sendSignInCode (to: string, code: string, lifetimeMinutes: number): Promise<void>
  /** Closes the SMTP connection pool. */
  close (): void
}

/** The mail's subject and text (both languages: the address says nothing of the reader's). */
export function signInMail (code: string, lifetimeMinutes: number): { subject: string, text: string } {
  return {
    subject: `OpenRealm 登录验证码 / sign-in code: ${code}`,
    text: `你的 OpenRealm 登录验证码是 ${code}，${lifetimeMinutes} 分钟内有效。不是你本人操作请忽略。\n\nYour OpenRealm sign-in code is ${code}. It is valid for ${lifetimeMinutes} minutes. If you did not ask for it, ignore this mail.\n`,
  }
}

/** The start-up line that says where sign-in codes go (docs/accounts.md quotes both). */
export function mailerStartLine (config: EmailConfig): string {
  if (config.smtpUrl === null) return 'e-mail sign-in: no SMTP_URL, so each code is written to this log (look for "e-mail sign-in code for"), not sent'
  const { hostname, port, protocol } = new URL(config.smtpUrl)
  return `e-mail sign-in: codes are sent through ${protocol}//${hostname}${port === '' ? '' : `:${port}`} from ${config.from}`
}

/** The mailer `config` asks for: SMTP when SMTP_URL is set, else the log; says which at start (never the SMTP credentials). */
export function createCodeMailer (config: EmailConfig, log: FastifyBaseLogger): CodeMailer {
  if (config.signIn) log[config.smtpUrl === null ? 'warn' : 'info'](mailerStartLine(config))
  if (config.smtpUrl === null) {
    return {
      async sendSignInCode (to, code) {
        log.warn({ to }, `e-mail sign-in code for ${to}: ${code} (no SMTP_URL: codes are written here, not sent)`)
      },
      close () {},
    }
  }
  const transport = nodemailer.createTransport(config.smtpUrl)
  return {
    async sendSignInCode (to, code, lifetimeMinutes) {
      await transport.sendMail({ from: config.from, to, ...signInMail(code, lifetimeMinutes) })
    },
    close () { transport.close() },
  }
}
