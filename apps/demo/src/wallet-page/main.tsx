// Entry of wallet.html: a WalletConnect wallet in a web page, on the local stack.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { readConfig } from '../config'
import { WalletPage } from './WalletPage'
import './wallet.css'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <WalletPage config={readConfig()} />
  </StrictMode>,
)
