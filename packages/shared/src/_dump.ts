import type { Endpoints, EndpointQuery, EndpointBody, EndpointParams, EndpointResponse } from './endpoints/index';
type Q = { [N in keyof Endpoints]: [Endpoints[N]['method'], Endpoints[N]['path'], EndpointParams<Endpoints[N]>, EndpointQuery<Endpoints[N]>, EndpointBody<Endpoints[N]>] };
export declare const dump: Q;
