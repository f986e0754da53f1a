// Writes a small MaxMind DB (format 2.0, IPv4 tree, 32-bit records) so tests read a real database file with
// the real reader: networks of the documentation and benchmarking blocks mapped to chosen records.
// Supported values: strings, whole numbers (uint32), floating numbers (double), maps, arrays.

type Value = string | number | Value[] | { [key: string]: Value };

function control(type: number, size: number): Buffer {
  const head: number[] = [];
  let sizeBits: number;
  const extra: number[] = [];
  if (size < 29) sizeBits = size;
  else if (size < 29 + 256) {
    sizeBits = 29;
    extra.push(size - 29);
  } else {
    sizeBits = 30;
    const rest = size - 285;
    extra.push(rest >> 8, rest & 0xff);
  }
  if (type <= 7) head.push((type << 5) | sizeBits);
  else head.push(sizeBits, type - 7);
  return Buffer.from([...head, ...extra]);
}

function encode(value: Value): Buffer {
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([control(2, bytes.length), bytes]);
  }
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value >= 0 && value <= 0xffffffff) {
      const bytes: number[] = [];
      for (let rest = value; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
      return Buffer.concat([control(6, bytes.length), Buffer.from(bytes)]);
    }
    const bytes = Buffer.alloc(8);
    bytes.writeDoubleBE(value);
    return Buffer.concat([control(3, 8), bytes]);
  }
  if (Array.isArray(value)) return Buffer.concat([control(11, value.length), ...value.map(encode)]);
  const entries = Object.entries(value);
  return Buffer.concat([control(7, entries.length), ...entries.flatMap(([key, item]) => [encode(key), encode(item)])]);
}

interface Node {
  children: [Node | number | null, Node | number | null];
}

/** `networks`: CIDR (IPv4) → record. Returns the database file's bytes. */
export function writeMmdb(databaseType: string, networks: Record<string, Record<string, Value>>): Buffer {
  const root: Node = { children: [null, null] };
  const data: Buffer[] = [];
  let dataLength = 0;
  for (const [cidr, record] of Object.entries(networks)) {
    const [address, bitsText] = cidr.split('/');
    const bits = Number(bitsText);
    const ip = address!.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
    const offset = dataLength;
    const bytes = encode(record);
    data.push(bytes);
    dataLength += bytes.length;
    let node = root;
    for (let depth = 0; depth < bits; depth += 1) {
      const bit = Math.floor(ip / 2 ** (31 - depth)) % 2;
      if (depth === bits - 1) node.children[bit] = offset;
      else {
        const next = node.children[bit];
        if (next === null || typeof next === 'number') node.children[bit] = { children: [null, null] };
        node = node.children[bit] as Node;
      }
    }
  }
  // Number the nodes breadth-first, then write each as two 32-bit records.
  const order: Node[] = [];
  for (let queue: Node[] = [root]; queue.length > 0; ) {
    const node = queue.shift()!;
    order.push(node);
    for (const child of node.children) if (child !== null && typeof child === 'object') queue.push(child);
  }
  const index = new Map(order.map((node, i) => [node, i]));
  const nodeCount = order.length;
  const tree = Buffer.alloc(nodeCount * 8);
  order.forEach((node, i) => {
    node.children.forEach((child, side) => {
      const value = child === null ? nodeCount : typeof child === 'number' ? nodeCount + 16 + child : index.get(child)!;
      tree.writeUInt32BE(value, i * 8 + side * 4);
    });
  });
  const metadata = encode({
    node_count: nodeCount,
    record_size: 32,
    ip_version: 4,
    database_type: databaseType,
    languages: ['en'],
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    build_epoch: Math.floor(Date.now() / 1000),
    description: { en: `test database ${databaseType}` },
  });
  const marker = Buffer.concat([Buffer.from([0xab, 0xcd, 0xef]), Buffer.from('MaxMind.com')]);
  return Buffer.concat([tree, Buffer.alloc(16), ...data, marker, metadata]);
}
