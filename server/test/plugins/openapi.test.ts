import { API_PATHS, CreateChannelBodySchema, UPLOAD_HOST_PATH } from '@core/wire/api'
import { UserSchema } from '@core/wire/entities'
import { startTestApp, type TestApp } from '../helper'

let test: TestApp
beforeAll(async () => { test = await startTestApp() })
afterAll(async () => { await test.close() })

/** `/servers/:server_id` as OpenAPI writes it: `/servers/{server_id}`. */
const openApiPath = (apiPath: string) => apiPath.replace(/:(\w+)/g, '{$1}')

describe('GET /openapi.json', () => {
  it('documents every path of the contract from the route schemas', async () => {
    const response = await test.inject('/openapi.json')
    expect(response.statusCode).toBe(200)
    const document = response.json()
    expect(document.openapi).toBe('3.0.3')
    const paths = Object.keys(document.paths)
    for (const apiPath of [...Object.values(API_PATHS), UPLOAD_HOST_PATH]) expect(paths).toContain(openApiPath(apiPath))
  })

  it('documents request parameters and the envelope of each answer', async () => {
    const document = (await test.inject('/openapi.json')).json()
    const wxconf = document.paths['/login_third/wxconf'].get
    expect(wxconf.parameters).toContainEqual(expect.objectContaining({ name: 'url', in: 'query', required: true }))
    const ok = wxconf.responses['200'].content['application/json'].schema
    expect(ok.required).toEqual(['code', 'msg', 'data'])
    expect(wxconf.responses['4XX']).toBeDefined()
  })

  it('documents bodies and answers with the shapes declared in core/wire', async () => {
    const document = (await test.inject('/openapi.json')).json()
    const me = document.paths['/user/me'].get.responses['200'].content['application/json'].schema
    expect(Object.keys(me.properties.data.properties).sort()).toEqual(Object.keys(UserSchema.properties).sort())
    expect(me.properties.data.required).toEqual(UserSchema.required)
    const create = document.paths['/servers/{server_id}/channels'].post.requestBody.content['application/json'].schema
    expect(create.required).toEqual(CreateChannelBodySchema.required)
    expect(create.properties.title.maxLength).toBe(CreateChannelBodySchema.properties.title.maxLength)
  })

  it('marks the routes that need a bearer token', async () => {
    const document = (await test.inject('/openapi.json')).json()
    expect(document.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer' })
    expect(document.paths['/user/me'].patch.security).toEqual([{ bearer: [] }])
  })

  it('marks with bearer security exactly the routes that refuse a caller without a token', async () => {
    const document = (await test.inject('/openapi.json')).json() as { paths: Record<string, Record<string, { security?: unknown }>> }
    const wronglyMarked: string[] = []
    for (const [documentPath, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const url = documentPath.replace(/\{[^}]+\}/g, 'x1')
        const refused = (await test.inject({ method: method.toUpperCase() as 'GET', url })).statusCode === 401
        if (refused !== (operation.security !== undefined)) wronglyMarked.push(`${method.toUpperCase()} ${documentPath}`)
      }
    }
    expect(wronglyMarked).toEqual([])
  })

  it('leaves the app\'s own routes out of the API document', async () => {
    const document = (await test.inject('/openapi.json')).json()
    expect(Object.keys(document.paths)).not.toContain('/')
    expect(Object.keys(document.paths)).not.toContain('/openapi.json')
  })
})
