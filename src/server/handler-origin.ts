// Who may call the handler: the page's own origin, and the origins the app lists. Another site's page
// (or its <img>, <script> or form) never gets to spend the account's quota.

/** The handler's decision about a request's origin. */
export type OriginDecision =
  /** No other origin involved: a same-origin fetch, a navigation, a server-to-server call. */
  | { allowed: true; crossOrigin: undefined }
  /** Another origin, listed in `allowedOrigins`: answered with CORS headers for it. */
  | { allowed: true; crossOrigin: string }
  | { allowed: false; crossOrigin: undefined };

/** `scheme://host[:port]` of `value`, or `null` when it is not an absolute URL (`null` origins included). */
function originOf(value: string): string | null {
  try {
    const { origin } = new URL(value);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The origins the request itself was addressed to: the URL's, and the `Host` and `X-Forwarded-Host` it
 * came with (behind a proxy, the URL may name the proxy's upstream). A browser page cannot set these
 * headers on another site's request without a preflight, which this handler refuses first.
 */
function ownOrigins(request: Request, url: URL): Set<string> {
  const own = new Set([url.origin]);
  for (const name of ['host', 'x-forwarded-host']) {
    const host = request.headers.get(name)?.split(',')[0]?.trim();
    if (!host) continue;
    for (const protocol of ['http:', 'https:']) {
      const origin = originOf(`${protocol}//${host}`);
      if (origin) own.add(origin);
    }
  }
  return own;
}

/** Decides whether `request` may be answered, by its `Origin` and `Sec-Fetch-Site` headers. */
export function decideOrigin(request: Request, url: URL, allowedOrigins: readonly string[]): OriginDecision {
  const header = request.headers.get('origin');
  const site = request.headers.get('sec-fetch-site')?.toLowerCase();
  const origin = header === null ? null : originOf(header);
  const listed = origin !== null && (allowedOrigins.includes('*') || allowedOrigins.some((allowed) => originOf(allowed) === origin));
  const foreign: OriginDecision = listed && origin !== null ? { allowed: true, crossOrigin: origin } : { allowed: false, crossOrigin: undefined };
  // A current browser says where a request comes from, and no page can forge it: `same-origin`, or `none`
  // (typed in, a bookmark) is the page's own; `same-site` and `cross-site` are other origins.
  if (site === 'same-origin' || site === 'none') return { allowed: true, crossOrigin: undefined };
  if (site !== undefined) return foreign;
  // No Sec-Fetch-Site: an older browser, or not a browser. Then the Origin header, when there is one.
  if (header === null) return { allowed: true, crossOrigin: undefined };
  if (origin !== null && ownOrigins(request, url).has(origin)) return { allowed: true, crossOrigin: undefined };
  return foreign;
}

/** `host[:port]` of a Host-like header value, lower-cased, or `null` when it is not one. */
function hostOf(value: string): { hostname: string; host: string } | null {
  try {
    const { hostname, host } = new URL(`http://${value.trim()}`);
    return hostname ? { hostname, host } : null;
  } catch {
    return null;
  }
}

/**
 * Whether every host the request names (its URL's, `Host`, each `X-Forwarded-Host`) is one the handler
 * answers for. An entry with a port matches that host and port; one without, that host on any port; one
 * that starts with a dot, that domain and its subdomains (`.example.com`), as Vite's `allowedHosts`. A
 * page reached through a DNS name of the attacker's (DNS rebinding) names its own host, and may add an
 * `X-Forwarded-Host` of its choosing to a same-origin request: every host named must be allowed.
 */
export function hostAllowed(request: Request, url: URL, allowedHosts: readonly string[]): boolean {
  const named = [url.host, request.headers.get('host'), ...(request.headers.get('x-forwarded-host')?.split(',') ?? [])];
  const allowed = allowedHosts.map((entry) => entry.trim().toLowerCase());
  return named.every((value) => {
    if (value === null || value.trim() === '') return true;
    const host = hostOf(value);
    if (!host) return false;
    return allowed.some((entry) => {
      if (entry.startsWith('.')) return host.hostname === entry.slice(1) || host.hostname.endsWith(entry);
      return entry.includes(':') && !entry.endsWith(']') ? host.host === entry : host.hostname === entry;
    });
  });
}
