// The WalletConnect connector's image: a mark drawn for Portico (an arch over a zigzag, white on
// WalletConnect blue), as an SVG data URI so it needs no request.
const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">' +
  '<rect width="64" height="64" rx="16" fill="#3396ff"/>' +
  '<g fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round">' +
  '<path d="M15 28c9.5-9 24.5-9 34 0"/><path d="M17 35l7.5 7 7.5-7 7.5 7 7.5-7"/></g></svg>'

/** The WalletConnect mark (data:image/svg+xml). */
export const WALLETCONNECT_ICON = `data:image/svg+xml,${encodeURIComponent(svg)}`
