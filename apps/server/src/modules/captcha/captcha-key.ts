import path from 'node:path';
import type { Config } from '../../config';
import { generatedKey } from '../../lib/generated-key';

/** The file holding the generated captcha key when CAPTCHA_HMAC_KEY is unset. */
export const captchaKeyFile = (dataDir: string) => path.join(dataDir, 'secrets', 'captcha-hmac.key');

/** CAPTCHA_HMAC_KEY when set; else a key generated once in DATA_DIR/secrets (mode 600) and kept there. */
export function captchaHmacKey(config: Pick<Config, 'dataDir' | 'captchaHmacKey'>): string {
  return config.captchaHmacKey ?? generatedKey(captchaKeyFile(config.dataDir));
}
