import { historyFixture } from 'test-kit/history-fixture';
import { csvField, exportFileName, exportProxies } from './export-formats';

const items = [
  historyFixture({ history_id: '7', proxy: '198.18.0.1:20001', socks_auth: 'abcde:fgh12', price: 0.6 }),
  historyFixture({ history_id: '8', proxy: '198.18.9.9:1080', socks_auth: 'Login1:Pass22', city: 'Fort Worth, West', price: 1.25, renew: 1 }),
];

describe('proxy export', () => {
  it('writes login:pass@host:port a line', () => {
    expect(exportProxies(items, 'auth-at-host')).toBe('abcde:fgh12@198.18.0.1:20001\nLogin1:Pass22@198.18.9.9:1080');
  });

  it('writes host:port:login:pass a line', () => {
    expect(exportProxies(items, 'host-then-auth')).toBe('198.18.0.1:20001:abcde:fgh12\n198.18.9.9:1080:Login1:Pass22');
  });

  it('writes CSV with a header, quoting fields that need it', () => {
    const lines = exportProxies(items, 'csv').split('\r\n');
    expect(lines[0]).toBe('history_id,host,port,login,password,real_ip,country,region,city,zip,isp,type,online,paid,renew,price,bought,expires');
    expect(lines[1]).toBe(
      `7,198.18.0.1,20001,abcde,fgh12,198.18.0.1,United States,Texas,Austin,78701,Comcast Cable,ISP,1,1,0,0.60,${items[0]?.added_timestamp},${items[0]?.expires_at}`,
    );
    expect(lines[2]).toContain(',"Fort Worth, West",');
    expect(lines[2]).toContain(',1,1,1,1.25,');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
  });

  it('quotes and defuses CSV fields', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField(-1)).toBe('-1');
  });

  it('names the file by date and format', () => {
    const date = new Date('2026-05-02T10:00:00Z');
    expect(exportFileName('csv', date)).toBe('proxies-2026-05-02.csv');
    expect(exportFileName('auth-at-host', date)).toBe('proxies-2026-05-02.txt');
  });
});
