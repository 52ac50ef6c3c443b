import type { CSSProperties } from 'react';

/** A placeholder block shown while content loads; hidden from assistive technology. */
export function Skeleton({ width, height, className }: { width?: string; height?: string; className?: string }) {
  const style: CSSProperties = { width, height };
  return <span className={['skeleton', className ?? ''].filter(Boolean).join(' ')} style={style} aria-hidden="true" />;
}
