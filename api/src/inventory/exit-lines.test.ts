// Reading an operator's list of exits: every form providers hand out, CSV with a header, and every way a line
// can be wrong, each with its line number and a reason that never repeats what the line said.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseEndpoint, parseExitFile, splitFields } from './exit-lines.ts';

const text = (lines: string[]) => Buffer.from(lines.join('\n'));

describe('exit lines', () => {
  it('reads every accepted form, with optional type, price and label', async () => {
    const parsed = await parseExitFile(
      text([
        '203.0.113.1:1080',
        '203.0.113.2:1080:user:pass',
        'user:pass@Proxy.Example.COM:8000',
        'socks5://user:pa%40ss@203.0.113.3:1080',
        'socks5h://203.0.113.4:1080/',
        '[2001:DB8:0:0::1]:1080',
        '[2001:db8::2]:1080:user:pa:ss',
        'user:pass@[2001:db8::3]:1080',
        '203.0.113.5:1080:user:pass,Mobile LTE,150,"label, with comma"',
        '203.0.113.6:1080,dc,,',
        '203.0.113.7:1080,,,only a label',
      ]),
    );
    assert.deepEqual(parsed.errors, []);
    assert.deepEqual(
      parsed.exits.map((e) => [e.host, e.port, e.login, e.password, e.declaredType, e.priceCents, e.label]),
      [
        ['203.0.113.1', 1080, null, null, null, null, ''],
        ['203.0.113.2', 1080, 'user', 'pass', null, null, ''],
        ['proxy.example.com', 8000, 'user', 'pass', null, null, ''],
        ['203.0.113.3', 1080, 'user', 'pa@ss', null, null, ''],
        ['203.0.113.4', 1080, null, null, null, null, ''],
        ['2001:db8::1', 1080, null, null, null, null, ''],
        ['2001:db8::2', 1080, 'user', 'pa:ss', null, null, ''],
        ['2001:db8::3', 1080, 'user', 'pass', null, null, ''],
        ['203.0.113.5', 1080, 'user', 'pass', 'mobile', 150, 'label, with comma'],
        ['203.0.113.6', 1080, null, null, 'datacenter', null, ''],
        ['203.0.113.7', 1080, null, null, null, null, 'only a label'],
      ],
    );
    assert.equal(parsed.lines, 11);
  });

  it('reads CSV with a header in any column order, skipping blank and comment lines, a BOM and CRLF endings', async () => {
    const parsed = await parseExitFile(
      Buffer.from('\ufeff# exported from the provider\r\ntype,Host,PORT,user,pass,country,label,price_cents\r\n\r\nresidential,203.0.113.9,1080,u1,"p,1",us,"a ""quoted"" label",99\r\nmobile,2001:db8::9,1081,,,GB,,\r\n'),
    );
    assert.equal(parsed.fileError, null);
    assert.deepEqual(parsed.errors, []);
    assert.deepEqual(
      parsed.exits.map((e) => [e.line, e.host, e.port, e.login, e.password, e.declaredType, e.priceCents, e.label, e.country]),
      [
        [4, '203.0.113.9', 1080, 'u1', 'p,1', 'residential', 99, 'a "quoted" label', 'US'],
        [5, '2001:db8::9', 1081, null, null, 'mobile', null, '', 'GB'],
      ],
    );
    const proxyColumn = await parseExitFile(text(['proxy,type', 'socks5://a:b@203.0.113.10:1080,datacenter']));
    assert.deepEqual(proxyColumn.exits.map((e) => [e.host, e.login]), [['203.0.113.10', 'a']]);
  });

  it('reports each bad line by number and reason', async () => {
    const long = 'x'.repeat(256);
    const cases: [string, string][] = [
      ['203.0.113.1', 'the port is missing'],
      ['203.0.113.1:', 'the port is missing'],
      ['203.0.113.1:abc', 'the port is not a number'],
      ['203.0.113.1:0', 'the port is out of range (1-65535)'],
      ['203.0.113.1:65536', 'the port is out of range (1-65535)'],
      ['203.0.113.1:1080:user', 'expected host:port or host:port:login:password'],
      ['999.1.1.1:1080', 'not a valid IPv4 address'],
      ['bad_host!:1080', 'not a valid host name or address'],
      ['2001:db8::1:1080', 'IPv6 addresses go in brackets: [2001:db8::1]:1080'],
      ['[2001:db8::1:1080', 'an IPv6 address is missing its closing bracket'],
      ['[not-v6]:1080', 'not a valid IPv6 address'],
      ['http://203.0.113.1:8080', 'only socks5:// and socks5h:// exits can be imported'],
      ['socks5://203.0.113.1:1080/path', 'a proxy URL has no path, query or fragment'],
      ['socks5://user@203.0.113.1:1080', 'a login needs its password (login:password@host:port)'],
      ['socks5://us%zzer:pw@203.0.113.1:1080', 'the credentials hold a broken %-escape'],
      [`203.0.113.1:1080:${long}:pw`, 'the login is longer than 255 bytes'],
      [`203.0.113.1:1080:user:${long}`, 'the password is longer than 255 bytes'],
      ['203.0.113.1:1080::pw', 'the login is empty'],
      ['user:@203.0.113.1:1080', 'the password is empty'],
      ['203.0.113.1:1080:üser:pw', 'the login may hold printable ASCII characters only, without spaces'],
      ['203.0.113.1:1080,satellite', 'unknown type (use mobile, residential or datacenter)'],
      ['203.0.113.1:1080,mobile,1.50', 'price_cents must be a whole number of cents from 1 to 100000'],
      ['203.0.113.1:1080,mobile,0', 'price_cents must be a whole number of cents from 1 to 100000'],
      ['203.0.113.1:1080,mobile,100001', 'price_cents must be a whole number of cents from 1 to 100000'],
      [`203.0.113.1:1080,mobile,,${'l'.repeat(201)}`, 'the label is longer than 200 characters'],
      ['203.0.113.1:1080,mobile,1,label,extra', 'too many fields (expected exit,type,price_cents,label)'],
      ['"203.0.113.1:1080', 'a quote is not closed'],
      ['203.0.113.1:1080\u0007', 'the line holds control characters'],
      ['x'.repeat(2049), 'the line is longer than 2048 bytes'],
    ];
    const parsed = await parseExitFile(text(cases.map(([line]) => line)));
    assert.deepEqual(
      parsed.errors,
      cases.map(([, reason], i) => ({ line: i + 1, reason })),
    );
    assert.equal(parsed.exits.length, 0);
    assert.equal(parsed.lines, cases.length);
  });

  it('a line that is not UTF-8 is a bad line; a NUL byte makes the whole file binary', async () => {
    const broken = await parseExitFile(Buffer.concat([Buffer.from('203.0.113.1:1080\n203.0.113.2:1080,'), Buffer.from([0xff, 0xfe]), Buffer.from('\n203.0.113.3:1080\n')]));
    assert.deepEqual(broken.errors, [{ line: 2, reason: 'the line is not UTF-8 text' }]);
    assert.equal(broken.exits.length, 2);
    const binary = await parseExitFile(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]));
    assert.equal(binary.fileError, 'this is a binary file, not a list of exits (a NUL byte on line 1)');
    assert.deepEqual([binary.exits, binary.errors], [[], []]);
  });

  it('a repeated exit is skipped when identical and an error when its values differ; another login is another exit', async () => {
    const parsed = await parseExitFile(
      text([
        '203.0.113.1:1080:user:pass',
        'user:pass@203.0.113.1:1080',
        '203.0.113.1:1080:user:other',
        '203.0.113.1:1080:user2:pass',
        '203.0.113.1:1080',
      ]),
    );
    assert.deepEqual(parsed.duplicates, [{ line: 2, of: 1 }]);
    assert.deepEqual(parsed.errors, [{ line: 3, reason: 'the same exit (host, port and login) as line 1, with other values' }]);
    assert.deepEqual(parsed.exits.map((e) => e.line), [1, 4, 5]);
  });

  it('refuses a header with an unknown or repeated column, or without host and port', async () => {
    for (const [header, error] of [
      ['host,port,colour', 'line 1: unknown column 3 in the header (known: proxy, host, port, login, password, type, price_cents, label, country)'],
      ['host,port,host', 'line 1: the header names host twice'],
      ['host,type', 'line 1: the header needs both host and port'],
      ['proxy,host,port', 'line 1: the header has proxy and host/port: use one or the other'],
      ['host,port,login', 'line 1: the header needs both login and password, or neither'],
    ]) {
      const parsed = await parseExitFile(text([header!, '203.0.113.1,1080,x']));
      assert.equal(parsed.fileError, error);
    }
    const wrongWidth = await parseExitFile(text(['host,port,type', '203.0.113.1,1080']));
    assert.deepEqual(wrongWidth.errors, [{ line: 2, reason: 'expected 3 fields as in the header, found 2' }]);
  });

  it('never repeats a line\'s content in a reason', async () => {
    const secret = 'Zq9-Secret';
    const lines = [
      `203.0.113.1:1080:user:${secret},${secret}`,
      `203.0.113.1:1080:user:pa,${secret},1`,
      `203.0.113.1:1080:user:pa,mobile,${secret}`,
      `${secret}@203.0.113.1`,
      `socks5://${secret}@203.0.113.1:1080`,
      `${secret}!:1080`,
      `203.0.113.1:${secret}`,
      `"${secret}`,
    ];
    const parsed = await parseExitFile(text(lines));
    assert.equal(parsed.errors.length, lines.length);
    for (const problem of parsed.errors) assert.ok(!problem.reason.includes(secret), problem.reason);
  });

  it('splits fields the CSV way and reads endpoints alone', () => {
    assert.deepEqual(splitFields(' a , "b,c" ,"d ""e""" , '), ['a', 'b,c', 'd "e"', '']);
    assert.deepEqual(parseEndpoint('socks5://[::1]:9050'), { host: '::1', port: 9050, login: null, password: null });
  });
});
