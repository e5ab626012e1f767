/** True when an Accept-Encoding header takes gzip: the server keeps large answers gzipped once. */
export function acceptsGzip(acceptEncoding: string | string[] | undefined): boolean {
  return /\bgzip\b/.test(String(acceptEncoding ?? ''));
}
