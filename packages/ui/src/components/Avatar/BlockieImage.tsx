import type { Blockie } from './blockie'

/** A blockie (blockieFor) as an SVG of 8×8 cells, scaled to its box. */
export function BlockieImage({ blockie, className }: { blockie: Blockie; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 8 8"
      shapeRendering="crispEdges"
      aria-hidden="true"
      focusable="false"
      data-testid="portico-avatar-blockie"
    >
      <rect width="8" height="8" fill={blockie.colors[0]} />
      <path d={blockie.paths[0]} fill={blockie.colors[1]} />
      <path d={blockie.paths[1]} fill={blockie.colors[2]} />
    </svg>
  )
}
