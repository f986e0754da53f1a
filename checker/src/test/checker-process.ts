// A checker process of a test fleet: the scheduler on PostgreSQL with its settings in CHECKER_MEMBER (the
// test's schema, judge, interval), answering the test's questions (counters, stop) over the IPC channel. A
// test kills it with SIGKILL to see its claims lapse.
import { createExitCredentialOpener } from 'gateway/exit-credential-opener';
import { loadExitCredentialsKey } from 'gateway/exit-credentials';
import { createJsonLogger } from 'gateway/logger';
import { createPgAdapter } from 'gateway/pg-adapter';
import { startScheduler, type SchedulerOptions } from '../scheduler.ts';

interface MemberSettings {
  url: string;
  schema: string;
  credentialsKey: string;
  scheduler: Pick<SchedulerOptions, 'judgeUrl' | 'timeouts' | 'policy' | 'concurrency' | 'hostConcurrency' | 'pollMs' | 'instance'>;
}

const settings = JSON.parse(process.env.CHECKER_MEMBER ?? '{}') as MemberSettings;
const adapter = createPgAdapter({ url: settings.url, schema: settings.schema, poolSize: 8 });
const credentials = createExitCredentialOpener(await loadExitCredentialsKey(adapter, settings.credentialsKey));
const scheduler = startScheduler({ ...settings.scheduler, adapter, credentials, log: createJsonLogger('silent') });

process.on('message', (message: { id: number; op: string }) => {
  const answer = (result: unknown) => process.send?.({ id: message.id, result });
  switch (message.op) {
    case 'ready':
      return answer(true);
    case 'counters':
      return answer(scheduler.counters());
    case 'stop':
      void scheduler
        .stop()
        .then(() => adapter.close())
        .then(() => answer(true), (error: unknown) => process.send?.({ id: message.id, error: String(error) }));
      return undefined;
    default:
      return process.send?.({ id: message.id, error: `unknown op ${message.op}` });
  }
});
