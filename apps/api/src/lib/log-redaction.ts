import type { FastifyRequest } from 'fastify';

/** Query values that are secrets in flight: the provider callback's code and state, any token. */
const SECRET_QUERY_KEYS = new Set(['code', 'state', 'token', 'id_token', 'access_token']);
/** Paths that carry a secret as a segment (SPEC.md's form of the e-mail code check). */
const SECRET_PATHS: RegExp[] = [/(\/user\/email\/verify\/check\/)[^/?#]+/];

/** The URL as it may appear in a log line: secrets replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let pathPart = queryAt === -1 ? url : url.slice(0, queryAt);
  for (const pattern of SECRET_PATHS) pathPart = pathPart.replace(pattern, '$1[redacted]');
  if (queryAt === -1) return pathPart;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = decodeURIComponentSafe(eq === -1 ? pair : pair.slice(0, eq));
      return eq !== -1 && SECRET_QUERY_KEYS.has(key.toLowerCase()) ? `${pair.slice(0, eq)}=[redacted]` : pair;
    })
    .join('&');
  return `${pathPart}?${query}`;
}

function decodeURIComponentSafe(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** pino's request serializer with the URL redacted (fastify's fields otherwise). */
export function redactedRequest(request: FastifyRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: Array.isArray(version) ? version.join(', ') : version,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
