import type { ElementType, ImgHTMLAttributes, ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import { Picture } from './picture';
import './lazy-image.css';

export type LazyImageState = 'loading' | 'loaded' | 'error';

/** product §9: a wrapper div, root margin zero, threshold 0. */
export const LAZY_IMAGE_DEFAULTS = { as: 'div', rootMargin: '0px', threshold: 0 } as const;

export interface LazyImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'alt' | 'src' | 'loading' | 'onLoad' | 'onError'> {
  src: string;
  /** Required: describe the image, or pass '' for a purely decorative one. */
  alt: string;
  /** The wrapper element (default div). */
  as?: ElementType;
  wrapperClassName?: string;
  /** Shown while the image loads; a shimmering block by default. */
  placeholder?: ReactNode;
  /** Shown instead of the image when it fails; a neutral block named by `alt` by default. */
  fallback?: ReactNode;
  rootMargin?: string;
  threshold?: number;
  /** Load at once, without waiting to come into view (images above the fold). */
  eager?: boolean;
  /** The sized picture whose WebP and narrower copies to offer (by default `src`; see Picture). */
  variantsOf?: string | null;
  onStateChange?: (state: LazyImageState) => void;
}

/**
 * An image that starts loading when its wrapper comes into view (IntersectionObserver). The
 * wrapper carries `data-state` (loading | loaded | error) for styling and tests. A picture of the
 * media server comes as WebP at the width `sizes` asks for (Picture).
 */
export function LazyImage({
  src,
  srcSet,
  sizes,
  alt,
  as: Wrapper = LAZY_IMAGE_DEFAULTS.as,
  wrapperClassName,
  className,
  placeholder,
  fallback,
  rootMargin = LAZY_IMAGE_DEFAULTS.rootMargin,
  threshold = LAZY_IMAGE_DEFAULTS.threshold,
  eager = false,
  variantsOf,
  onStateChange,
  ...imgProps
}: LazyImageProps) {
  const wrapperRef = useRef<HTMLElement>(null);
  const [inView, setInView] = useState(() => eager || typeof IntersectionObserver === 'undefined');
  // The state belongs to one source: a new src starts over at loading.
  const [result, setResult] = useState<{ src: string; state: LazyImageState }>({ src, state: 'loading' });
  const state: LazyImageState = result.src === src ? result.state : 'loading';

  const onStateChangeRef = useRef(onStateChange);
  onStateChangeRef.current = onStateChange;
  useEffect(() => {
    onStateChangeRef.current?.(state);
  }, [state]);

  useEffect(() => {
    if (inView) return undefined;
    const element = wrapperRef.current;
    if (!element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setInView(true);
          observer.disconnect();
        }
      },
      { rootMargin, threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [inView, rootMargin, threshold]);

  return (
    <Wrapper ref={wrapperRef} className={['lazy-image', wrapperClassName ?? ''].filter(Boolean).join(' ')} data-state={state}>
      {state === 'error' ? (
        (fallback ?? <span className="lazy-image__fallback" role={alt ? 'img' : undefined} aria-label={alt || undefined} />)
      ) : (
        <>
          {state === 'loading' ? (placeholder ?? <span className="lazy-image__placeholder" aria-hidden="true" />) : null}
          <Picture
            {...imgProps}
            className={['lazy-image__img', className ?? ''].filter(Boolean).join(' ')}
            alt={alt}
            src={src}
            srcSet={srcSet}
            sizes={sizes}
            variantsOf={variantsOf}
            deferred={!inView}
            loading={eager ? 'eager' : 'lazy'}
            onLoad={() => setResult({ src, state: 'loaded' })}
            onError={() => setResult({ src, state: 'error' })}
          />
        </>
      )}
    </Wrapper>
  );
}
