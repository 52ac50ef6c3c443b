// The layers of apps/server/src, top to bottom (decision 004, amended). A file imports files of its own layer and of
// the layers below it, never above: the entry points build the app from the composition root, the root builds the
// services of the modules, and everything rests on the database and the settings. Tests and their helpers
// (apps/server/test/, *.test.ts) sit outside the layers. Within a layer, the module tiers (server-module-tiers.js,
// decision 021) and the file-level cycle rule (layers/server-no-cycle) keep the order.
//
// A new top-level folder or root file goes into the highest layer that everything it imports is at or below; if it
// needs a layer above its own, move what both need down instead of importing up.

export const SERVER_FOLDER_LAYERS = [
  // 0: what a process starts: the server, the app it serves and the one-off commands (`npm run seed`, `import-video`).
  ['server.ts', 'app.ts', '*-command.ts'],
  // 1: the composition root: opens the platform and builds every service once (decision 021).
  ['composition/'],
  // 2: the demo content, written through the modules' services; the root passes its recipes down as parameters.
  ['demo/'],
  // 3: the modules (routes → service → repository, in tiers) and the Fastify plugins: routes use the plugins'
  //    request decorations, and a plugin reaches a module only through its service.
  ['modules/', 'plugins/'],
  // 4: the HTTP machinery under every route: registering an endpoint of the table, the OpenAPI document, idempotency.
  ['http/'],
  // 5: the shape of the platform every service is built from.
  ['platform.ts'],
  // 6: infrastructure and helpers: jobs, Redis, rate limits, mail, media URLs, caches in front of the database.
  ['lib/'],
  // 7: the database: one interface for both engines, migrations, table changes.
  ['db/'],
  // 8: the settings, read from the environment and checked.
  ['config.ts'],
];

/** The layers as one line, top first, for messages. */
export const SERVER_LAYER_ORDER = SERVER_FOLDER_LAYERS.map((names) => names.join(', ')).join(' → ');

/**
 * The layer of a file of apps/server/src, by its path inside src (`lib/jobs/job-queue.ts`, `config.ts`):
 * `{ index, name }` with 0 the top, and index -1 for a folder or root file missing from the table.
 */
export function serverLayerOf(relToSrc) {
  const [first, ...rest] = relToSrc.split('/');
  const name = rest.length > 0 ? `${first}/` : first;
  const index = SERVER_FOLDER_LAYERS.findIndex((names) =>
    names.some((entry) => (entry.startsWith('*') ? rest.length === 0 && name.endsWith(entry.slice(1)) : entry === name)),
  );
  return { index, name };
}
