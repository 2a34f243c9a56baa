/**
 * A software WebAuthn authenticator for the passkey tests (not part of the package's API): P-256
 * credentials made with @noble/curves, their authenticator data, attestation objects ('none' or
 * 'packed' self attestation) and assertions built byte by byte as WebAuthn §6 lays them out, and
 * the client's JSON (clientDataJSON, base64url fields) as @simplewebauthn/browser sends it. What the
 * server verifies is real: nothing of @simplewebauthn is stubbed.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto'
import { p256 } from '@noble/curves/p256'

type Cbor = number | string | Uint8Array | Cbor[] | Map<number | string, Cbor>

/** CBOR (RFC 8949) of the few types WebAuthn uses: unsigned and negative integers, bytes, text, arrays, maps. */
export function cbor(value: Cbor): Uint8Array {
  const head = (major: number, n: number): number[] => {
    if (n < 24) return [(major << 5) | n]
    if (n < 0x100) return [(major << 5) | 24, n]
    if (n < 0x10000) return [(major << 5) | 25, n >> 8, n & 0xff]
    return [(major << 5) | 26, (n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]
  }
  const out: number[] = []
  const write = (v: Cbor) => {
    if (typeof v === 'number') out.push(...(v >= 0 ? head(0, v) : head(1, -1 - v)))
    else if (typeof v === 'string') {
      const bytes = new TextEncoder().encode(v)
      out.push(...head(3, bytes.length), ...bytes)
    } else if (v instanceof Uint8Array) out.push(...head(2, v.length), ...v)
    else if (Array.isArray(v)) {
      out.push(...head(4, v.length))
      for (const item of v) write(item)
    } else {
      out.push(...head(5, v.size))
      for (const [k, item] of v) {
        write(k)
        write(item)
      }
    }
  }
  write(value)
  return Uint8Array.from(out)
}

const sha256 = (...parts: Uint8Array[]) => {
  const hash = createHash('sha256')
  for (const part of parts) hash.update(part)
  return new Uint8Array(hash.digest())
}
const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')
const u32 = (n: number) => Uint8Array.from([(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff])
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]))

/** Authenticator data flags (WebAuthn §6.1). */
const UP = 0x01
const UV = 0x04
const BE = 0x08
const BS = 0x10
const AT = 0x40

export type SoftCredential = {
  id: Uint8Array
  privateKey: Uint8Array
  /** The credential's own PRF secret (CTAP2 hmac-secret's CredRandom). */
  prfSecret: Uint8Array
  /** The user handle the relying party gave (user.id), base64url. */
  userHandle: string
  rpId: string
  counter: number
}

type PrfInput = { prf?: { eval?: { first?: unknown } } }
type CreationOptions = { challenge: string; rp: { id?: string }; user: { id: string }; extensions?: PrfInput }
type RequestOptions = { challenge: string; rpId?: string; extensions?: PrfInput }

/**
 * The PRF extension's client output for `input` (WebAuthn L3 §10.1.4): HMAC-SHA-256 under the
 * credential's secret of SHA-256('WebAuthn PRF' ‖ 0x00 ‖ salt), as an ArrayBuffer (what
 * getClientExtensionResults() gives a page). None when the options asked for no PRF.
 */
function prfResults(credential: SoftCredential, input: PrfInput | undefined, created: boolean): Record<string, unknown> {
  const first = input?.prf?.eval?.first
  if (!(first instanceof Uint8Array || first instanceof ArrayBuffer)) return {}
  const salt = sha256(new TextEncoder().encode('WebAuthn PRF'), Uint8Array.of(0), new Uint8Array(first))
  const output = new Uint8Array(createHmac('sha256', credential.prfSecret).update(salt).digest())
  return { prf: { ...(created ? { enabled: true } : {}), results: { first: output.buffer } } }
}

/**
 * An authenticator with its own credentials. `origin` is where the client (the frame) runs;
 * `counts`: whether its signature counter moves (synced passkeys often keep it at 0).
 */
