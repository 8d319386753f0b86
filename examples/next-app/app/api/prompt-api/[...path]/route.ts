// The key-on-server proxy: the browser's client calls /api/prompt-api/... with no key; this route adds
// it and forwards GET requests to the service, status, body and the headers the client reads.
const FORWARDED = ['content-type', 'retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

export async function GET(request: Request, { params }: { params: Promise<{ path: string[] }> }) {
  const { path } = await params;
  // Only the API's routes get the key: prompts, prompts/<id>, composers, composers/<id>. Any other path
  // answers 404 without reaching the service; `..` (from `%2e%2e`) would climb out of the API.
  const [collection, id] = path;
  if (!['prompts', 'composers'].includes(collection) || path.length > 2 || id === '.' || id === '..') {
    return Response.json({ error: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
  }
  const upstream = process.env.PROMPT_API_URL;
  if (!upstream) return Response.json({ error: 'Proxy not configured', code: 'INTERNAL_ERROR' }, { status: 500 });
  const url = `${upstream}/${path.map(encodeURIComponent).join('/')}${new URL(request.url).search}`;
  try {
    const response = await fetch(url, {
      headers: { Authorization: `Bearer ${process.env.PROMPT_API_KEY}` },
      signal: AbortSignal.timeout(10_000),
      cache: 'no-store',
    });
    const headers = new Headers();
    for (const name of FORWARDED) {
      const value = response.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    return new Response(await response.arrayBuffer(), { status: response.status, headers });
  } catch {
    return Response.json({ error: 'The prompt service did not answer', code: 'INTERNAL_ERROR' }, { status: 502 });
  }
}
