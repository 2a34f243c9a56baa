/** A wallet of the explorer catalogue as stored (image_url is added per request). */
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
}

/** SPEC §3 Wallet (from explorer), as served by GET /getWallets. */
export type Wallet = CatalogueWallet & { image_url: string }
