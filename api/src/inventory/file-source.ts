// The `file` source: the exits of an operator's import file (already read and checked by exit-lines.ts).
// Its name is the one the operator gives (`file` unless told otherwise), so several lists can be kept and
// synced apart (`import --sync provider-a`).
import type { ParsedExit } from './exit-lines.ts';
import type { DeclaredType } from './exit-types.ts';
import type { ProxySource, SourceExit } from './proxy-source.ts';

export class FileProxySource implements ProxySource {
  readonly name: string;
  readonly #exits: readonly ParsedExit[];
  readonly #defaultType: DeclaredType;

  constructor(name: string, exits: readonly ParsedExit[], defaultType: DeclaredType) {
    this.name = name;
    this.#exits = exits;
    this.#defaultType = defaultType;
  }

  *batches(batchSize: number): Generator<SourceExit[]> {
    for (let start = 0; start < this.#exits.length; start += batchSize) {
      yield this.#exits.slice(start, start + batchSize).map((exit) => ({
        endpoint: { kind: 'socks5', host: exit.host, port: exit.port, login: exit.login, password: exit.password },
        declaredType: exit.declaredType ?? this.#defaultType,
        priceCents: exit.priceCents,
        label: exit.label,
        country: exit.country,
      }));
    }
  }
}
