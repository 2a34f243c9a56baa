/** A wallet of the explorer catalogue as stored (image_url is added per request, `logo` is never sent). */
export type CatalogueWallet = {
  id: string
  name: string
  image_id: string
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
  rdns: string | null
  chains: string[]
  order: number
  badge_type: 'certified' | 'none'
  homepage: string | null
  app_store: string | null
  play_store: string | null
  chrome_store: string | null
  /** The wallet's logo in @web3icons/core as `<kind>/<name>` ('wallets/metamask'); null: its initials. */
  logo: string | null
}

/** SPEC §3 Wallet (from explorer), as served by GET /getWallets. */
export type Wallet = Omit<CatalogueWallet, 'logo'> & { image_url: string }
