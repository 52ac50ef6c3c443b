import type { Services } from '../../src/composition/create-services';
import type { Platform } from '../../src/platform';

/** What a factory builds with: a test app's platform (database, clock) and its own services. A TestApp is one. */
export interface FactoryContext {
  deps: Pick<Platform, 'db' | 'now'>;
  services: Services;
}

let counter = 0;

/** A number no other call in this test process has had: unique names, emails, tokens. */
export const nextNumber = () => ++counter;

/** `prefix_N`, unique in this test process (each test file has a database of its own, so that is enough). */
export const uniqueName = (prefix: string) => `${prefix}_${nextNumber()}`;

export const DAY_MS = 86_400_000;
