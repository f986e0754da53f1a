// The benchmark's destination, in a process of its own: a client sends an 8-byte big-endian length and
// receives that many bytes, then the end of the stream. Length 0: nothing is sent and the connection is
// held open (idle connections). Writes reuse one buffer, so the target costs as little as possible.
import { createServer } from 'node:net';

const port = Number(process.argv[2] ?? 0);
const CHUNK = Buffer.alloc(256 * 1024, 0x61);

const server = createServer({ noDelay: true }, (socket) => {
  socket.on('error', () => {});
  let header = Buffer.alloc(0);
  const onData = (chunk: Buffer) => {
    header = Buffer.concat([header, chunk]);
    if (header.length < 8) return;
    socket.removeListener('data', onData);
    let remaining = Number(header.readBigUInt64BE(0));
    if (remaining === 0) return;
    const pump = () => {
      while (remaining > 0) {
        const piece = remaining >= CHUNK.length ? CHUNK : CHUNK.subarray(0, remaining);
        remaining -= piece.length;
        if (!socket.write(piece)) return void socket.once('drain', pump);
      }
      socket.end();
    };
    pump();
  };
  socket.on('data', onData);
});
server.listen({ host: '127.0.0.1', port, backlog: 4096 }, () => {
  process.send?.({ port: (server.address() as { port: number }).port });
});
