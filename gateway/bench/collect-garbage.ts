// Loaded with --import into the standalone gateway's primary, and so into its workers (a forked process
// inherits the flags): the benchmark asks every process of a contender for a full collection before it reads
// its memory, so the workers' figure counts live objects only, as the single-process contenders' does.
// Connects to the socket named by BENCH_GC_SOCKET, says its pid, and answers each line it is sent with a
// collection (the process runs with --expose-gc) and a line back. The socket keeps nobody alive.
import { connect } from 'node:net';

const path = process.env.BENCH_GC_SOCKET;
if (path) {
  const socket = connect(path);
  socket.unref();
  socket.on('error', () => {});
  socket.write(`${process.pid}\n`);
  socket.on('data', (chunk: Buffer) => {
    for (const byte of chunk) {
      if (byte !== 0x0a) continue;
      (globalThis as { gc?: () => void }).gc?.();
      socket.write('done\n');
    }
  });
}
