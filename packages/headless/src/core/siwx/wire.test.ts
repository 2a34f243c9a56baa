import { describe, expect, it, vi } from 'vitest'
import type { SiwxOption } from '../options/siwx'
import { porticoSiwx } from '../options/siwx'
import { base, fakeAdapter, jsonFetch, mainnet, testPortico } from '../test-utils'

const make = (siwx: unknown) =>
  testPortico({
    fetch: jsonFetch(() => ({ body: {} })).fetch,
    adapters: [fakeAdapter('eip155')],
    siwx: siwx as SiwxOption,
  })

describe('the siwx option', () => {
  it('a wrong shape is refused when the SIWX chunk loads, with the options error text', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const portico = make({ createMessage: () => undefined })
    await expect(portico.load('siwx')).rejects.toThrow(
      'Invalid Portico options: siwx: must be porticoSiwx() or a SiwxConfig (createMessage, addSession, getSessions, revokeSession)',
    )
    await vi.waitFor(() => expect(logged).toHaveBeenCalled())
    logged.mockRestore()
  })

  it('a non-object is refused by createPortico itself', () => {
    expect(() => make('yes')).toThrow(/^Invalid Portico options: siwx:/)
  })

  it('porticoSiwx() loads the flow at start: no account, idle', async () => {
    const portico = make(porticoSiwx({ required: true }))
    const flow = await portico.load('siwx')
    expect(flow.$siwx.get()).toEqual({ status: 'idle', required: true })
  })
})

describe('a sign-in made due by a network switch from the modal (Networks → SwitchNetwork)', () => {
  it('the prompt stays open: the switch ending does not close it (nor go back over it)', async () => {
    const sessions: string[] = []
    const siwx: SiwxOption = {
      signInOnNetworkChange: true,
      createMessage: async ({ accountAddress, chainId }) => ({
        accountAddress,
        chainId,
        domain: 'app.example.com',
        uri: 'https://app.example.com',
        version: '1',
        nonce: 'abcdefgh12',
        issuedAt: '2026-11-23T22:00:00.000Z',
      }),
      addSession: async (s) => void sessions.push(s.data.chainId),
      getSessions: async (chainId) =>
        sessions.includes(chainId)
          ? [
              {
                data: { accountAddress: '', chainId, domain: '', uri: '', version: '1', nonce: '', issuedAt: '' },
                message: '',
                signature: '',
              },
            ]
          : [],
      revokeSession: async () => undefined,
    }
    const evm = fakeAdapter('eip155')
    evm.signMessage = async () => '0xsig'
    const portico = testPortico({
      fetch: jsonFetch(() => ({ body: {} })).fetch,
      networks: [mainnet, base],
      adapters: [evm],
      siwx,
    })
    const flow = await portico.load('siwx')
    await portico.connection.connect('io.metamask')
    await vi.waitFor(() => expect(flow.$siwx.get().status).toBe('prompting'))
    await flow.signIn()
    expect(portico.modal.$modal.get().open).toBe(false)

    await portico.modal.open()
    portico.router.push('Networks')
    expect(portico.network.chooseNetwork(base)).toBe('SwitchNetwork')
    ;(await portico.load('switching')).ensureSwitch(base)
    await vi.waitFor(() => expect(portico.chain.getActiveNetwork()?.caipNetworkId).toBe('eip155:8453'))
    await new Promise((r) => setTimeout(r, 10))
    expect(flow.$siwx.get()).toMatchObject({ status: 'prompting' })
    expect(portico.modal.$modal.get().open).toBe(true)
    expect(portico.router.$route.get().view).toBe('SIWXSignMessage')
  })
})
