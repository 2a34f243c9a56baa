'use client'

import { createPortico } from '@portico/headless'
import { base, mainnet } from '@portico/headless/networks'
import { evmAdapter } from '@portico/evm'
import { PorticoProvider } from '@portico/ui'
import type { ReactNode } from 'react'

// Inlined at build time; the pack harness passes a loopback URL where nothing listens.
const apiUrl: string = process.env.NEXT_PUBLIC_PORTICO_API_URL ?? 'http://127.0.0.1:9'

// Created on the server for the server render and again in the browser: both must agree.
const portico = createPortico({
  projectId: 'portico-pack',
  apiUrl,
  metadata: { name: 'Portico pack test', description: 'Portico installed from its tarballs', url: 'http://127.0.0.1', icons: [] },
  networks: [mainnet, base],
  adapters: [evmAdapter()],
  themeVariables: { '--portico-color-accent': '#7c3aed' },
})

export function Providers({ children }: { children: ReactNode }) {
  return <PorticoProvider portico={portico}>{children}</PorticoProvider>
}
