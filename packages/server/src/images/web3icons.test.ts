import { describe, expect, it } from 'vitest'
import { hasWeb3Icon, isSafeSvg, svgOfModule, web3Icon } from './web3icons.ts'

const NS = 'http://www.w3.org/2000/svg'

describe('web3Icon: logos of @web3icons/core by name', () => {
  it.each([
    ['wallets', 'metamask'],
    ['wallets', 'MetaMask'],
    ['exchanges', 'uniswap'],
    ['networks', 'ethereum'],
    ['tokens', 'USDC'],
    ['tokens', 'usdc'],
  ] as const)('%s/%s is an SVG of the set', (kind, name) => {
    expect(web3Icon(kind, name)).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="24" height="24"/)
    expect(hasWeb3Icon(kind, name)).toBe(true)
  })

  it.each([
    ['wallets', 'sable-chest'],
    ['wallets', '__proto__'],
    ['wallets', 'constructor'],
    ['wallets', '../tokens/branded/USDC'],
    ['tokens', 'USDC.svg.js'],
    ['tokens', ''],
    ['networks', 'ethereum/../../wallets/background/metamask'],
  ] as const)('%s/%j is not in the set → undefined', (kind, name) => {
    expect(web3Icon(kind, name)).toBeUndefined()
    expect(hasWeb3Icon(kind, name)).toBe(false)
  })
})

describe('svgOfModule: the string of a module of the set, read as text', () => {
  it('reads the literal and its \\n escapes', () => {
    expect(svgOfModule(`var metamask =\n  '<svg xmlns="${NS}">\\n<path d="M0 0"/>\\n</svg>\\n'\n\nexport { metamask as default }\n`)).toBe(
      `<svg xmlns="${NS}">\n<path d="M0 0"/>\n</svg>\n`,
    )
  })

  it.each([
    ["var a = '<svg>\\u003cscript>'", 'another escape'],
    ["var a = '<svg>\\'</svg>'", 'an escaped quote'],
    ['var a = "<svg></svg>"', 'a double-quoted string'],
    ["export default '<svg></svg>'", 'no var'],
    ['var a = `<svg></svg>`', 'a template'],
  ])('%j (%s) → undefined', (source) => {
    expect(svgOfModule(source)).toBeUndefined()
  })
})

describe('isSafeSvg: only plain vector art is served', () => {
  it("accepts paths, gradients and clip paths referring to the file's own ids", () => {
    expect(
      isSafeSvg(
        `<svg xmlns="${NS}" viewBox="0 0 24 24"><g clip-path="url(#a)"><path fill="url(#g)" d="M0 0h24v24H0z"/></g><defs><clipPath id="a"><path d="M0 0h24v24H0z"/></clipPath></defs></svg>`,
      ),
    ).toBe(true)
  })

  it.each([
    [`<svg xmlns="${NS}"><script>alert(1)</script></svg>`, 'a script'],
    [`<svg xmlns="${NS}" onload="alert(1)"></svg>`, 'an event handler'],
    [`<svg xmlns="${NS}"><path ONCLICK ="x"/></svg>`, 'an event handler in capitals'],
    [`<svg xmlns="${NS}"><style>@import url(https://x.example/a.css)</style></svg>`, 'a style sheet'],
    [`<svg xmlns="${NS}"><image href="https://x.example/a.png"/></svg>`, 'an embedded image'],
    [`<svg xmlns="${NS}"><a xlink:href="javascript:alert(1)"><path/></a></svg>`, 'a link'],
    [`<svg xmlns="${NS}"><use href="#a"/></svg>`, 'a use'],
    [`<svg xmlns="${NS}"><foreignObject><div/></foreignObject></svg>`, 'foreign content'],
    [`<svg xmlns="${NS}"><path fill="url(https://x.example/#g)"/></svg>`, 'a remote url()'],
    [`<svg xmlns="${NS}"><path fill="url(data:image/png;base64,AA)"/></svg>`, 'a data url()'],
    [`<!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="${NS}">&x;</svg>`, 'a DTD with entities'],
    [`<svg xmlns="${NS}"><path d="M0 0"/></svg><script>alert(1)</script>`, 'content after the svg'],
    [`<svg><path d="M0 0"/></svg>`, 'no SVG namespace'],
    [`<svg xmlns="${NS}" x="http://evil.example"></svg>`, 'another URL'],
  ])('refuses %j (%s)', (svg) => {
    expect(isSafeSvg(svg)).toBe(false)
  })
})
