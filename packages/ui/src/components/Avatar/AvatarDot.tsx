import { useEffect, useState } from 'react'
import { BlockieImage } from './BlockieImage'

let blockie: typeof import('./blockie') | undefined

/**
 * The buttons' avatar dot: the profile image, else the same generated picture as the modal's Avatar
 * (blockieFor). The generator loads with import() (a chunk the modal shares, so usually in already),
 * keeping it out of the page's initial load; until it is in, the dot stays empty, never showing a
 * different picture.
 */
export function AvatarDot({
  address,
  image,
  className,
  imageClassName,
}: {
  address: string
  image?: string | null
  className: string
  imageClassName: string
}) {
  const [, loaded] = useState(0)
  useEffect(() => {
    if (blockie || image) return
    void import('./blockie').then((m) => {
      blockie = m
      loaded(1)
    })
  }, [image])
  return (
    <span className={className} aria-hidden="true" data-testid="portico-avatar-dot">
      {image ? (
        <img className={imageClassName} src={image} alt="" />
      ) : (
        blockie && <BlockieImage className={imageClassName} blockie={blockie.blockieFor(address)} />
      )}
    </span>
  )
}
