import { PRODUCT_NAME } from '@velora/shared';
import { useId } from 'react';

/** The Velora word mark. Decorative: the link or heading around it carries the name. */
export function Logo({ size = 'regular' }: { size?: 'regular' | 'large' }) {
  const gradientId = useId();
  return (
    <span className={`logo logo--${size}`} aria-hidden="true">
      <svg className="logo__mark" viewBox="0 0 32 32" width="28" height="28" focusable="false">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="var(--color-accent)" />
            <stop offset="1" stopColor="var(--color-accent-2)" />
          </linearGradient>
        </defs>
        <path d="M4 6h6.5L16 21.5 21.5 6H28L19 27h-6z" fill={`url(#${gradientId})`} />
      </svg>
      <span className="logo__word">{PRODUCT_NAME}</span>
    </span>
  );
}
