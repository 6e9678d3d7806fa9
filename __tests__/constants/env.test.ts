import { APP_ENV, basesFor, ENV_BASES, isProductionEnv, parseEnvName } from '@/constants/env'

describe('environments (SPEC §7, §9)', () => {
  it('reads the four environment names and takes anything else as dev', () => {
    expect(['dev', 'test', 'master', 'online'].map(parseEnvName)).toEqual(['dev', 'test', 'master', 'online'])
    expect(parseEnvName(undefined)).toBe('dev')
    expect(parseEnvName('prod')).toBe('dev')
  })

  it('counts master and online as production unless the local helper flag says test (SPEC §9)', () => {
    expect(isProductionEnv('master', false)).toBe(true)
    expect(isProductionEnv('online', false)).toBe(true)
    expect(isProductionEnv('online', true)).toBe(false)
    expect(isProductionEnv('dev', false)).toBe(false)
    expect(isProductionEnv('test', false)).toBe(false)
  })

  it('gives every environment a main API base and the AI, CDN, upload, web and webview bases (SPEC §7)', () => {
    for (const env of ['master', 'online'] as const) {
      const bases = basesFor(env, true)
      for (const base of Object.values(bases)) expect(base).toMatch(/^https:\/\//)
    }
    expect(basesFor('master', true).mainApi).not.toBe(basesFor('online', true).mainApi)
  })

  it('calls the local reference server: same origin on H5, absolute in the mini-program', () => {
    expect(basesFor('dev', true)).toMatchObject({ mainApi: '', upload: '/upload', webview: '/rules' })
    expect(basesFor('test', false)).toMatchObject({ mainApi: 'http://localhost:3000', upload: 'http://localhost:3000/upload' })
  })

  it('builds for dev by default', () => {
    expect(APP_ENV).toBe('dev')
    expect(ENV_BASES).toEqual(basesFor('dev', true))
  })
})
