// The supported pattern for edge: an edge route that keeps its own concerns (auth, geo, rate
// limits, ...) and forwards the model work to a Node.js route, where the provider can open
// WebSockets with an Authorization header. The stream is passed through untouched.
export const runtime = 'edge';

export async function POST(request: Request): Promise<Response> {
  // NODE_CHAT_URL lets a deployment point at the Node route explicitly (behind a proxy the
  // request URL's host may not reach this server); by default it is this app's /api/chat.
  const target = process.env.NODE_CHAT_URL ?? new URL('/api/chat', request.url).toString();
  const upstream = await fetch(target, {
    method: 'POST',
    headers: {
      'content-type': request.headers.get('content-type') ?? 'application/json',
      'x-forwarded-by': 'edge-chat',
    },
    body: await request.text(),
    // Closing the browser tab aborts the Node route too, which closes that call's socket.
    signal: request.signal,
  });
  const headers = new Headers(upstream.headers);
  headers.set('x-served-via', 'edge-to-node');
  return new Response(upstream.body, { status: upstream.status, headers });
}
