import { loadCatalogue, queryWallets, type CatalogueWallet, type WalletQuery } from '../catalogue/index.ts'

/** The wallet explorer's catalogue. */
export interface WalletCatalogue {
  /** The page of wallets matching `query` (see queryWallets for the rules) and the count before paging. */
  query(query: WalletQuery): Promise<{ count: number; data: CatalogueWallet[] }>
  /** The wallet whose logo is `imageId`, if any. */
  findByImageId(imageId: string): Promise<CatalogueWallet | undefined>
}

/** The catalogue committed with the server (`catalogue/wallets.json`). */
export function createCommittedWalletCatalogue(wallets: readonly CatalogueWallet[] = loadCatalogue()): WalletCatalogue {
  const byImageId = new Map(wallets.map((w) => [w.image_id, w]))
  return {
    query: async (query) => queryWallets(wallets, query),
    findByImageId: async (imageId) => byImageId.get(imageId),
  }
}
