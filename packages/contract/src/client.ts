/**
 * The API client both web apps call by route: `api.get('/api/users/{id}/stats', { path: { id } })`.
 * Routes, path parameters, query, body and answer are read from the generated `paths` (./schema.d.ts,
 * `npm run api:spec`), so a renamed route, a missing parameter or a wrong body fails typecheck.
 * It builds the URL and hands the request to the app's own transport, which keeps the app's rules
 * (the visitor app's "<status>: <body text>" errors, the portal's react-admin HttpError and token).
 * No runtime of its own beyond that: an openapi-fetch client would answer `{ data, error }`, which
 * is not those rules, and would add to the visitor bundle.
 */
import type { paths } from './schema';

export type { paths, components } from './schema';
/** A shape the backend declares (its DTO class name). */
export type Schema<Name extends keyof import('./schema').components['schemas']> =
  import('./schema').components['schemas'][Name];

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Paths = paths;

/** The routes that answer this method. */
export type RouteOf<M extends Method> = {
  [P in keyof Paths]: Paths[P] extends { [K in M]: object } ? P : never;
}[keyof Paths];
type Operation<P extends keyof Paths, M extends Method> = Paths[P] extends { [K in M]: infer O } ? O : never;

/** `{id}` segments of a route template, each required. */
type PathParamNames<P> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamNames<Rest> : never;
type PathParams<P> = [PathParamNames<P>] extends [never]
  ? { path?: never }
  : { path: Record<PathParamNames<P>, string | number> };

type QueryOf<O> = O extends { parameters: { query?: infer Q } } ? ([Q] extends [never | undefined] ? never : Q) : never;
type QueryParams<O> = [QueryOf<O>] extends [never] ? { query?: never } : { query?: QueryOf<O> };

type BodyOf<O> = O extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;
type BodyParams<O> = [BodyOf<O>] extends [never] ? { body?: never } : { body: BodyOf<O> };

/** What a call passes besides its route. */
export type Request<P extends keyof Paths, M extends Method> = PathParams<P> &
  QueryParams<Operation<P, M>> &
  BodyParams<Operation<P, M>> & { signal?: AbortSignal; headers?: Record<string, string> };

type Success = 200 | 201 | 202;
type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : null;
/** The route's JSON answer on success (null for a route that answers no body). */
export type Answer<P extends keyof Paths, M extends Method> =
  Operation<P, M> extends { responses: infer Rs } ? JsonOf<Rs[Extract<keyof Rs, Success>]> : never;

/** Optional when a route needs nothing. */
type Args<P extends keyof Paths, M extends Method> =
  Partial<Request<P, M>> extends Request<P, M> ? [request?: Request<P, M>] : [request: Request<P, M>];

/** What the app's transport gets: a ready URL, the method, the JSON body if any. */
export interface Sent {
  method: Uppercase<Method>;
  url: string;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}
export type Transport = (request: Sent) => Promise<unknown>;

/** The URL of a route: `{name}` segments filled (encoded), query parameters appended (undefined left out). */
export function routeUrl(route: string, request: { path?: object; query?: object } = {}): string {
  const params = (request.path ?? {}) as Record<string, string | number>;
  const url = route.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query ?? {}) as [string, unknown][]) {
    if (value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value])
      search.append(name, typeof one === 'object' ? JSON.stringify(one) : String(one));
  }
  const qs = search.toString();
  return qs ? `${url}?${qs}` : url;
}

function caller<M extends Method>(send: Transport, method: M) {
  return <P extends RouteOf<M>>(route: P, ...[request]: Args<P, M>): Promise<Answer<P, M>> => {
    const r = (request ?? {}) as {
      path?: object;
      query?: object;
      body?: unknown;
      signal?: AbortSignal;
      headers?: Record<string, string>;
    };
    return send({
      method: method.toUpperCase() as Uppercase<M>,
      url: routeUrl(route, r),
      ...(r.body !== undefined ? { body: r.body } : {}),
      ...(r.signal ? { signal: r.signal } : {}),
      ...(r.headers ? { headers: r.headers } : {}),
    }) as Promise<Answer<P, M>>;
  };
}

/** The typed client over an app's transport. */
export function createApi(send: Transport) {
  return {
    get: caller(send, 'get'),
    post: caller(send, 'post'),
    put: caller(send, 'put'),
    patch: caller(send, 'patch'),
    delete: caller(send, 'delete'),
  };
}
export type Api = ReturnType<typeof createApi>;

/**
 * A react-query key for a GET route: the route first, then its parameters, so invalidating
 * `queryKey(route)` reaches every parameter set of that route and the key names what it caches.
 */
export function queryKey<P extends RouteOf<'get'>>(
  route: P,
  request?: Omit<Request<P, 'get'>, 'signal' | 'headers' | 'body'>,
) {
  return request ? ([route, request] as const) : ([route] as const);
}
