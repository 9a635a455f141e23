import type { IdFactory } from './id-factory';
import { isRecord } from './items';
import { type PlannedCall, planToolCall } from './plan-tool-call';
import type { ScriptedOutput } from './types';

export type PlannedItem =
  | { type: 'reasoning'; id: string; summary: string[]; encryptedContent: string | null }
  | { type: 'message'; id: string; text: string; status: 'completed' | 'incomplete' }
  | PlannedCall;

/** A generated (not replayed) response: its items and how it ends. */
export type GeneratedPlan = {
  items: PlannedItem[];
  status: 'completed' | 'incomplete' | 'failed';
  incompleteReason: string | null;
  error: { code: string; message: string } | null;
};

/** A scripted output the mock generates itself (everything but a replay). */
export type GeneratedOutput = Exclude<ScriptedOutput, { replay: string }>;

/** Turn a scripted output into items with fresh ids. */
export function planOutput(
  output: GeneratedOutput,
  ids: IdFactory,
  body: Record<string, unknown>,
): GeneratedPlan {
  if ('status' in output && output.status === 'failed') {
    return {
      items: [],
      status: 'failed',
      incompleteReason: null,
      error: {
        code: output.code ?? 'server_error',
        message: output.message ?? 'The model failed to generate a response.',
      },
    };
  }
  if ('status' in output && output.status === 'incomplete') {
    const items: PlannedItem[] =
      output.text === undefined
        ? []
        : [{ type: 'message', id: ids.next('msg'), text: output.text, status: 'incomplete' }];
    return {
      items,
      status: 'incomplete',
      incompleteReason: output.reason ?? 'max_output_tokens',
      error: null,
    };
  }

  const items: PlannedItem[] = [];
  if ('reasoning' in output && output.reasoning) {
    const id = ids.next('rs');
    const summary = output.reasoning.summary === undefined ? [] : [output.reasoning.summary];
    items.push({
      type: 'reasoning',
      id,
      summary,
      encryptedContent: wantsEncryptedReasoning(body) ? fakeEncryptedContent(id, summary) : null,
    });
  }
  if ('text' in output && output.text !== undefined) {
    items.push({ type: 'message', id: ids.next('msg'), text: output.text, status: 'completed' });
  }
  if ('toolCalls' in output) {
    const usedApprovals = new Set<string>();
    for (const call of output.toolCalls) items.push(planToolCall(call, ids, body, usedApprovals));
  }
  return { items, status: 'completed', incompleteReason: null, error: null };
}

function wantsEncryptedReasoning(body: Record<string, unknown>): boolean {
  return Array.isArray(body.include) && body.include.includes('reasoning.encrypted_content');
}

/** Opaque like the real thing, but deterministic, so tests can compare resent items. */
function fakeEncryptedContent(id: string, summary: string[]): string {
  return `gAAAAmock_${Buffer.from(JSON.stringify({ id, summary })).toString('base64url')}`;
}

/** Whether a value is a usable scripted output (guards `enqueue` against typos at runtime). */
export function isScriptedOutput(value: unknown): value is ScriptedOutput {
  if (!isRecord(value)) return false;
  return (
    typeof value.text === 'string' ||
    Array.isArray(value.toolCalls) ||
    typeof value.replay === 'string' ||
    value.status === 'incomplete' ||
    value.status === 'failed'
  );
}
