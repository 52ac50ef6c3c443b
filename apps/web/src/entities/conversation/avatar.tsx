import type { Correspondent } from '@velora/shared';
import './conversation.css';

/** A correspondent's picture, or their initial; decorative (the name is always written next to it). */
export function Avatar({ correspondent, size = 'medium' }: { correspondent: Pick<Correspondent, 'avatar' | 'display_name'>; size?: 'small' | 'medium' }) {
  const className = `message-avatar message-avatar--${size}`;
  if (correspondent.avatar) {
    const px = size === 'small' ? 36 : 48;
    return <img className={className} src={correspondent.avatar} alt="" width={px} height={px} loading="lazy" />;
  }
  return (
    <span className={`${className} message-avatar--initial`} aria-hidden="true">
      {correspondent.display_name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
