// Bundled by bench/sign.mjs (esbuild, one IIFE) and run in the wallet frame's document after the
// measured requests: the JavaScript steps of one signature under key shares, with the modules the frame
// uses (shamir-secret-sharing, the shares' address check, viem's local account), timed one by one over
// a key made and split as the frame makes one.
import { combine } from 'shamir-secret-sharing'
import { bytesToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { addressOf } from '../packages/embedded/src/frame/shares/addresses'
import { createWalletKeys } from '../packages/embedded/src/frame/shares/wallet'

export type JsSteps = Record<'combine' | 'check' | 'account' | 'signMessage' | 'signTransaction', number[]>

async function run(rounds: number): Promise<JsSteps> {
  const { evm } = await createWalletKeys()
  const out: JsSteps = { combine: [], check: [], account: [], signMessage: [], signTransaction: [] }
  const lap = (step: keyof JsSteps, since: number) => {
    const now = performance.now()
    out[step].push(now - since)
    return now
  }
  for (let i = 0; i < rounds; i++) {
    let t = performance.now()
    const key = await combine([evm.device, evm.auth])
    t = lap('combine', t)
    if (addressOf('evm', key) !== evm.address) throw new Error('the shares gave another key')
    t = lap('check', t)
    const account = privateKeyToAccount(bytesToHex(key))
    t = lap('account', t)
    await account.signMessage({ message: `bench:sign ${i}` })
    t = lap('signMessage', t)
    await account.signTransaction({
      chainId: 31337,
      type: 'eip1559',
      to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      value: 1_000_000_000n,
      nonce: i,
      gas: 21_000n,
      maxFeePerGas: 2_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
    })
    lap('signTransaction', t)
    key.fill(0)
  }
  return out
}

;(globalThis as { __benchSignSteps?: typeof run }).__benchSignSteps = run
