// Creates an embedded database's cluster (PGlite's initdb) in a process of its own, which exits when it is done
// (decision record 056): initdb runs in two throw-away WebAssembly instances (~450 MB at its peak) whose memory, and
// what malloc keeps of it, would otherwise stay with the server. Plain JavaScript, so the bundled server and the one
// run by tsx start it alike. argv[2]: the data folder; VELORA_PGLITE_START_PARAMS: PGlite's start parameters (JSON).
import { PGlite } from '@electric-sql/pglite';

const dataDir = process.argv[2];
const params = process.env.VELORA_PGLITE_START_PARAMS;
const pg = await PGlite.create({ dataDir, ...(params ? { startParams: JSON.parse(params) } : {}) });
await pg.close();
