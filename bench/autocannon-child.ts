/**
 * One autocannon load in a process of its own (bench/run.ts and bench/read-path-parts.ts start
 * it), so its work never sits on the measured server's event loop. Reads its options as JSON from
 * argv[2] and prints autocannon's result as JSON. `bodies`: the request bodies to go through in
 * turn, one per request (a login per account); `paths`: likewise the paths (several routes in one
 * trickle).
 */
import autocannon from 'autocannon';
import type { LoadOptions } from './measure';

interface ChildOptions extends LoadOptions {
  url: string;
}

const options = JSON.parse(process.argv[2]!) as ChildOptions;
const { bodies, paths } = options;
let next = 0;
const rotating = Boolean(bodies?.length || paths?.length);
const result = await autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.duration,
  ...(options.overallRate && { overallRate: options.overallRate }),
  method: options.method ?? 'GET',
  headers: { ...(bodies?.length && { 'content-type': 'application/json' }), ...options.headers },
  ...(rotating && {
    requests: [
      {
        setupRequest: (request) => {
          const i = next++;
          return {
            ...request,
            ...(paths?.length && { path: paths[i % paths.length] }),
            ...(bodies?.length && { body: bodies[i % bodies.length] }),
          };
        },
      },
    ],
  }),
});
process.stdout.write(JSON.stringify(result));
