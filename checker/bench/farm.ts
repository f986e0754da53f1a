// The benchmark's upstreams, in a process of their own: a SOCKS5 server (the checker's test upstream) on each
// live endpoint and a silent one on each black-holed endpoint. Tells the parent over IPC when all listen.
import { startUpstream, type TestUpstream } from '../src/test/checker-kit.ts';
import { benchEndpoints } from './endpoints.ts';

const upstreams: TestUpstream[] = [];
for (const endpoint of benchEndpoints(Number(process.env.BENCH_ENDPOINTS) || undefined)) {
  if (endpoint.kind === 'refused') continue;
  upstreams.push(await startUpstream({ host: endpoint.host, port: endpoint.port, behaviour: endpoint.kind === 'live' ? 'socks5' : 'black-hole' }));
}
process.send?.({ ready: upstreams.length });
process.on('message', () => {
  void Promise.all(upstreams.map((upstream) => upstream.close())).then(() => process.exit(0));
});
