// A gateway process of a test fleet (fleet-kit.ts): started by a test with its settings in FLEET_MEMBER,
// answering the test's questions (ready, ports, counters, close) over the IPC channel.
import { startGateway } from '../gateway.ts';
import { createPgAdapter } from '../pg-adapter.ts';

const settings = JSON.parse(process.env.FLEET_MEMBER ?? '{}');
const adapter = createPgAdapter({ url: settings.url, schema: settings.schema });
const gateway = await startGateway({
  config: settings.config,
  adapter,
  limits: 'shared',
  redisPrefix: settings.redisPrefix,
  ...(settings.limitTimings ? { limitTimings: settings.limitTimings } : {}),
});

process.on('message', (message: { id: number; op: string }) => {
  const answer = (result: unknown) => process.send?.({ id: message.id, result });
  switch (message.op) {
    case 'ready':
      return answer(true);
    case 'ports':
      return answer(gateway.listeningPorts());
    case 'counters':
      return answer(gateway.counters());
    case 'close':
      void gateway
        .close()
        .then(() => adapter.close())
        .then(() => answer(true), (error: unknown) => process.send?.({ id: message.id, error: String(error) }));
      return undefined;
    default:
      return process.send?.({ id: message.id, error: `unknown op ${message.op}` });
  }
});
