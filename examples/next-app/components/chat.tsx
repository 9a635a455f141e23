'use client';

import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, type UIMessage } from 'ai';
import { type FormEvent, useState } from 'react';
import type { ChatMetadata } from '../lib/wire-step';
import { StepTable } from './step-table';

type ChatMessage = UIMessage<ChatMetadata>;

/** useChat against a route handler; the chat id travels in the body and becomes conversationId. */
export function Chat({ api }: { api: string }) {
  const [transport] = useState(() => new DefaultChatTransport<ChatMessage>({ api }));
  const { messages, sendMessage, status, error } = useChat<ChatMessage>({ transport });
  const [input, setInput] = useState('');
  const busy = status === 'submitted' || status === 'streaming';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!input.trim() || busy) return;
    void sendMessage({ text: input });
    setInput('');
  };

  return (
    <section data-testid="chat" data-status={status}>
      <h2>Chat (route handler, {api})</h2>
      {messages.map((message) => (
        <div key={message.id} className="message" data-testid={`message-${message.role}`}>
          <div className="role">{message.role}</div>
          {message.parts.map((part, i) => {
            const key = `${message.id}-${i}`;
            if (part.type === 'text') {
              return (
                <p key={key} className="answer" data-testid="message-text">
                  {part.text}
                </p>
              );
            }
            if (part.type.startsWith('tool-') && 'toolCallId' in part) {
              return (
                <div key={key} className="tool" data-testid="tool-call">
                  {part.type.slice(5)}({JSON.stringify(part.input)}) {'→'} {part.state}
                </div>
              );
            }
            return null;
          })}
          {message.role === 'assistant' && <StepTable steps={message.metadata?.steps ?? []} />}
        </div>
      ))}
      {error && <p className="error">{error.message}</p>}
      <form onSubmit={onSubmit}>
        <input
          type="text"
          aria-label="Chat message"
          value={input}
          placeholder="Find three facts about WebSockets #tools=3"
          onChange={(event) => setInput(event.target.value)}
        />
        <button type="submit" disabled={busy}>
          Send
        </button>
      </form>
    </section>
  );
}
