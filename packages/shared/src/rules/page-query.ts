/** Page query values below 1 (or unparseable) become 1 (product §2, §5). */
export function clampPage(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.floor(n);
}

/** Parses "1,2,3" (or an array of such) into integers, dropping anything that is not one (product §5). */
export function parseIntegerList(value: unknown): number[] {
  const parts = Array.isArray(value) ? value.flatMap((v) => String(v).split(',')) : String(value ?? '').split(',');
  const out: number[] = [];
  for (const part of parts) {
    const trimmed = part.trim();
    if (/^-?\d+$/.test(trimmed)) out.push(Number.parseInt(trimmed, 10));
  }
  return out;
}
