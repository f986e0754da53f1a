declare module 'proxy-check' {
  /** Resolves true when the HTTP proxy accepted a CONNECT; rejects otherwise. */
  export default function proxyCheck(proxy: string | { host: string; port: number; proxyAuth?: string }): Promise<boolean>;
}
