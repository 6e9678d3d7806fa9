/**
 * The public-address guard (server/src/services/public-address.ts): every form of a URL
 * that would have the server request a private, loopback, link-local, metadata or reserved
 * address is refused with its reason, a public name is accepted with the addresses to
 * connect to, and loopback passes only with the tests' own setting. Names resolve through
 * a fake resolver: no DNS server is asked, nothing is connected to.
 */
import { checkPublicUrl, isPublicAddress, type PublicUrlRefusal, type Resolve } from '../../src/services/public-address'

/** What each test name resolves to; any other name does not resolve. */
const NAMES: Record<string, string[]> = {
  'push.example': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'private.example': ['10.1.2.3'],
  'mixed.example': ['93.184.215.14', '192.168.1.1'],
  'metadata.example': ['169.254.169.254'],
  'metadata6.example': ['fd00:ec2::254'],
  'cgnat.example': ['100.100.100.200'],
  'mapped.example': ['::ffff:127.0.0.1'],
  'loopback.example': ['127.0.0.1'],
  'loopback6.example': ['::1'],
  'loopback-and-public.example': ['127.0.0.1', '93.184.215.14'],
  localhost: ['127.0.0.1'],
}

const asked: string[] = []
const resolve: Resolve = async host => {
  asked.push(host)
  const addresses = NAMES[host]
  if (addresses === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' })
  return addresses
}

beforeEach(() => { asked.length = 0 })

describe('checkPublicUrl', () => {
  it.each<[string, PublicUrlRefusal]>([
    ['not a url', 'malformed'],
    [`https://push.example/${'a'.repeat(2048)}`, 'too-long'],
    ['http://push.example/p', 'scheme'],
    ['ftp://push.example/p', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['https://user:secret@push.example/p', 'userinfo'],
    ['https://user@push.example/p', 'userinfo'],
    ['https://push.example:8443/p', 'port'],
    ['https://push.example:80/p', 'port'],
    ['https://127.0.0.1/p', 'ip-literal'],
    ['https://0x7f.1/p', 'ip-literal'],
    ['https://2130706433/p', 'ip-literal'],
    ['https://017700000001/p', 'ip-literal'],
    ['https://127.1/p', 'ip-literal'],
    ['https://0/p', 'ip-literal'],
    ['https://%31%32%37.0.0.1/p', 'ip-literal'],
    ['https://169.254.169.254/latest/meta-data', 'ip-literal'],
    ['https://93.184.215.14/p', 'ip-literal'],
    ['https://[::1]/p', 'ip-literal'],
    ['https://[::ffff:127.0.0.1]/p', 'ip-literal'],
    ['https://[fd00:ec2::254]/p', 'ip-literal'],
    ['https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/p', 'ip-literal'],
    ['https://localhost/p', 'single-label'],
    ['https://metadata/computeMetadata/v1/', 'single-label'],
    ['https://nowhere.example/p', 'unresolved'],
    ['https://private.example/p', 'not-public'],
    ['https://mixed.example/p', 'not-public'],
    ['https://metadata.example/p', 'not-public'],
    ['https://metadata6.example/p', 'not-public'],
    ['https://cgnat.example/p', 'not-public'],
    ['https://mapped.example/p', 'not-public'],
    ['https://loopback.example/p', 'not-public'],
    ['https://loopback6.example/p', 'not-public'],
  ])('refuses %s (%s)', async (url, reason) => {
    expect(await checkPublicUrl(url, { resolve })).toEqual({ ok: false, reason })
  })

  it('refuses http, other ports and user info without asking the resolver', async () => {
    for (const url of ['http://push.example/p', 'https://push.example:8443/p', 'https://u:p@push.example/p']) await checkPublicUrl(url, { resolve })
    expect(asked).toEqual([])
  })

  it('accepts an https URL of a public name, the default port written or not, with every address it resolves to', async () => {
    const verdict = await checkPublicUrl('https://push.example:443/wpush/v2/abc', { resolve })
    expect(verdict).toEqual({ ok: true, url: new URL('https://push.example/wpush/v2/abc'), addresses: NAMES['push.example'] })
  })

  it('takes a shorter length when told one', async () => {
    expect(await checkPublicUrl(`https://push.example/${'a'.repeat(100)}`, { resolve, maxLength: 100 })).toEqual({ ok: false, reason: 'too-long' })
  })

  it('with the tests\' loopback setting, takes loopback on http and any port, and nothing else that it refuses otherwise', async () => {
    const options = { resolve, allowLoopbackForTests: true }
    for (const url of ['http://127.0.0.1:9/p', 'http://[::1]:9/p', 'http://127.5.6.7/p', 'http://loopback.example:9/p', 'https://loopback6.example/p']) {
      expect(await checkPublicUrl(url, options)).toMatchObject({ ok: true })
    }
    expect(await Promise.all(['http://private.example:9/p', 'https://10.0.0.1/p', 'http://push.example/p', 'https://push.example:9/p', 'http://loopback-and-public.example/p', 'ftp://127.0.0.1/p', 'http://u:p@127.0.0.1:9/p']
      .map(async url => (await checkPublicUrl(url, options)) as { reason?: string })))
      .toEqual([{ ok: false, reason: 'not-public' }, { ok: false, reason: 'ip-literal' }, { ok: false, reason: 'scheme' }, { ok: false, reason: 'port' }, { ok: false, reason: 'scheme' }, { ok: false, reason: 'scheme' }, { ok: false, reason: 'userinfo' }])
  })
})

describe('isPublicAddress', () => {
  it.each([
    '0.0.0.0', '10.0.0.1', '100.64.0.1', '100.127.255.254', '127.0.0.1', '127.255.255.255', '169.254.169.254', '172.16.0.1', '172.31.255.255',
    '192.0.0.192', '192.0.2.1', '192.88.99.1', '192.168.0.1', '198.18.0.1', '198.51.100.1', '203.0.113.1', '224.0.0.1', '239.255.255.250', '240.0.0.1', '255.255.255.255',
    '::', '::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:169.254.169.254', '::127.0.0.1', '64:ff9b::a00:1', 'fc00::1', 'fd00:ec2::254', 'fe80::1', 'fec0::1', 'ff02::1',
    '2001::1', '2001:db8::1', '2002:7f00:1::', '3fff::1', 'not an address', '',
  ])('%s is not public', address => {
    expect(isPublicAddress(address)).toBe(false)
  })

  it.each(['93.184.215.14', '8.8.8.8', '100.63.255.255', '100.128.0.1', '172.15.255.255', '172.32.0.1', '::ffff:8.8.8.8', '2606:2800:21f:cb07:6820:80da:af6b:8b2c', '2a00:1450:4001:82b::200e'])('%s is public', address => {
    expect(isPublicAddress(address)).toBe(true)
  })
})
