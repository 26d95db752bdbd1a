/**
 * Where ComfyUI lives. The configured URL may carry a path prefix (reverse proxy), basic-auth
 * credentials (nginx/Caddy in front, comfyui-protocol.md section 10) and query parameters such as a
 * login token; fetch refuses URLs with credentials, so those become a header for both HTTP and WS.
 */
export class ComfyUiEndpoint {
  readonly headers: Record<string, string> = {};
  private readonly base: URL;
  /** Path prefix without its trailing slash ('' at the root; a URL's pathname is never empty). */
  private readonly prefix: string;

  constructor(url: string) {
    const base = new URL(url);
    if (base.username || base.password) {
      const user = decodeURIComponent(base.username);
      const password = decodeURIComponent(base.password);
      this.headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
      base.username = '';
      base.password = '';
    }
    this.prefix = base.pathname.replace(/\/+$/, '');
    this.base = base;
  }

  http(route: string, query: Record<string, string> = {}): URL {
    const url = new URL(this.base.href);
    url.pathname = `${this.prefix}${route}`;
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return url;
  }

  socket(clientId: string): URL {
    const url = this.http('/ws', { clientId });
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    return url;
  }

  /** For logs: never the credentials. */
  toString(): string {
    return `${this.base.origin}${this.prefix}`;
  }
}
