import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';

const fileKeys = new Map<string, string>();

/** The file holding the generated captcha key when CAPTCHA_HMAC_KEY is unset. */
export const captchaKeyFile = (dataDir: string) => path.join(dataDir, 'secrets', 'captcha-hmac.key');

/** CAPTCHA_HMAC_KEY when set; else a key generated once in DATA_DIR/secrets (mode 600) and kept there. */
export function captchaHmacKey(config: Pick<Config, 'dataDir' | 'captchaHmacKey'>): string {
  if (config.captchaHmacKey) return config.captchaHmacKey;
  const file = captchaKeyFile(config.dataDir);
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
