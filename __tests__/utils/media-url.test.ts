import { mediaUrl } from '@/utils/media-url'

describe('mediaUrl', () => {
  it('keeps an absolute http(s) URL as it is', () => {
    expect(mediaUrl('https://cdn.example/a.png', 'http://api.test')).toBe('https://cdn.example/a.png')
  })

  it('puts a server path under the API base, as the mini-program needs', () => {
    expect(mediaUrl('/files/seed/map.svg', 'http://localhost:3000')).toBe('http://localhost:3000/files/seed/map.svg')
  })

  it('keeps a server path relative when the base is the page origin (local H5)', () => {
    expect(mediaUrl('/files/a.png', '')).toBe('/files/a.png')
  })

  it('keeps data:image and blob: URLs (picked and generated images)', () => {
    expect(mediaUrl('data:image/png;base64,AAAA', 'http://api.test')).toBe('data:image/png;base64,AAAA')
    expect(mediaUrl('blob:http://localhost/1', 'http://api.test')).toBe('blob:http://localhost/1')
  })

  it.each([[''], ['javascript:alert(1)'], ['//evil.example/a.png'], ['data:text/html,<b>x</b>'], [null], [42]])('gives nothing to load for %p', src => {
    expect(mediaUrl(src, 'http://api.test')).toBe('')
  })
})
