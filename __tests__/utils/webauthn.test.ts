import { platformWebauthn } from '@/utils/webauthn'

jest.mock('@simplewebauthn/browser', () => ({
  startRegistration: jest.fn(async ({ optionsJSON }: { optionsJSON: { challenge: string } }) => ({ id: 'new', challenge: optionsJSON.challenge })),
  startAuthentication: jest.fn(async ({ optionsJSON }: { optionsJSON: { challenge: string } }) => ({ id: 'used', challenge: optionsJSON.challenge })),
}))

function setPublicKeyCredential (value: unknown): void {
  Object.defineProperty(window, 'PublicKeyCredential', { value, configurable: true, writable: true })
}

afterEach(() => setPublicKeyCredential(undefined))

describe('passkeys in the browser (webauthn.h5.ts)', () => {
  it('offers none where the browser has no WebAuthn (the sheet offers the e-mail code instead)', () => {
    setPublicKeyCredential(undefined)
    expect(platformWebauthn()).toBeNull()
  })

  it('runs the registration and authentication ceremonies on the server\'s options', async () => {
    setPublicKeyCredential(function PublicKeyCredential () {})
    const ceremonies = platformWebauthn()
    expect(ceremonies).not.toBeNull()
    await expect(ceremonies!.register({ challenge: 'c1' } as never)).resolves.toEqual({ id: 'new', challenge: 'c1' })
    await expect(ceremonies!.authenticate({ challenge: 'c2' } as never)).resolves.toEqual({ id: 'used', challenge: 'c2' })
  })
})

describe('passkeys in the mini-program (webauthn.ts)', () => {
  it('offers none: the mini-program signs in with WeChat', () => {
    const { platformWebauthn: miniProgramWebauthn } = jest.requireActual<typeof import('@/utils/webauthn')>('@/utils/webauthn.ts')
    expect(miniProgramWebauthn()).toBeNull()
  })
})
