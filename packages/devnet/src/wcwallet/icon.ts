// The scriptable WalletConnect dev wallet's icon (its session metadata `icons[0]`): a phone with a
// wallet card on a teal tile, drawn for Portico, as a data: URI (no server needed to show it).
const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
  '<defs><linearGradient id="t" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#14b8a6"/><stop offset="1" stop-color="#0f5f8f"/></linearGradient></defs>' +
  '<rect width="96" height="96" rx="22" fill="url(#t)"/>' +
  '<rect x="30" y="16" width="36" height="64" rx="8" fill="#fff"/>' +
  '<rect x="35" y="30" width="26" height="18" rx="4" fill="#0f5f8f"/><circle cx="55" cy="39" r="3" fill="#5eead4"/>' +
  '<rect x="42" y="70" width="12" height="3" rx="1.5" fill="#94a3b8"/></svg>'

/** The WalletConnect dev wallet's icon, data:image/svg+xml. */
export const WC_DEV_WALLET_ICON = `data:image/svg+xml,${encodeURIComponent(svg)}`

/** The WalletConnect dev wallet's name in its session metadata. */
export const WC_DEV_WALLET_NAME = 'Portico WC Dev Wallet'
