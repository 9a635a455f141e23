'use client';

import { type FormEvent, useState, useTransition } from 'react';
import { type AgentResult, runAgent } from '../app/actions';
import { StepTable } from './step-table';

/** Calls the `runAgent` server action: generateText with a tool loop, on the Node server. */
export function AgentAction() {
  const [input, setInput] = useState('');
  const [result, setResult] = useState<AgentResult | undefined>();
  const [pending, startTransition] = useTransition();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    startTransition(async () => setResult(await runAgent(input)));
  };

  return (
    <section data-testid="agent-action" data-pending={String(pending)}>
      <h2>Server action (generateText)</h2>
      <form onSubmit={onSubmit}>
        <input
          type="text"
          aria-label="Agent task"
          value={input}
          placeholder="Plan a trip in two lookups #tools=2"
          onChange={(event) => setInput(event.target.value)}
        />
        <button type="submit" disabled={pending}>
          Run agent
        </button>
      </form>
      {result?.ok === true && (
        <div data-testid="agent-result">
          <p className="answer" data-testid="agent-text">
            {result.text}
          </p>
          <StepTable steps={result.steps} />
        </div>
      )}
      {result?.ok === false && <p className="error">{result.error}</p>}
    </section>
  );
}
