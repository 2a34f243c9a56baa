// Inline SVG images for fixtures: no request leaves the page, and the pixels are the same every run.
// Real logos come from @web3icons/core (MIT), the set the API serves (packages/server/src/images/web3icons.ts).
import wallet_metamask from '@web3icons/core/svgs/wallets/background/metamask.svg.js'
import wallet_coinbase from '@web3icons/core/svgs/wallets/background/coinbase.svg.js'
import wallet_trust from '@web3icons/core/svgs/wallets/background/trust.svg.js'
import wallet_rainbow from '@web3icons/core/svgs/wallets/background/rainbow.svg.js'
import wallet_phantom from '@web3icons/core/svgs/wallets/background/phantom.svg.js'
import wallet_rabby from '@web3icons/core/svgs/wallets/background/rabby.svg.js'
import wallet_okx from '@web3icons/core/svgs/wallets/background/okx.svg.js'
import wallet_zerion from '@web3icons/core/svgs/wallets/background/zerion.svg.js'
import wallet_ledger from '@web3icons/core/svgs/wallets/background/ledger.svg.js'
import wallet_safe from '@web3icons/core/svgs/wallets/background/safe.svg.js'
import wallet_backpack from '@web3icons/core/svgs/wallets/background/backpack.svg.js'
import wallet_solflare from '@web3icons/core/svgs/wallets/background/solflare.svg.js'
import wallet_exodus from '@web3icons/core/svgs/wallets/background/exodus.svg.js'
import wallet_argent from '@web3icons/core/svgs/wallets/background/argent.svg.js'
import wallet_imtoken from '@web3icons/core/svgs/wallets/background/imtoken.svg.js'
import wallet_token_pocket from '@web3icons/core/svgs/wallets/background/token-pocket.svg.js'
import wallet_enkrypt from '@web3icons/core/svgs/wallets/background/enkrypt.svg.js'
import wallet_keplr from '@web3icons/core/svgs/wallets/background/keplr.svg.js'
import wallet_glow from '@web3icons/core/svgs/wallets/background/glow.svg.js'
import wallet_zengo from '@web3icons/core/svgs/wallets/background/zengo.svg.js'
import wallet_coin98 from '@web3icons/core/svgs/wallets/background/coin98.svg.js'
import wallet_trezor from '@web3icons/core/svgs/wallets/background/trezor.svg.js'
import wallet_atomic from '@web3icons/core/svgs/wallets/background/atomic.svg.js'
import wallet_my_ether_wallet from '@web3icons/core/svgs/wallets/background/my-ether-wallet.svg.js'
import wallet_ronin from '@web3icons/core/svgs/wallets/background/ronin.svg.js'
import wallet_kraken from '@web3icons/core/svgs/wallets/background/kraken.svg.js'
import wallet_sequence from '@web3icons/core/svgs/wallets/background/sequence.svg.js'
import wallet_daimo from '@web3icons/core/svgs/wallets/background/daimo.svg.js'
import wallet_alpha_wallet from '@web3icons/core/svgs/wallets/background/alpha-wallet.svg.js'
import wallet_wallet_connect from '@web3icons/core/svgs/wallets/background/wallet-connect.svg.js'
import exchange_uniswap from '@web3icons/core/svgs/exchanges/background/uniswap.svg.js'
import exchange_binance from '@web3icons/core/svgs/exchanges/background/binance.svg.js'
import exchange_1inch from '@web3icons/core/svgs/exchanges/background/1inch.svg.js'
import network_ethereum from '@web3icons/core/svgs/networks/background/ethereum.svg.js'
import network_base from '@web3icons/core/svgs/networks/background/base.svg.js'
import network_arbitrum_one from '@web3icons/core/svgs/networks/background/arbitrum-one.svg.js'
import network_optimism from '@web3icons/core/svgs/networks/background/optimism.svg.js'
import network_polygon from '@web3icons/core/svgs/networks/background/polygon.svg.js'
import token_ETH from '@web3icons/core/svgs/tokens/branded/ETH.svg.js'
import token_USDC from '@web3icons/core/svgs/tokens/branded/USDC.svg.js'

const svg = (body: string) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80" viewBox="0 0 80 80">${body}</svg>`)}`

/** A wallet-logo-like tile: two-colour diagonal with a rounded glyph. */
export const walletImage = (from: string, to: string) =>
  svg(
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="80" height="80" fill="url(#g)"/><rect x="18" y="26" width="44" height="30" rx="8" fill="#fff" opacity="0.92"/><circle cx="52" cy="41" r="4" fill="${from}"/>`,
  )

/** A network-logo-like disc. */
export const networkImage = (color: string, glyph: string) =>
  svg(
    `<rect width="80" height="80" fill="${color}"/><text x="40" y="52" font-family="Arial, sans-serif" font-size="34" font-weight="700" fill="#fff" text-anchor="middle">${glyph}</text>`,
  )

const LOGOS: Record<string, string> = {
  'wallets/metamask': wallet_metamask,
  'wallets/coinbase': wallet_coinbase,
  'wallets/trust': wallet_trust,
  'wallets/rainbow': wallet_rainbow,
  'wallets/phantom': wallet_phantom,
  'wallets/rabby': wallet_rabby,
  'wallets/okx': wallet_okx,
  'wallets/zerion': wallet_zerion,
  'wallets/ledger': wallet_ledger,
  'wallets/safe': wallet_safe,
  'wallets/backpack': wallet_backpack,
  'wallets/solflare': wallet_solflare,
  'wallets/exodus': wallet_exodus,
  'wallets/argent': wallet_argent,
  'wallets/imtoken': wallet_imtoken,
  'wallets/token-pocket': wallet_token_pocket,
  'wallets/enkrypt': wallet_enkrypt,
  'wallets/keplr': wallet_keplr,
  'wallets/glow': wallet_glow,
  'wallets/zengo': wallet_zengo,
  'wallets/coin98': wallet_coin98,
  'wallets/trezor': wallet_trezor,
  'wallets/atomic': wallet_atomic,
  'wallets/my-ether-wallet': wallet_my_ether_wallet,
  'wallets/ronin': wallet_ronin,
  'wallets/kraken': wallet_kraken,
  'wallets/sequence': wallet_sequence,
  'wallets/daimo': wallet_daimo,
  'wallets/alpha-wallet': wallet_alpha_wallet,
  'wallets/wallet-connect': wallet_wallet_connect,
  'exchanges/uniswap': exchange_uniswap,
  'exchanges/binance': exchange_binance,
  'exchanges/1inch': exchange_1inch,
  'networks/ethereum': network_ethereum,
  'networks/base': network_base,
  'networks/arbitrum-one': network_arbitrum_one,
  'networks/optimism': network_optimism,
  'networks/polygon': network_polygon,
  'tokens/ETH': token_ETH,
  'tokens/USDC': token_USDC,
}

/** A logo of @web3icons/core as a data URI ('wallets/metamask', 'networks/base', 'tokens/USDC'), like the API serves it. */
export function logo(key: string): string {
  const svg = LOGOS[key]
  if (svg === undefined) throw new Error(`No fixture logo ${key}`)
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}
