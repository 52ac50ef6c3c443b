// Quality choices of the player: "auto" (adaptive) or one rendition, named by its height ("720p").
// The stored preference (product §3, default auto) is the height as a string, e.g. "720".

export const AUTO_QUALITY = 'auto';

export interface QualityOption {
  /** "auto" or the height, e.g. "720": the value stored as the preference. */
  value: string;
  /** The hls.js level index; -1 for auto. */
  level: number;
  height: number | null;
}

/** One option per distinct height, highest first; of two levels with one height the higher bitrate wins. */
export function qualityOptions(levels: readonly { height: number; bitrate: number }[]): QualityOption[] {
  const byHeight = new Map<number, { index: number; bitrate: number }>();
  levels.forEach((level, index) => {
    if (!level.height) return;
    const seen = byHeight.get(level.height);
    if (!seen || level.bitrate > seen.bitrate) byHeight.set(level.height, { index, bitrate: level.bitrate });
  });
  const renditions = [...byHeight.entries()]
    .sort(([a], [b]) => b - a)
    .map(([height, { index }]) => ({ value: String(height), level: index, height }));
  return [{ value: AUTO_QUALITY, level: -1, height: null }, ...renditions];
}

/** The option matching a stored preference; auto when that rendition does not exist for this video. */
export function optionForPreference(options: readonly QualityOption[], preference: string): QualityOption {
  return options.find((o) => o.value === preference) ?? options[0] ?? { value: AUTO_QUALITY, level: -1, height: null };
}

export function qualityLabel(option: Pick<QualityOption, 'height'>, autoLabel: string): string {
  return option.height === null ? autoLabel : `${option.height}p`;
}
