import { AgentAction } from '../components/agent-action';
import { Chat } from '../components/chat';
import { RuntimeChecks } from '../components/runtime-checks';

// Reads the mode at request time: the same build can run against the mock or OpenAI.
export const dynamic = 'force-dynamic';

type PageProps = { searchParams: Promise<{ via?: string }> };

export default async function Page({ searchParams }: PageProps) {
  const { via } = await searchParams;
  const viaEdge = via === 'edge';
  const mode = process.env.OPENAI_API_KEY ? 'OpenAI' : 'the bundled mock server';
  return (
    <main>
      <h1>ai-sdk-openai-ws + Next.js</h1>
      <p className="note">
        Model calls go to <strong>{mode}</strong>. Each assistant message lists its steps: the first
        goes out with the full history, later ones as deltas on the same socket.
        {mode !== 'OpenAI' &&
          ' With the mock, #tools=N in a message makes the model call the lookup tool N times for that message, then answer.'}
      </p>
      <nav>
        Chat route: {viaEdge ? <a href="/">Node route</a> : <strong>Node route (/api/chat)</strong>}{' '}
        ·{' '}
        {viaEdge ? (
          <strong>Edge → Node (/api/edge-chat)</strong>
        ) : (
          <a href="/?via=edge">Edge → Node</a>
        )}
      </nav>
      <Chat key={viaEdge ? 'edge' : 'node'} api={viaEdge ? '/api/edge-chat' : '/api/chat'} />
      <AgentAction />
      <RuntimeChecks />
    </main>
  );
}