export function softAuthenticator(options: { origin: string; counts?: boolean; backedUp?: boolean } = { origin: '' }) {
  const credentials = new Map<string, SoftCredential>()
  const counts = options.counts ?? true
  const flagsOf = (verified: boolean) => UP | (verified ? UV : 0) | (options.backedUp ? BE | BS : 0)

  /** `topOrigin`: the ceremony ran in an iframe of that page (crossOrigin true), as in the frame. */
  const clientData = (type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string, topOrigin?: string) =>
    new TextEncoder().encode(
      JSON.stringify(
        topOrigin === undefined
          ? { type, challenge, origin, crossOrigin: false }
          : { type, challenge, origin, crossOrigin: true, topOrigin },
      ),
    )

  return {
    credentials,

    /** navigator.credentials.create() for `options` (what the server's options route answered). */
    register(
      creation: CreationOptions,
      how: { attestation?: 'none' | 'packed'; origin?: string; userVerified?: boolean; rpId?: string } = {},
    ) {
      const rpId = how.rpId ?? creation.rp.id ?? ''
      const privateKey = p256.utils.randomPrivateKey()
      const point = p256.getPublicKey(privateKey, false)
      const id = new Uint8Array(randomBytes(32))
      const credential: SoftCredential = {
        id,
        privateKey,
        prfSecret: new Uint8Array(randomBytes(32)),
        userHandle: creation.user.id,
        rpId,
        counter: 0,
      }
      credentials.set(b64u(id), credential)
      const cose = cbor(
        new Map<number, Cbor>([
          [1, 2], // kty: EC2
          [3, -7], // alg: ES256
          [-1, 1], // crv: P-256
          [-2, point.slice(1, 33)],
          [-3, point.slice(33, 65)],
        ]),
      )
      const aaguid = new Uint8Array(16)
      const authData = concat(
        sha256(new TextEncoder().encode(rpId)),
        Uint8Array.from([flagsOf(how.userVerified ?? true) | AT]),
        u32(credential.counter),
        aaguid,
        Uint8Array.from([id.length >> 8, id.length & 0xff]),
        id,
        cose,
      )
      const clientDataJSON = clientData('webauthn.create', creation.challenge, how.origin ?? options.origin)
      const attStmt =
        how.attestation === 'packed'
          ? new Map<string, Cbor>([
              ['alg', -7],
              // Self attestation: the credential's own key signs authData ‖ hash(clientDataJSON), DER.
              ['sig', p256.sign(sha256(authData, sha256(clientDataJSON)), privateKey).toDERRawBytes()],
            ])
          : new Map<string, Cbor>()
      const attestationObject = cbor(
        new Map<string, Cbor>([
          ['fmt', how.attestation ?? 'none'],
          ['attStmt', attStmt],
          ['authData', authData],
        ]),
      )
      return {
        id: b64u(id),
        rawId: b64u(id),
        type: 'public-key' as const,
        response: { clientDataJSON: b64u(clientDataJSON), attestationObject: b64u(attestationObject), transports: ['internal'] },
        authenticatorAttachment: 'platform',
        clientExtensionResults: prfResults(credential, creation.extensions, true),
      }
    },

    /** navigator.credentials.get(): an assertion by `credentialId` (default: the only credential). */
    authenticate(
      request: RequestOptions,
      how: { credentialId?: string; origin?: string; topOrigin?: string; userVerified?: boolean; counter?: number; rpId?: string } = {},
    ) {
      const credential = how.credentialId === undefined ? [...credentials.values()][0] : credentials.get(how.credentialId)
      if (credential === undefined) throw new Error('no such credential')
      if (how.counter !== undefined) credential.counter = how.counter
      else if (counts) credential.counter++
      const rpId = how.rpId ?? request.rpId ?? credential.rpId
      const authenticatorData = concat(
        sha256(new TextEncoder().encode(rpId)),
        Uint8Array.from([flagsOf(how.userVerified ?? true)]),
        u32(credential.counter),
      )
      const clientDataJSON = clientData('webauthn.get', request.challenge, how.origin ?? options.origin, how.topOrigin)
      const signature = p256.sign(sha256(authenticatorData, sha256(clientDataJSON)), credential.privateKey).toDERRawBytes()
      return {
        id: b64u(credential.id),
        rawId: b64u(credential.id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64u(clientDataJSON),
          authenticatorData: b64u(authenticatorData),
          signature: b64u(signature),
          userHandle: credential.userHandle,
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: prfResults(credential, request.extensions, false),
      }
    },
  }
}
export type SoftAuthenticator = ReturnType<typeof softAuthenticator>
