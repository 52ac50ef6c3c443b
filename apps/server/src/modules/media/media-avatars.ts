import { createHash } from 'node:crypto';
import { AVATAR_MAX } from '@velora/shared';
import { isDbId } from '../../lib/paging';

// The avatar pictures of product §3, drawn as SVG on request (a few hundred bytes each, so nothing is stored):
//   /media/avatars/default.svg       a neutral silhouette (avatar null)
//   /media/avatars/{1..40}.svg       forty geometric designs a member may choose
//   /media/avatars/users/{id}.svg    an identicon of the account (avatar 0): a mirrored 5×5 grid from a hash of the id
// Every design is a pure function of its name, so the URLs can be cached for good.

const SIZE = 64;

/** Background and foreground pairs: muted, friendly, readable on light and dark pages. */
const PALETTE = [
  { bg: '#264653', fg: '#e9c46a' },
  { bg: '#2a9d8f', fg: '#f4f1de' },
  { bg: '#e76f51', fg: '#fdf0d5' },
  { bg: '#6d597a', fg: '#eaac8b' },
  { bg: '#355070', fg: '#b8c0ff' },
  { bg: '#bc6c25', fg: '#fefae0' },
  { bg: '#588157', fg: '#dad7cd' },
  { bg: '#8e7dbe', fg: '#f2e9e4' },
] as const;

type Colours = (typeof PALETTE)[number];

/** Shape patterns on a 64×64 canvas; `fg` draws, `bg` may cut back into the shape. */
const PATTERNS: Array<(c: Colours) => string> = [
  // Concentric rings.
  ({ fg, bg }) =>
    `<circle cx="32" cy="32" r="22" fill="${fg}"/><circle cx="32" cy="32" r="15" fill="${bg}"/><circle cx="32" cy="32" r="8" fill="${fg}"/>`,
  // Diagonal stripes.
  ({ fg }) =>
    `<g stroke="${fg}" stroke-width="6" stroke-linecap="round" opacity="0.9">` +
    [-24, -8, 8, 24].map((d) => `<line x1="${8 + d}" y1="${56 + 0}" x2="${56 + d}" y2="8"/>`).join('') +
    '</g>',
  // Mountains: two overlapping triangles and a sun.
  ({ fg }) =>
    `<circle cx="46" cy="18" r="6" fill="${fg}"/><path d="M4 54 L24 22 L44 54 Z" fill="${fg}"/><path d="M28 54 L44 32 L60 54 Z" fill="${fg}" opacity="0.7"/>`,
  // A 3×3 grid of dots.
  ({ fg }) =>
    [16, 32, 48].flatMap((y) => [16, 32, 48].map((x) => `<circle cx="${x}" cy="${y}" r="${x === 32 && y === 32 ? 7 : 5}" fill="${fg}"/>`)).join(''),
  // Bauhaus quarter circles.
  ({ fg }) =>
    `<path d="M8 8 H32 A24 24 0 0 1 8 32 Z" fill="${fg}"/><path d="M56 56 H32 A24 24 0 0 1 56 32 Z" fill="${fg}"/>` +
    `<circle cx="44" cy="20" r="8" fill="none" stroke="${fg}" stroke-width="4"/><rect x="12" y="40" width="12" height="12" rx="2" fill="${fg}" opacity="0.8"/>`,
];

const svg = (title: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}" role="img"><title>${title}</title>${body}</svg>`;

/**
 * Design n of 1..AVATAR_MAX. Colour and pattern both follow n (8 colours × 5 patterns; as 8 and 5 share no factor,
 * every n of 1..40 gets its own pair, and neighbours differ in both).
 */
export function numberedAvatarSvg(n: number): string {
  const colours = PALETTE[(n - 1) % PALETTE.length]!;
  const pattern = PATTERNS[(n - 1) % PATTERNS.length]!;
  return svg(`Avatar ${n}`, `<rect width="${SIZE}" height="${SIZE}" fill="${colours.bg}"/>${pattern(colours)}`);
}

/** The avatar of a member who chose none: a neutral head-and-shoulders silhouette. */
export function defaultAvatarSvg(): string {
  return svg(
    'Avatar',
    `<rect width="${SIZE}" height="${SIZE}" fill="#ced4da"/>` +
      '<circle cx="32" cy="25" r="11" fill="#f8f9fa"/>' +
      '<path d="M12 60 C12 45 21 39 32 39 C43 39 52 45 52 60 Z" fill="#f8f9fa"/>',
  );
}

/**
 * The avatar of an account (avatar 0): a 5×5 grid mirrored left to right, from a hash of the id alone, so it
 * carries nothing personal and never changes.
 */
export function identiconSvg(userId: number): string {
  const hash = createHash('sha256').update(`velora-avatar:${userId}`).digest();
  const hue = ((hash[0]! << 8) | hash[1]!) % 360;
  const fg = `hsl(${hue} 55% 45%)`;
  const bg = `hsl(${hue} 35% 92%)`;
  const cells: string[] = [];
  const cell = 10;
  const offset = (SIZE - 5 * cell) / 2;
  let filled = 0;
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 3; col++) {
      // One bit per cell of the left half and the middle column, from bytes the colour did not use.
      const bit = row * 3 + col;
      if (((hash[2 + (bit >> 3)]! >> (bit & 7)) & 1) === 0) continue;
      filled++;
      for (const x of col === 2 ? [2] : [col, 4 - col]) {
        cells.push(`<rect x="${offset + x * cell}" y="${offset + row * cell}" width="${cell}" height="${cell}"/>`);
      }
    }
  }
  // An empty grid would look like a broken picture: fall back to the centre cell.
  if (filled === 0) cells.push(`<rect x="${offset + 2 * cell}" y="${offset + 2 * cell}" width="${cell}" height="${cell}"/>`);
  return svg('Avatar', `<rect width="${SIZE}" height="${SIZE}" fill="${bg}"/><g fill="${fg}">${cells.join('')}</g>`);
}

/** The SVG of `/media/avatars/:file`, or null when the name is no avatar (only canonical numbers, 1..AVATAR_MAX). */
export function avatarSvgFor(file: string): string | null {
  if (file === 'default.svg') return defaultAvatarSvg();
  const n = /^([1-9]\d?)\.svg$/.exec(file)?.[1];
  if (n === undefined || Number(n) > AVATAR_MAX) return null;
  return numberedAvatarSvg(Number(n));
}

/** The SVG of `/media/avatars/users/:file`, or null unless the name is a positive user id (no leading zeros). */
export function userAvatarSvgFor(file: string): string | null {
  const id = /^([1-9]\d{0,9})\.svg$/.exec(file)?.[1];
  if (id === undefined || !isDbId(Number(id))) return null;
  return identiconSvg(Number(id));
}
