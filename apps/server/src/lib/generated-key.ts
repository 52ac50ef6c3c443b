import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const fileKeys = new Map<string, string>();

/** Where the secrets generated for the embedded default live (mode 700 folder, mode 600 files). */
export const secretsDir = (dataDir: string) => path.join(dataDir, 'secrets');

/**
 * A key generated once into `file` and read from there ever after (and cached per process). For a secret whose
 * setting is unset: one machine needs no configuration, and instances sharing DATA_DIR share the key.
 */
export function generatedKey(file: string): string {
  let key = fileKeys.get(file);
  if (!key) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      // 'wx': of instances starting at once on one DATA_DIR, exactly one writes the key; the others read it.
      fs.writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    key = fs.readFileSync(file, 'utf8').trim();
    if (key.length < 32) throw new Error(`${file} holds no usable key: delete it to have a new one generated`);
    fileKeys.set(file, key);
  }
  return key;
}
