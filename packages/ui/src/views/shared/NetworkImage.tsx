import { gradientFor } from '../../components/Avatar/gradient'

/** A network's image, or a deterministic monogram tile from its CAIP id. */
export function NetworkImage({ name, caipNetworkId, imageUrl, size = 40 }: { name: string; caipNetworkId: string; imageUrl?: string; size?: number }) {
  if (imageUrl) return <img src={imageUrl} alt="" width={size} height={size} style={{ width: size, height: size, objectFit: 'cover', display: 'block', borderRadius: 'inherit' }} />
  return (
    <span
      aria-hidden="true"
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: size,
        height: size,
        borderRadius: 'inherit',
        background: gradientFor(caipNetworkId),
        color: '#ffffff',
        fontWeight: 600,
        fontSize: Math.round(size * 0.4),
      }}
    >
      {name.trim().charAt(0).toUpperCase()}
    </span>
  )
}
