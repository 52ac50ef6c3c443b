import '../profile.css';

interface AvatarImageProps {
  /** The picture's full URL (the profile's avatar_url). */
  src: string;
  /** Size in CSS pixels; the pictures are vector graphics and stay sharp at any size. */
  size?: number;
  /** Empty when the name is written next to it (the picture then adds nothing for a screen reader). */
  alt?: string;
  className?: string;
}

/** A member's avatar (product §3 avatar rule), round. */
export function AvatarImage({ src, size = 40, alt = '', className }: AvatarImageProps) {
  return (
    <img
      className={['avatar-image', className ?? ''].filter(Boolean).join(' ')}
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      draggable={false}
    />
  );
}
