/**
 * A software WebAuthn authenticator for tests, signing as the spec says: an ES256 (P-256)
 * key per credential, authenticatorData (rpIdHash, flags, signature counter, and on
 * registration the attested credential with its COSE key), clientDataJSON, a 'none'
 * attestation in CBOR, and assertions signed over authenticatorData ‖ SHA-256(clientDataJSON).
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'crypto'

type Cbor = number | string | Buffer | Map<Cbor, Cbor> | { [key: string]: Cbor }

function head (major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length])
  if (length < 256) return Buffer.from([(major << 5) | 24, length])
  const buffer = Buffer.alloc(3)
  buffer[0] = (major << 5) | 25
  buffer.writeUInt16BE(length, 1)
  return buffer
}

/** CBOR of the few types a WebAuthn attestation needs (small ints, bytes, text, maps). */
export function cbor (value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)])
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value])
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value)
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([key, item]) => [cbor(key), cbor(item)])])
}

/** One credential the authenticator holds. */
export interface SoftCredential {
  id: Buffer
  privateKey: KeyObject
  publicKey: KeyObject
  counter: number
}

/** What the options calls answer that the authenticator reads. */
interface ChallengeOptions { challenge: string }

const b64 = (value: Buffer) => value.toString('base64url')

/** A software authenticator for `rpId`, whose client runs at `origin`. */
export function createSoftAuthenticator (rpId: string, origin: string) {
  const credentials: SoftCredential[] = []
  const rpIdHash = createHash('sha256').update(rpId).digest()
  function clientData (type: string, challenge: string, at = origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: at, crossOrigin: false }))
  }
  function counterBytes (counter: number): Buffer {
    const buffer = Buffer.alloc(4)
    buffer.writeUInt32BE(counter)
    return buffer
  }
  return {
    credentials,
    /** Answers creation options with a new credential (navigator.credentials.create). */
    register (options: ChallengeOptions, at = origin) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      const jwk = publicKey.export({ format: 'jwk' })
      const cose = cbor(new Map<Cbor, Cbor>([[1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x ?? '', 'base64url')], [-3, Buffer.from(jwk.y ?? '', 'base64url')]]))
      const id = randomBytes(16)
      const credential: SoftCredential = { id, privateKey, publicKey, counter: 0 }
      credentials.push(credential)
      const length = Buffer.alloc(2)
      length.writeUInt16BE(id.length)
      const authData = Buffer.concat([rpIdHash, Buffer.from([0x45]), counterBytes(0), Buffer.alloc(16), length, id, cose])
      return {
        id: b64(id), rawId: b64(id), type: 'public-key' as const,
        response: { clientDataJSON: b64(clientData('webauthn.create', options.challenge, at)), attestationObject: b64(cbor({ fmt: 'none', attStmt: {}, authData })), transports: ['internal'] },
        clientExtensionResults: {},
      }
    },
    /** Signs request options with `credential` (navigator.credentials.get); the counter moves on unless `counter` is given. */
    assert (options: ChallengeOptions, credential: SoftCredential = credentials[0], overrides: { counter?: number, origin?: string } = {}) {
      credential.counter = overrides.counter ?? credential.counter + 1
      const authData = Buffer.concat([rpIdHash, Buffer.from([0x05]), counterBytes(credential.counter)])
      const data = clientData('webauthn.get', options.challenge, overrides.origin)
      const signature = sign('sha256', Buffer.concat([authData, createHash('sha256').update(data).digest()]), credential.privateKey)
      return {
        id: b64(credential.id), rawId: b64(credential.id), type: 'public-key' as const,
        response: { clientDataJSON: b64(data), authenticatorData: b64(authData), signature: b64(signature) },
        clientExtensionResults: {},
      }
    },
  }
}
