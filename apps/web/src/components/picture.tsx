import { pictureSourcesOf } from '@velora/shared';
import type { ImgHTMLAttributes } from 'react';
import './picture.css';

export interface PictureProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'alt' | 'src'> {
  src: string;
  /** Required: describe the image, or pass '' for a purely decorative one. */
  alt: string;
  /**
   * The sized picture whose copies to offer (by default `src`): the widest size the API gave for it, so a wide screen
   * or a sharp display finds a copy wide enough (a card shows `thumbnail_small` and offers the widths of `thumbnail`).
   */
  variantsOf?: string | null;
  /** Leaves every source out, so nothing loads yet (a lazy image before it comes into view). */
  deferred?: boolean;
}

/**
 * A picture of the media server as WebP at every width up to its size (decision record 054), with the JPEG the API
 * named (and its narrower copies) as the fallback; the browser takes the width `sizes` asks for. Any other URL (an
 * avatar, a live still) is a plain img. AVIF is served too but not offered here: rendered on first request, it costs
 * two to four times WebP's time and twice its memory, for pictures about a tenth smaller.
 */
export function Picture({ src, alt, variantsOf, srcSet, sizes, deferred = false, ...imgProps }: PictureProps) {
  const sources = pictureSourcesOf(variantsOf ?? src) ?? (variantsOf ? pictureSourcesOf(src) : null);
  // Without `sizes` a width-described set is chosen for the whole viewport: by default, the picture's own width.
  const chosenSizes = sizes ?? (sources ? `(max-width: ${sources.width}px) 100vw, ${sources.width}px` : undefined);
  const img = (
    <img
      {...imgProps}
      alt={alt}
      src={deferred ? undefined : src}
      srcSet={deferred ? undefined : (srcSet ?? sources?.jpg)}
      sizes={srcSet || sources ? chosenSizes : undefined}
    />
  );
  if (!sources) return img;
  return (
    <picture className="picture">
      <source type="image/webp" srcSet={deferred ? undefined : sources.webp} sizes={chosenSizes} />
      {img}
    </picture>
  );
}
