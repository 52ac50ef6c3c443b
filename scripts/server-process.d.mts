// Types of server-process.mjs for the TypeScript that imports it (bench/server-memory.bench.ts).
export function prepareServerBundle(log?: (message: string) => void): Promise<string>;
export const SERVER_NODE_FLAGS: readonly string[];
export function jemallocPath(env?: NodeJS.ProcessEnv): string | null;
export function serverEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
