// Entry of wallet.html: a WalletConnect wallet in a web page, on the local stack.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { readConfig } from '../config'
import { WalletPage } from './WalletPage'
import './wallet.css'

const rootElement = document.getElementById('root')
if (!rootElement) throw new Error('The page has no #root element')
createRoot(rootElement).render(
  <StrictMode>
    <WalletPage config={readConfig()} />
  </StrictMode>,
)
