import path from 'path'
import { CARRY_WAIT_MS, ConfigError, DEFAULT_AUDIT_WORDS, DEFAULT_H5_DIR, DEV_JSAPI_TICKET, DEV_QINIU_SECRET_KEY, loadConfig } from '../src/config'

describe('configuration from the environment', () => {
  it('works out of the box: port 3000 on all interfaces, SQLite under ./data, development keys', () => {
    const config = loadConfig({})
    expect(config.port).toBe(3000)
    expect(config.host).toBe('0.0.0.0')
    expect(config.dataDir).toBe(path.resolve('data'))
    expect(config.databaseUrl).toBeNull()
    expect(config.publicUrl).toBeNull()
    expect(config.h5Dir).toBe(DEFAULT_H5_DIR)
    expect(config.pageAnswerWaitMs).toBe(CARRY_WAIT_MS)
    expect(config.wechat).toEqual({ appId: 'wx00openrealm0dev', appSecret: null, miniProgram: null, jsapiTicket: DEV_JSAPI_TICKET, apiBase: 'https://api.weixin.qq.com', subscribeTemplateId: null, mentionTemplateId: null, directMessageTemplateId: null, reminderIntervalMs: 30_000 })
    expect(config.webPushSubject).toBe('mailto:push@openrealm.invalid')
    expect(config.qiniu.bucket).toBe('openrealm')
    expect(config.qiniu.domain).toBeNull()
    expect(config.auditWords).toEqual(DEFAULT_AUDIT_WORDS)
    expect(config.auditWords).toEqual(expect.arrayContaining(['违禁', 'forbidden']))
    expect(config.rateLimit).toEqual({ max: 600, windowMs: 60000, allowList: ['127.0.0.1', '::1', '::ffff:127.0.0.1'], messages: { max: 20, windowMs: 10000 }, memberWrites: { max: 300, windowMs: 60000 } })
    expect(config.gatewayLeaseMs).toBe(10000)
  })

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: ' ', AUDIT_WORDS: '' })).toMatchObject({ databaseUrl: null, port: 3000, auditWords: DEFAULT_AUDIT_WORDS })
  })

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080', HOST: '127.0.0.1', DATA_DIR: '/tmp/realm', DATABASE_URL: 'postgres://u@db/x', DATABASE_SCHEMA: 'realm',
      PUBLIC_URL: 'https://realm.example/', H5_DIR: '/srv/h5', PAGE_ANSWER_WAIT_MS: '900', LOG_LEVEL: 'warn', TRUST_PROXY: '2',
      WX_APP_ID: 'wx1', WX_APP_SECRET: 's1', WX_MP_APP_ID: 'wxmp1', WX_MP_APP_SECRET: 'mps1', WX_JSAPI_TICKET: 't1', WX_API_BASE: 'http://127.0.0.1:9', WX_SUBSCRIBE_TEMPLATE_ID: 'tmpl1', REMINDER_INTERVAL_MS: '5000',
      WX_SUBSCRIBE_MENTION_TEMPLATE_ID: 'tmpl-m', WX_SUBSCRIBE_DM_TEMPLATE_ID: 'tmpl-dm', WEB_PUSH_SUBJECT: 'mailto:ops@realm.example',
      QINIU_ACCESS_KEY: 'ak', QINIU_SECRET_KEY: 'sk', QINIU_BUCKET: 'b', QINIU_DOMAIN: 'https://cdn.example', QINIU_FSIZE_LIMIT: '1000',
      AUDIT_WORDS: ' a, b ,,c ', RATE_LIMIT_MAX: '5', RATE_LIMIT_WINDOW_MS: '2000', RATE_LIMIT_ALLOW: 'none',
      UPLOAD_DAILY_BYTES: '4096', CHANNEL_CREATE_PER_MINUTE: '2', CHANNELS_PER_SERVER_MAX: '50', POST_WRITE_PER_MINUTE: '3', COMMENT_WRITE_PER_MINUTE: '4', GUEST_SIGNUPS_PER_MINUTE: '4', REPORT_PER_MINUTE: '6',
      REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: 'realm:', GATEWAY_HEARTBEAT_MS: '5000',
      VOICE_PUBLIC_IP: '198.51.100.4', VOICE_UDP_PORT_MIN: '45000', VOICE_UDP_PORT_MAX: '45500',
      MESSAGE_RATE_LIMIT_MAX: '7', MESSAGE_RATE_LIMIT_WINDOW_MS: '3000',
      MEMBER_WRITE_LIMIT_MAX: '9', MEMBER_WRITE_LIMIT_WINDOW_MS: '4000', GATEWAY_LEASE_MS: '1500',
      UPLOAD_DAILY_BYTES_PER_IP: '8192', UPLOAD_DAILY_BYTES_GUESTS: '16384', TEXT_DAILY_BYTES: '2048', TEXT_DAILY_BYTES_PER_IP: '32768',
      INVITE_CREATE_PER_MINUTE: '5', INVITES_LIVE_PER_MEMBER: '6', GUEST_INVITE_MAX_AGE_SECONDS: '3600',
      HTTP_HEADERS_TIMEOUT_MS: '2000', HTTP_REQUEST_TIMEOUT_MS: '3000', HTTP_IDLE_TIMEOUT_MS: '4000', HTTP_KEEP_ALIVE_TIMEOUT_MS: '5000',
      GATEWAY_SOCKETS_PER_ACCOUNT: '4', GATEWAY_PRESENCE_INTERVAL_MS: '250', GATEWAY_MAX_BACKLOG_BYTES: '65536', SPACE_TICK_HZ: '20',
      STUN_URLS: 'stun:stun.realm.example:3478', TURN_URLS: 'turn:turn.realm.example:3478?transport=udp, turns:turn.realm.example:5349',
      TURN_SECRET: 'coturn-secret', TURN_TTL_SECONDS: '600', VOICE_RELAY_ONLY: '1',
      SMTP_URL: 'smtps://u:p@smtp.example:465', MAIL_FROM: 'Realm <hi@realm.example>',
    })
    expect(config).toEqual({
      port: 8080, host: '127.0.0.1', dataDir: '/tmp/realm', databaseUrl: 'postgres://u@db/x', databaseSchema: 'realm',
      publicUrl: 'https://realm.example', h5Dir: '/srv/h5', pageAnswerWaitMs: 900, logLevel: 'warn', trustProxy: 2, production: false,
      wechat: { appId: 'wx1', appSecret: 's1', miniProgram: { appId: 'wxmp1', appSecret: 'mps1' }, jsapiTicket: 't1', apiBase: 'http://127.0.0.1:9', subscribeTemplateId: 'tmpl1', mentionTemplateId: 'tmpl-m', directMessageTemplateId: 'tmpl-dm', reminderIntervalMs: 5000 },
      webPushSubject: 'mailto:ops@realm.example',
      pushAllowLoopback: false,
      email: { signIn: true, smtpUrl: 'smtps://u:p@smtp.example:465', from: 'Realm <hi@realm.example>' },
      qiniu: { accessKey: 'ak', secretKey: 'sk', bucket: 'b', domain: 'https://cdn.example', uploadMaxBytes: 1000 },
      auditWords: ['a', 'b', 'c'],
      rateLimit: { max: 5, windowMs: 2000, allowList: [], messages: { max: 7, windowMs: 3000 }, memberWrites: { max: 9, windowMs: 4000 } },
      limits: {
        uploadBytesPerDay: 4096, channelsPerMinute: 2, channelsPerServer: 50, postsPerMinute: 3, commentsPerMinute: 4, guestSignupsPerMinute: 4,
        uploadBytesPerDayPerIp: 8192, uploadBytesPerDayGuests: 16384, textBytesPerDay: 2048, textBytesPerDayPerIp: 32768,
        invitesPerMinute: 5, liveInvitesPerMember: 6, guestInviteMaxAgeSeconds: 3600, reportsPerMinute: 6,
      },
      httpTimeouts: { headersMs: 2000, requestMs: 3000, idleMs: 4000, keepAliveMs: 5000 },
      redisUrl: 'redis://127.0.0.1:6379', redisKeyPrefix: 'realm:', gatewayHeartbeatMs: 5000, gatewayLeaseMs: 1500,
      voiceMedia: { publicIp: '198.51.100.4', udpPortMin: 45_000, udpPortMax: 45_500 },
      gatewaySocketsPerAccount: 4, gatewayPresenceIntervalMs: 250, gatewayMaxBacklogBytes: 65_536, spaceTickHz: 20,
      voiceIce: {
        stunUrls: ['stun:stun.realm.example:3478'], turnUrls: ['turn:turn.realm.example:3478?transport=udp', 'turns:turn.realm.example:5349'],
        turnSecret: 'coturn-secret', turnTtlSeconds: 600, relayOnly: true,
      },
    })
  })

  it('offers no STUN or TURN server by default, and refuses TURN without its secret or relay-only without TURN', () => {
    expect(loadConfig({}).voiceIce).toEqual({ stunUrls: [], turnUrls: [], turnSecret: null, turnTtlSeconds: 86_400, relayOnly: false })
    expect(() => loadConfig({ TURN_URLS: 'turn:t.example:3478' })).toThrow(/^TURN_SECRET must be set with TURN_URLS/)
    expect(() => loadConfig({ VOICE_RELAY_ONLY: '1' })).toThrow(/^VOICE_RELAY_ONLY needs TURN_URLS/)
  })

  it('takes an https PUBLIC_URL as the Web Push subject when WEB_PUSH_SUBJECT is unset', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://realm.example' }).webPushSubject).toBe('https://realm.example')
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }).webPushSubject).toBe('mailto:push@openrealm.invalid')
  })

  it('ignores an app secret without an app id (no half-configured WeChat)', () => {
    expect(loadConfig({ WX_APP_SECRET: 's' }).wechat.appSecret).toBeNull()
  })

  it("keeps the mini-program's credentials apart from the Official Account's, and refuses one without the other", () => {
    expect(loadConfig({ WX_APP_ID: 'wxoa', WX_APP_SECRET: 's' }).wechat.miniProgram).toBeNull()
    expect(loadConfig({ WX_MP_APP_ID: 'wxmp', WX_MP_APP_SECRET: 'm' }).wechat).toMatchObject({ appSecret: null, miniProgram: { appId: 'wxmp', appSecret: 'm' } })
    expect(() => loadConfig({ WX_MP_APP_ID: 'wxmp' })).toThrow(/^WX_MP_APP_SECRET must be set with WX_MP_APP_ID/)
    expect(() => loadConfig({ WX_MP_APP_SECRET: 'm' })).toThrow(/^WX_MP_APP_ID must be set with WX_MP_APP_SECRET/)
  })

  it.each([
    ['PORT', 'abc'], ['PORT', '70000'], ['RATE_LIMIT_MAX', '0'], ['DATABASE_URL', 'mysql://x'], ['PUBLIC_URL', 'ftp://x'],
    ['PUBLIC_URL', 'not a url'], ['DATABASE_SCHEMA', 'Robert\'); drop'], ['REDIS_URL', 'http://127.0.0.1:6379'], ['GATEWAY_HEARTBEAT_MS', '10'],
    ['GATEWAY_LEASE_MS', '100'], ['MEMBER_WRITE_LIMIT_MAX', '0'], ['GATEWAY_SOCKETS_PER_ACCOUNT', '0'], ['GATEWAY_PRESENCE_INTERVAL_MS', '-1'], ['GATEWAY_MAX_BACKLOG_BYTES', '1024'],
    ['WEB_PUSH_SUBJECT', 'http://realm.example'], ['SPACE_TICK_HZ', '0'], ['SPACE_TICK_HZ', '61'],
    ['STUN_URLS', 'http://stun.example'], ['TURN_URLS', 'stun:t.example'], ['TURN_TTL_SECONDS', '10'], ['VOICE_RELAY_ONLY', 'yes'],
  ])('refuses %s=%p naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError)
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^${name} `))
  })

  it('trusts no proxy by default, a hop count, or a list of proxy addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1' }).trustProxy).toEqual(['10.0.0.5', '10.1.0.0/16', '::1'])
  })

  it.each(['true', 'yes', '0', '10.0.0.5,evil host'])('refuses TRUST_PROXY=%p: trusting every sender lets a client forge its IP', value => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/^TRUST_PROXY /)
  })
})

describe('the voice media worker (VOICE_PUBLIC_IP, VOICE_UDP_PORT_MIN/MAX)', () => {
  it('advertises the machine\'s own addresses on UDP 40000…40999 unless told otherwise', () => {
    expect(loadConfig({}).voiceMedia).toEqual({ publicIp: null, udpPortMin: 40_000, udpPortMax: 40_999 })
    expect(loadConfig({ VOICE_PUBLIC_IP: '203.0.113.7', VOICE_UDP_PORT_MIN: '50000', VOICE_UDP_PORT_MAX: '50100' }).voiceMedia)
      .toEqual({ publicIp: '203.0.113.7', udpPortMin: 50_000, udpPortMax: 50_100 })
    expect(loadConfig({ VOICE_PUBLIC_IP: '2001:db8::7' }).voiceMedia.publicIp).toBe('2001:db8::7')
  })

  it.each([['realm.example'], ['203.0.113.7:40000'], ['999.1.1.1']])('refuses VOICE_PUBLIC_IP=%p: the worker advertises an address, not a name', value => {
    expect(() => loadConfig({ VOICE_PUBLIC_IP: value })).toThrow(/^VOICE_PUBLIC_IP must be the IPv4 or IPv6 address/)
  })

  it('refuses a port range whose minimum is not below its maximum', () => {
    expect(() => loadConfig({ VOICE_UDP_PORT_MIN: '41000', VOICE_UDP_PORT_MAX: '40000' })).toThrow(/^VOICE_UDP_PORT_MAX must be above VOICE_UDP_PORT_MIN \(got 41000…40000\)/)
    expect(() => loadConfig({ VOICE_UDP_PORT_MIN: '40000', VOICE_UDP_PORT_MAX: '40000' })).toThrow(/^VOICE_UDP_PORT_MAX /)
    expect(() => loadConfig({ VOICE_UDP_PORT_MIN: '80' })).toThrow(/^VOICE_UDP_PORT_MIN must be an integer between 1024 and 65535/)
  })
})

describe('production (NODE_ENV=production)', () => {
  const PRODUCTION = { NODE_ENV: 'production', QINIU_SECRET_KEY: 'k3Jd9-real-secret-0f8a2c', PUBLIC_URL: 'https://realm.example', SMTP_URL: 'smtps://u:p@smtp.example:465' }

  it('starts with a real secret and a public URL', () => {
    expect(loadConfig(PRODUCTION)).toMatchObject({ production: true, publicUrl: 'https://realm.example' })
  })

  it.each([
    ['QINIU_SECRET_KEY', { QINIU_SECRET_KEY: '' }],
    ['QINIU_SECRET_KEY', { QINIU_SECRET_KEY: DEV_QINIU_SECRET_KEY }],
    ['QINIU_SECRET_KEY', { QINIU_SECRET_KEY: 'changeme' }],
    ['QINIU_SECRET_KEY', { QINIU_SECRET_KEY: 'xxxxxxxxxxxxxxxxxxxxxxxx' }],
    ['QINIU_SECRET_KEY', { QINIU_SECRET_KEY: 'your-secret-key-goes-here' }],
    ['WX_APP_SECRET', { WX_APP_ID: 'wx123', WX_APP_SECRET: 'placeholder' }],
    ['WX_MP_APP_SECRET', { WX_MP_APP_ID: 'wx456', WX_MP_APP_SECRET: 'changeme' }],
    ['PUBLIC_URL', { PUBLIC_URL: '' }],
    ['SMTP_URL', { SMTP_URL: '' }],
    ['PUSH_ALLOW_LOOPBACK', { PUSH_ALLOW_LOOPBACK: '1' }],
  ])('refuses to start naming %s when it is unset, the development default or a placeholder (%p)', (name, change) => {
    expect(() => loadConfig({ ...PRODUCTION, ...change })).toThrow(ConfigError)
    expect(() => loadConfig({ ...PRODUCTION, ...change })).toThrow(new RegExp(`^${name} must be`))
  })

  it('starts without SMTP when e-mail sign-in is off', () => {
    expect(loadConfig({ ...PRODUCTION, SMTP_URL: '', EMAIL_SIGNIN: 'off' }).email).toEqual({ signIn: false, smtpUrl: null, from: 'OpenRealm <no-reply@openrealm.invalid>' })
  })

  it('takes PUSH_ALLOW_LOOPBACK=1 outside production only, and no other value of it', () => {
    expect([loadConfig({}).pushAllowLoopback, loadConfig({ PUSH_ALLOW_LOOPBACK: '1' }).pushAllowLoopback]).toEqual([false, true])
    expect(() => loadConfig({ PUSH_ALLOW_LOOPBACK: 'yes' })).toThrow(/^PUSH_ALLOW_LOOPBACK must be 1/)
  })

  it('lets development start with every default', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).qiniu.secretKey).toBe(DEV_QINIU_SECRET_KEY)
  })
})
