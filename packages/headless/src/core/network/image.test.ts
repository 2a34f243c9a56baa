import { describe, expect, it } from 'vitest'
import { networkImageUrl, type NetworkAssets } from './image'

const API = 'https://api.portico.dev'

describe('networkImageUrl (SPEC §3 Network assets)', () => {
  it.each<[string, NetworkAssets['assets'], string, string | undefined]>([
    ['the app’s own imageUrl first', { imageId: 'base', imageUrl: 'https://cdn.example/base.svg' }, API, 'https://cdn.example/base.svg'],
    ['else the API’s logo for imageId', { imageId: 'ethereum' }, API, `${API}/network-images/ethereum`],
    ['a trailing slash of the host is dropped', { imageId: 'polygon-zkevm' }, `${API}/`, `${API}/network-images/polygon-zkevm`],
    [
      'the host’s own path is kept',
      { imageId: 'solana' },
      'http://127.0.0.1:1/portico',
      'http://127.0.0.1:1/portico/network-images/solana',
    ],
    ['an id stays one path segment', { imageId: '../x' }, API, `${API}/network-images/..%2Fx`],
    ['an empty imageUrl does not count', { imageId: 'base', imageUrl: '' }, API, `${API}/network-images/base`],
    ['neither: no URL', {}, API, undefined],
    ['no assets: no URL', undefined, API, undefined],
    ['no API (no apiUrl, no explorerUrl): no logo of the API', { imageId: 'ethereum' }, '', undefined],
    [
      'no API: the app’s own imageUrl still',
      { imageId: 'base', imageUrl: 'https://cdn.example/base.svg' },
      '',
      'https://cdn.example/base.svg',
    ],
  ])('%s', (_what, assets, host, url) => {
    expect(networkImageUrl(assets ? { assets } : {}, host)).toBe(url)
  })

  it('no network: no URL', () => {
    expect(networkImageUrl(undefined, API)).toBeUndefined()
  })
})
