import { z } from 'zod';
import { plainLine } from './common';

/** The query parameter of the mailed confirmation link: `/?double_opt_in=<token>` (product §2, §4 double opt-in). */
export const DOUBLE_OPT_IN_PARAM = 'double_opt_in';

/** POST /user/confirm_email. POST /user/verification_email takes no body; both answer StatusOk. */
export const ConfirmEmailBody = z.object({ token: z.string().min(1).max(200).check(...plainLine()).describe('The token of the mailed link') });
export type ConfirmEmailBody = z.infer<typeof ConfirmEmailBody>;
