import { Fragment } from 'react';

/**
 * A proxy string (`login:pass@host:port`, `socks5://…`) that may wrap only after its `@` or `//`, never
 * inside the login, the password or the address: a narrow screen shows it on two whole lines.
 */
export function ProxyText({ text }: { text: string }) {
  const parts = text.split(/(?<=@|\/\/)/);
  return (
    <span style={{ whiteSpace: 'normal', overflowWrap: 'normal', wordBreak: 'keep-all' }}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          <span style={{ whiteSpace: 'nowrap' }}>{part}</span>
        </Fragment>
      ))}
    </span>
  );
}
