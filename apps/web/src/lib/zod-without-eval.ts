// The page's CSP allows no eval (decision 028). Zod probes for it with `new Function("")` on its first parse and
// Chromium reports that probe as a CSP violation even though Zod catches the error; jitless skips the probe (and the
// compiled parsers it would enable, which the CSP would refuse anyway). main.tsx imports this first.
// Zod keeps its one global configuration (what `z.config` sets) on globalThis and adopts an object it finds there, so
// the setting is written without importing Zod: only the screens that parse load Zod, and the landing page carries
// none of it (decision records 052 and 059). The test checks this against the installed Zod, in either import order.
interface ZodGlobal {
  __zod_globalConfig?: { jitless?: boolean };
}

const holder = globalThis as ZodGlobal;
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
