import { config } from 'zod/v4/core';

// The page's CSP allows no eval (decision 028). Zod probes for it with `new Function("")` on its first parse and
// Chromium reports that probe as a CSP violation even though Zod catches the error; jitless skips the probe (and the
// compiled parsers it would enable, which the CSP would refuse anyway). main.tsx imports this first.
// The setting is Zod's one global configuration (`z.config` is this function); importing it from Zod's core keeps the
// rest of Zod out of the page that sets it: only the screens that parse load Zod (decision record 052).
config({ jitless: true });
