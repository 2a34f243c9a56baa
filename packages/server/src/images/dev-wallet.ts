// The Portico Dev Wallet's logo: the very SVG its EIP-6963 announcement carries (devnet's
// wallet/icon.ts, as a data: URI there), so the explorer's entry for it (rdns 'dev.portico.wallet')
// looks the same in All wallets as the installed wallet does in Connect. A test checks the two match.
export const DEV_WALLET_SVG = [
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">',
  '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">',
  '<stop offset="0" stop-color="#7c5cff"/><stop offset="1" stop-color="#2f7bff"/></linearGradient></defs>',
  '<rect width="96" height="96" rx="22" fill="url(#g)"/>',
  '<rect x="18" y="28" width="60" height="44" rx="9" fill="#fff"/>',
  '<path d="M18 37c0-5 4-9 9-9h40l-6-8H27c-5 0-9 4-9 9z" fill="#dcd3ff"/>',
  '<rect x="52" y="41" width="30" height="18" rx="9" fill="#3b2a99"/>',
  '<path d="M61 55V45h6a3.5 3.5 0 0 1 0 7h-6" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>',
  '</svg>',
].join('')
