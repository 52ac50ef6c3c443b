import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_ENTRIES, IDEMPOTENCY_KEY_HEADER, can, type EndpointSpec } from '@velora/shared';
import { buildEndpointWorld, SUITE_ROLES, type EndpointWorld } from './endpoint-world';
import { badInputsOf, requestOf, schemaRefuses, subjectOfRole, validParts, withBadInput } from './endpoint-requests';
import { KNOWN_SERVER_DEFECTS, MAX_PARAM_LENGTH } from './known-answers';
import { isControlCase, type BadInput } from './schema-sampler';

// Generated from the endpoint table (decision record 023), PeerTube's check-params for every endpoint: each field
// of each params, query and body schema gets a wrong type, control characters (NUL, SOH, ESC, DEL; a lone surrogate in
// JSON), values out of its bounds and (when required) no value, as a role allowed to call the endpoint. The answer is a
// 400 whose error.fields names the field: no string field takes a control character (decision record 031).

let world: EndpointWorld;
beforeAll(async () => {
  world = await buildEndpointWorld();
});
afterAll(() => world?.close());

/** The first suite role allowed to call the endpoint (the visitor for public calls). */
const callerOf = (endpoint: EndpointSpec) => SUITE_ROLES.find((role) => can(subjectOfRole(world, role), endpoint.capability, world.deps.now().getTime()))!;

type Case = BadInput & { label: string };
const withInput = ENDPOINT_ENTRIES.map(([name, endpoint]) => ({
  name,
  endpoint,
  cases: badInputsOf(endpoint).map((c): Case => ({ ...c, label: `${c.part}.${c.field}: ${c.problem}` })),
})).filter((e) => e.cases.length > 0);

describe.each(withInput)('$name', ({ name, endpoint, cases }) => {
  const check = async (bad: Case) => {
    const role = callerOf(endpoint);
    const parts = withBadInput(await validParts(name, endpoint, world, role), bad);
    // A value the schema itself accepts (a coercion, a union) is not bad input, except a control character: no field
    // may take one.
    if (!isControlCase(bad) && !schemaRefuses(endpoint, parts, bad.part)) return;
    const res = await world.send({ ...requestOf(endpoint, parts), token: await world.tokenFor(role) });
    const seen = `${res.statusCode} ${res.body.slice(0, 300)}`;
    if (bad.part === 'params' && typeof bad.value === 'string' && bad.value.length > MAX_PARAM_LENGTH) {
      expect(res.statusCode, seen).toBe(414);
      return;
    }
    // A check before validation may answer first (an unavailable identity provider is 404 whatever the input).
    if (endpoint.guardBeforeValidation && res.statusCode === endpoint.guardBeforeValidation.status && bad.part === 'params') return;
    expect(res.statusCode, seen).toBe(400);
    const fields = Object.keys(res.json<{ error: { fields?: Record<string, string> } }>().error.fields ?? {});
    expect(fields.some((key) => key === bad.field || key.startsWith(`${bad.field}.`)), seen).toBe(true);
  };
  const defectOf = (c: Case) => KNOWN_SERVER_DEFECTS[`${name} ${c.label}`];
  const sound = cases.filter((c) => !defectOf(c));
  const broken = cases.filter((c) => defectOf(c));
  if (sound.length > 0) it.each(sound)(`${endpoint.method} ${endpoint.path} with $label`, check);
  // Each of these is a server defect named in known-answers.ts: the case fails today and must pass once it is fixed.
  if (broken.length > 0) it.fails.each(broken)(`${endpoint.method} ${endpoint.path} with $label (known server defect)`, check);
});

// Every entry that takes an Idempotency-Key (the table's `idempotent`) refuses a key that is not one, naming the
// header, before anything is created.
const idempotent = ENDPOINT_ENTRIES.filter(([, endpoint]) => endpoint.idempotent).map(([name, endpoint]) => ({ name, endpoint }));
const BAD_KEYS = [
  ['an empty key', ''],
  ['a key of 129 characters', 'k'.repeat(129)],
  ['a key with a space', 'two words'],
  ['a key with a control character', 'key\u0001'],
] as const;

describe.each(idempotent)('$name Idempotency-Key', ({ name, endpoint }) => {
  it.each(BAD_KEYS)(`${endpoint.method} ${endpoint.path} with %s answers 400 naming the header`, async (_label, key) => {
    const role = callerOf(endpoint);
    const parts = await validParts(name, endpoint, world, role);
    const res = await world.send({ ...requestOf(endpoint, parts), token: await world.tokenFor(role), headers: { [IDEMPOTENCY_KEY_HEADER]: key } });
    const seen = `${res.statusCode} ${res.body.slice(0, 300)}`;
    expect(res.statusCode, seen).toBe(400);
    expect(Object.keys(res.json<{ error: { fields?: Record<string, string> } }>().error.fields ?? {}), seen).toContain(IDEMPOTENCY_KEY_HEADER);
  });
});
