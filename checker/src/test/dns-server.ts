// A DNS server on loopback (UDP) for the lookups' tests: answers A and PTR questions from a handler the test
// changes as it goes, counts the questions, and can stay silent (a timeout) or answer with an error code.
import { createSocket, type Socket } from 'node:dgram';

export type DnsAnswer =
  | { kind: 'answers'; records: { type: 'A' | 'PTR'; data: string; ttl: number }[] }
  | { kind: 'nxdomain' }
  | { kind: 'servfail' }
  | { kind: 'silent' };

export interface TestDnsServer {
  readonly address: string;
  /** Questions asked, by name (lower case). */
  readonly asked: Map<string, number>;
  handle(handler: (name: string, type: 'A' | 'PTR' | 'other') => DnsAnswer): void;
  close(): Promise<void>;
}

function readName(message: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let at = offset;
  while (message[at]! > 0) {
    const length = message[at]!;
    labels.push(message.subarray(at + 1, at + 1 + length).toString('ascii'));
    at += length + 1;
  }
  return { name: labels.join('.').toLowerCase(), end: at + 1 };
}

function encodeName(name: string): Buffer {
  return Buffer.concat([...name.split('.').filter(Boolean).map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label, 'ascii')])), Buffer.from([0])]);
}

export async function startTestDnsServer(port: number): Promise<TestDnsServer> {
  const socket: Socket = createSocket('udp4');
  const asked = new Map<string, number>();
  let handler: (name: string, type: 'A' | 'PTR' | 'other') => DnsAnswer = () => ({ kind: 'nxdomain' });
  socket.on('message', (message, peer) => {
    if (message.length < 17) return;
    const { name, end } = readName(message, 12);
    const qtype = message.readUInt16BE(end);
    const type = qtype === 1 ? 'A' : qtype === 12 ? 'PTR' : 'other';
    asked.set(name, (asked.get(name) ?? 0) + 1);
    const answer = handler(name, type);
    if (answer.kind === 'silent') return;
    const question = message.subarray(12, end + 4);
    const rcode = answer.kind === 'nxdomain' ? 3 : answer.kind === 'servfail' ? 2 : 0;
    const records = answer.kind === 'answers' ? answer.records.filter((record) => record.type === type) : [];
    const header = Buffer.alloc(12);
    message.copy(header, 0, 0, 2);
    header.writeUInt16BE(0x8180 | rcode, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(records.length, 6);
    const bodies = records.map((record) => {
      const data = record.type === 'A' ? Buffer.from(record.data.split('.').map(Number)) : encodeName(record.data);
      const fixed = Buffer.alloc(12);
      fixed.writeUInt16BE(0xc00c, 0);
      fixed.writeUInt16BE(record.type === 'A' ? 1 : 12, 2);
      fixed.writeUInt16BE(1, 4);
      fixed.writeUInt32BE(record.ttl, 6);
      fixed.writeUInt16BE(data.length, 10);
      return Buffer.concat([fixed, data]);
    });
    socket.send(Buffer.concat([header, question, ...bodies]), peer.port, peer.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, '127.0.0.1', () => {
      socket.off('error', reject);
      resolve();
    });
  });
  return {
    address: `127.0.0.1:${port}`,
    asked,
    handle(next) {
      handler = next;
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
