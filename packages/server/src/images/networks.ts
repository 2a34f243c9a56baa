// Network logos served by GET /network-images/{imageId}: one small mark per network family of the
// presets in @portico/headless/networks (testnets share their mainnet's logo). Drawn for Portico:
// simplified shapes in each network's colours, on a square 64×64 tile that stays legible when a
// view clips it to a circle (every mark keeps inside the inscribed circle) and at 14 px.

const tile = (label: string, background: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${label}">` +
  `<rect width="64" height="64" fill="${background}"/>${body}</svg>\n`

/** Six-sided outline around (cx, cy) with corner radius r, pointy top. */
const hexagon = (cx: number, cy: number, r: number) =>
  `${[90, 30, -30, -90, -150, 150]
    .map((deg, i) => {
      const a = (deg * Math.PI) / 180
      return `${i === 0 ? 'M' : 'L'}${(cx + r * Math.cos(a)).toFixed(1)} ${(cy - r * Math.sin(a)).toFixed(1)}`
    })
    .join('')}Z`

const polygonLinks = `<g fill="none" stroke="#fff" stroke-width="4" stroke-linejoin="round"><path d="${hexagon(25, 36, 9)}"/><path d="${hexagon(39, 28, 9)}"/></g>`

/** The logos by imageId. */
export const NETWORK_IMAGES: Readonly<Record<string, string>> = {
  ethereum: tile(
    'Ethereum',
    '#627eea',
    '<path fill="#fff" d="M32 9 17 32.5 32 41z"/><path fill="#fff" fill-opacity=".65" d="M32 9 47 32.5 32 41z"/>' +
      '<path fill="#fff" d="M32 44 17 35.5 32 56z"/><path fill="#fff" fill-opacity=".65" d="M32 44 47 35.5 32 56z"/>',
  ),
  base: tile('Base', '#0052ff', '<circle cx="32" cy="32" r="19" fill="#fff"/><rect x="12" y="29.5" width="23" height="5" fill="#0052ff"/>'),
  arbitrum: tile(
    'Arbitrum',
    '#213147',
    `<path d="${hexagon(32, 32, 22)}" fill="#2d374b" stroke="#9dcced" stroke-width="2" stroke-linejoin="round"/>` +
      '<g stroke-width="5" stroke-linecap="round"><path d="M29 19 19 44" stroke="#fff"/><path d="M35 19 45 44M31 30l6 14" stroke="#28a0f0"/></g>',
  ),
  optimism: tile(
    'Optimism',
    '#ff0420',
    '<g fill="none" stroke="#fff" stroke-width="4.5" stroke-linecap="round" stroke-linejoin="round" transform="skewX(-10) translate(6 0)">' +
      '<ellipse cx="22" cy="32" rx="7.5" ry="9.5"/><path d="M35 41.5V22.5h6.5a5.5 5.5 0 0 1 0 11H35"/></g>',
  ),
  polygon: tile('Polygon', '#8247e5', polygonLinks),
  'polygon-zkevm': tile(
    'Polygon zkEVM',
    'url(#z)',
    '<defs><linearGradient id="z" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#a726c1"/><stop offset="1" stop-color="#5b2bd6"/></linearGradient></defs>' +
      polygonLinks,
  ),
  bnb: tile(
    'BNB Smart Chain',
    '#f0b90b',
    '<g fill="#fff"><path d="m32 25 7 7-7 7-7-7z"/><path d="m32 12 5 5-5 5-5-5z"/><path d="m32 42 5 5-5 5-5-5z"/><path d="m17 27 5 5-5 5-5-5z"/><path d="m47 27 5 5-5 5-5-5z"/></g>',
  ),
  avalanche: tile('Avalanche', '#e84142', '<g fill="#fff"><path d="M30 13.5 38.5 28 27.5 47H12z"/><path d="M42.5 34.5 50.5 47H35z"/></g>'),
  gnosis: tile(
    'Gnosis',
    '#04795b',
    '<circle cx="32" cy="32" r="17" fill="none" stroke="#fff" stroke-width="4"/><circle cx="25.5" cy="29" r="4" fill="#fff"/><circle cx="38.5" cy="29" r="4" fill="#fff"/><path d="m28.5 37 3.5 5 3.5-5z" fill="#fff"/>',
  ),
  zksync: tile(
    'ZKsync',
    '#1e1e1e',
    '<path fill="#fff" d="M10 32 24 18v9h8v10h-8v9z"/><path fill="#8c8dfc" d="M54 32 40 46v-9h-8V27h8v-9z"/>',
  ),
  linea: tile('Linea', '#121212', '<path fill="#fff" d="M19 15h6v27h20v6H19z"/><path fill="#61dfff" d="M39 15h6v6h-6z"/>'),
  scroll: tile(
    'Scroll',
    '#ffeeda',
    '<g fill="none" stroke="#101010" stroke-width="3" stroke-linecap="round" stroke-linejoin="round" transform="translate(2 0)">' +
      '<path d="M22 44V20a4 4 0 0 1 4-4h18a4 4 0 0 1 4 4v20" fill="#fff8f3"/><path d="M22 44a4 4 0 1 1-4-4h26a4 4 0 0 1 0 8H22"/><path d="M28 25h13M28 32h13"/></g>',
  ),
  celo: tile(
    'Celo',
    '#fcff52',
    '<g fill="none" stroke="#000" stroke-width="4"><circle cx="27" cy="36" r="12"/><circle cx="37" cy="28" r="12"/></g>',
  ),
  mantle: tile(
    'Mantle',
    '#000',
    '<circle cx="32" cy="32" r="16" fill="none" stroke="#fff" stroke-width="5" stroke-dasharray="6.4 3.6"/><circle cx="32" cy="32" r="4" fill="#65b3ae"/>',
  ),
  blast: tile(
    'Blast',
    '#11140f',
    '<path fill="#fcfc03" fill-rule="evenodd" d="M20 17h25l-3 13 4 3-4 14H15zm7 6-1.5 5H37l1-5zm-3 12-1.5 6H38l1.5-6z"/>',
  ),
  zora: tile(
    'Zora',
    '#2b5df0',
    '<defs><radialGradient id="r" cx=".68" cy=".3" r=".85"><stop offset="0" stop-color="#ffe2d1"/><stop offset=".25" stop-color="#f5a4a4"/><stop offset=".55" stop-color="#8c76f7"/><stop offset="1" stop-color="#1f2ee0"/></radialGradient></defs>' +
      '<circle cx="32" cy="32" r="21" fill="url(#r)"/>',
  ),
  sonic: tile(
    'Sonic',
    '#0e1a33',
    '<g fill="none" stroke-width="4" stroke-linecap="round"><circle cx="32" cy="32" r="16" stroke="#fff"/><path d="M16 32c5.3-6 10.7-6 16 0s10.7 6 16 0" stroke="#ff8d3a"/></g>',
  ),
  fantom: tile('Fantom', '#1969ff', '<path fill="#fff" d="M22 15h20v32l-5-4-5 4-5-4-5 4z"/><path fill="#1969ff" d="m32 21 6 8-6 8-6-8z"/>'),
  moonbeam: tile(
    'Moonbeam',
    '#1d1f4a',
    '<path fill="#e1147b" d="M19 31a13 13 0 0 1 26 0z"/><g stroke="#53cbc9" stroke-width="3.5" stroke-linecap="round"><path d="M17 37h22M24 42.5h21M20 48h12"/></g>',
  ),
  aurora: tile('Aurora', '#70d44b', '<path d="M32 17 47 44H17z" fill="none" stroke="#fff" stroke-width="5" stroke-linejoin="round"/>'),
  solana: tile(
    'Solana',
    '#000',
    '<defs><linearGradient id="s" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="#9945ff"/><stop offset="1" stop-color="#14f195"/></linearGradient></defs>' +
      '<g fill="url(#s)"><path d="M21 18h28l-6 7H15z"/><path d="M15 28.5h28l6 7H21z"/><path d="M21 39h28l-6 7H15z"/></g>',
  ),
  bitcoin: tile(
    'Bitcoin',
    '#f7931a',
    '<g fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round" transform="rotate(14 32 32)">' +
      '<path d="M24 20h10.5a6 6 0 0 1 0 12H24zm0 12h12a6.5 6.5 0 0 1 0 13H24zm0-12v25"/><path d="M28 15v5m6-5v5m-6 25v5m6-5v5"/></g>',
  ),
  polkadot: tile(
    'Polkadot',
    '#e6007a',
    '<g fill="#fff">' +
      [90, 30, -30, -90, -150, 150]
        .map((deg) => {
          const a = (deg * Math.PI) / 180
          return `<ellipse cx="${(32 + 15 * Math.cos(a)).toFixed(1)}" cy="${(32 - 15 * Math.sin(a)).toFixed(1)}" rx="6" ry="4.2" transform="rotate(${-deg + 90} ${(32 + 15 * Math.cos(a)).toFixed(1)} ${(32 - 15 * Math.sin(a)).toFixed(1)})"/>`
        })
        .join('') +
      '</g>',
  ),
  cosmos: tile(
    'Cosmos',
    '#2e3148',
    '<g fill="none" stroke="#b7b9e8" stroke-width="2.5"><ellipse cx="32" cy="32" rx="20" ry="7" transform="rotate(60 32 32)"/><ellipse cx="32" cy="32" rx="20" ry="7" transform="rotate(-60 32 32)"/></g>' +
      '<circle cx="32" cy="32" r="4" fill="#fff"/>',
  ),
  sui: tile(
    'Sui',
    '#4da2ff',
    '<path fill="#fff" d="M32 12s14 15 14 25a14 14 0 0 1-28 0c0-10 14-25 14-25z"/><path d="M23 38q4.5-4 9 0t9 0" fill="none" stroke="#4da2ff" stroke-width="3" stroke-linecap="round"/>',
  ),
  stacks: tile(
    'Stacks',
    '#fc6432',
    '<g fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"><path d="M16 28h32M16 36h32M22 16l9 12m11-12-9 12M22 48l9-12m11 12-9-12"/></g>',
  ),
}
