import type { FastifyRequest } from 'fastify';

/**
 * Law-limited calls (product §2, §4, §6) say so in route config: `lawLimited: true`, or a predicate on the request
 * when only some of a route's calls are limited (favourites of kind camera). Today: favourites of cameras, tips
 * (POST /coins/tip), coin packages and coin checkouts (/payments/*). The camera and private-playdate-request routes
 * carry it when they arrive. The endpoint table sets it (register-endpoint.ts); the law-limits plugin enforces it.
 */
export type LawLimitedRule = boolean | ((request: FastifyRequest) => boolean);
