import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { deepFreeze } from '../lib/deep-freeze';
import { serializeFrozenOnce } from './serialize-frozen-once';

const Answer = z.object({ id: z.number(), title: z.string() });

async function appAnswering(answer: () => unknown) {
  const compile = vi.fn(serializerCompiler);
  const serialised = vi.fn();
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    serializeFrozenOnce<Parameters<typeof serializerCompiler>[0]['schema']>((routeSchema) => {
      const serialize = compile(routeSchema);
      return (data) => {
        serialised(data);
        return serialize(data);
      };
    }),
  );
  app.get('/answer', { schema: { response: { 200: Answer } } }, async () => answer() as z.input<typeof Answer>);
  await app.ready();
  return { app, serialised };
}

describe('serializeFrozenOnce', () => {
  it('writes a frozen answer through its schema once and sends the same JSON again', async () => {
    const kept = deepFreeze({ id: 1, title: 'One', password_hash: 'never sent' });
    const { app, serialised } = await appAnswering(() => kept);
    const first = await app.inject('/answer');
    const second = await app.inject('/answer');
    expect(first.json()).toEqual({ id: 1, title: 'One' });
    expect(second.body).toBe(first.body);
    expect(serialised).toHaveBeenCalledTimes(1);
  });

  it('serialises every answer that is not frozen, each time', async () => {
    let n = 0;
    const { app, serialised } = await appAnswering(() => ({ id: ++n, title: 'Fresh' }));
    expect((await app.inject('/answer')).json()).toEqual({ id: 1, title: 'Fresh' });
    expect((await app.inject('/answer')).json()).toEqual({ id: 2, title: 'Fresh' });
    expect(serialised).toHaveBeenCalledTimes(2);
  });

  it('still refuses a frozen answer its schema refuses', async () => {
    const { app } = await appAnswering(() => deepFreeze({ id: 'not a number', title: 'Bad' }));
    expect((await app.inject('/answer')).statusCode).toBe(500);
  });
});
