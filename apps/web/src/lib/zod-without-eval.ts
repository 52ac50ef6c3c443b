import { z } from 'zod';

// The page's CSP allows no eval (decision 028). Zod probes for it with `new Function("")` on its first parse and
// Chromium reports that probe as a CSP violation even though Zod catches the error; jitless skips the probe (and the
// compiled parsers it would enable, which the CSP would refuse anyway). main.tsx imports this first.
z.config({ jitless: true });
