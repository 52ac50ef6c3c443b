import { PGlite } from '@electric-sql/pglite';

// PGlite runs Postgres inside one WebAssembly memory, which grows and never shrinks (decision record 054). What
// Postgres allocates at its start (shared buffers: initdb picks 160MB here, and they are resident from the first
// second) and at its busiest moment (sorts, hashes, index builds) stays resident for the life of the process. These
// settings keep both small: the embedded database is small, and the operating system's page cache still holds the
// data files behind the buffers. The memory's initial size (PGlite's initialMemory) cannot go below the 128MB its
// module declares, and pages Postgres never touches are not resident anyway.

/** Postgres settings of the embedded database, as `-c name=value` start parameters after PGlite's own. */
export const PGLITE_MEMORY_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: '16MB',
  // Per sort or hash node of a query (Postgres' default is 4MB).
  work_mem: '4MB',
  // CREATE INDEX and VACUUM in migrations (default 64MB).
  maintenance_work_mem: '16MB',
  temp_buffers: '2MB',
  // A planner hint only (no memory is taken): what the page cache may hold of the data files.
  effective_cache_size: '256MB',
};

/** PGlite's start parameters with the memory settings appended (later -c options win). */
export const pgliteStartParams = (): string[] => [
  ...PGlite.defaultStartParams,
  ...Object.entries(PGLITE_MEMORY_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
];
