import { ConfigError, loadConfig } from '../src/config'
import { describeStartFailure, redactedDatabaseUrl } from '../src/start-failure'

const config = loadConfig({ PORT: '3000', HOST: '127.0.0.1', DATA_DIR: '/srv/realm' })
const systemError = (code: string, syscall: string, message = `${syscall} ${code}`) => Object.assign(new Error(message), { code, syscall })

describe('the one line a failed start prints', () => {
  it('names a taken port and what to do', () => {
    expect(describeStartFailure(systemError('EADDRINUSE', 'listen'), config))
      .toBe('cannot listen on 127.0.0.1:3000: the port is already in use; stop the other process or set PORT to a free port')
  })

  it('names a port the user may not open', () => {
    expect(describeStartFailure(systemError('EACCES', 'listen'), config)).toMatch(/^cannot listen on 127\.0\.0\.1:3000: permission denied; set PORT/)
  })

  it('names a data directory that cannot be written', () => {
    expect(describeStartFailure(systemError('ENOTDIR', 'mkdir'), config))
      .toBe('cannot write the data directory /srv/realm (ENOTDIR): set DATA_DIR to a folder this user can write')
    expect(describeStartFailure(Object.assign(new Error('unable to open database file'), { code: 'SQLITE_CANTOPEN' }), config)).toMatch(/^cannot write the data directory/)
  })

  it('names a database that cannot be reached, without its password, through the migration that wrapped it', () => {
    const withDatabase = loadConfig({ DATABASE_URL: 'postgres://app:s3cret@db.internal:5432/realm' })
    const refused = Object.assign(new Error('migration (unknown) failed: connect ECONNREFUSED'), { cause: systemError('ECONNREFUSED', 'connect', 'connect ECONNREFUSED 10.0.0.9:5432') })
    const line = describeStartFailure(refused, withDatabase)
    expect(line).toBe('cannot use the database postgres://db.internal:5432/realm: connect ECONNREFUSED 10.0.0.9:5432; check DATABASE_URL and that PostgreSQL is running and accepts this user')
    expect(line).not.toContain('s3cret')
    const login = Object.assign(new Error('password authentication failed for user "app"'), { code: '28P01' })
    expect(describeStartFailure(login, withDatabase)).toMatch(/^cannot use the database .+: password authentication failed/)
  })

  it('says which variable a configuration error is about', () => {
    expect(describeStartFailure(new ConfigError('PUBLIC_URL', 'must be set in production'), null)).toBe('configuration: PUBLIC_URL must be set in production')
  })

  it('keeps anything else to one line', () => {
    expect(describeStartFailure(new Error('something\n  odd happened'), config)).toBe('OpenRealm could not start: something odd happened')
  })

  it('drops credentials from a database URL and survives one that is not a URL', () => {
    expect(redactedDatabaseUrl('postgres://u:p@h:1/d')).toBe('postgres://h:1/d')
    expect(redactedDatabaseUrl('::')).toBe('DATABASE_URL')
  })
})
