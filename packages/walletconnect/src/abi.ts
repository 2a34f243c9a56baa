// ABI encoding for writeContract: viem, in its own chunk that the engine loads with import() only
// when a contract call is made (the engine itself stays free of viem).
export { encodeFunctionData } from 'viem'
