import type {
  CallOptions,
  Content,
  FinishReason,
  ProviderOptions,
  ResponseMetadata,
  StreamPart,
  Usage,
  Warning,
} from '../types';
import { findResponseId } from './chain/find-head';
import { recordHead } from './chain/record-head';
import { reusablePrefix } from './chain/reusable-prefix';
import { credentialScope } from './credential-scope';
import { collectContent } from './events/collect-content';
import type { ModelConfig } from './model-config';
import { buildRequest } from './request/build-request';
import { streamOverHttp } from './turn/http-turn';
import { type OpenTurn, openTurn, type TurnCall } from './turn/open-turn';
import { streamEvents } from './turn/stream-events';

export type NeutralStreamResult = {
  stream: ReadableStream<StreamPart>;
  request: { body: unknown };
  response?: { headers?: Record<string, string> };
};

export type NeutralGenerateResult = {
  content: Content[];
  finishReason: FinishReason;
  usage: Usage;
  providerMetadata: ProviderOptions | undefined;
  warnings: Warning[];
  request: { body: unknown };
  response: ResponseMetadata & { headers?: Record<string, string>; body?: unknown };
};

/**
 * The spec-neutral model: one implementation behind the V2, V3 and V4 adapters. It converts the
 * call, plans the turn (delta or full), runs it over a pooled socket (or HTTP), and maps the
 * events back, recording the new chain head before the caller sees the finish.
 */
export class ResponsesWebSocketModel {
  constructor(
    readonly modelId: string,
    private readonly config: ModelConfig,
  ) {}

  get provider(): string {
    return this.config.provider;
  }

  async doStream(options: CallOptions): Promise<NeutralStreamResult> {
    const { config } = this;
    const { socketHeaders, httpHeaders } = splitHeaders(config.headers(), options.headers);
    const scope = await credentialScope(config.baseURL, socketHeaders);
    // The head the prompt continues: named by its last assistant message, else by the explicit
    // conversationId, else by a user-supplied previousResponseId.
    const keys = conversationKeys(options, config.providerOptionsName);
    const named = findResponseId(options.prompt, config.providerOptionsName);
    const head =
      config.heads.get(scope, named) ??
      config.heads.latestOf(scope, keys.conversationId) ??
      config.heads.get(scope, keys.previousResponseId);
    const request = await buildRequest({
      modelId: this.modelId,
      options,
      providerOptionsName: config.providerOptionsName,
      prefix: reusablePrefix(head, options.prompt),
    });
    const call: TurnCall = {
      config,
      prompt: options.prompt,
      request,
      settingsKey: JSON.stringify(request.settings),
      headers: socketHeaders,
      httpHeaders,
      scope,
      head,
      // Only a response id the prompt names makes a missing head 'unknown-response'; a fresh
      // conversationId with no history yet is a new conversation.
      named: named !== undefined || keys.previousResponseId !== undefined,
      signal: options.abortSignal,
    };

    const turn = await openTurn(call);
    if (turn.transport === 'http') {
      return streamOverHttp({ call, options, reason: turn.reason, retries: turn.retries });
    }
    return { stream: this.streamWebSocketTurn(call, turn, options), request: { body: turn.frame } };
  }

  async doGenerate(options: CallOptions): Promise<NeutralGenerateResult> {
    const { stream, request, response } = await this.doStream(options);
    const parts: StreamPart[] = [];
    const reader = stream.getReader();
    let warnings: Warning[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (value.type === 'stream-start') warnings = value.warnings;
      else parts.push(value);
    }
    const collected = collectContent(parts);
    if (collected.error !== undefined) throw collected.error;
    return {
      content: collected.content,
      finishReason: collected.finishReason,
      usage: collected.usage,
      providerMetadata: collected.providerMetadata,
      warnings,
      request,
      response: { ...collected.response, headers: response?.headers },
    };
  }

  private streamWebSocketTurn(
    call: TurnCall,
    turn: OpenTurn,
    options: CallOptions,
  ): ReadableStream<StreamPart> {
    const { config, request } = call;
    const { connection, queue, plan } = turn;
    return streamEvents({
      buffered: turn.buffered,
      source: {
        next: () => queue.next(config.poolSettings.eventTimeoutMs),
        stop: (reason) => connection.terminate(reason),
      },
      includeRawChunks: options.includeRawChunks ?? false,
      tools: options.tools,
      requestBody: turn.frame,
      warnings: request.warnings,
      metadata: {
        transport: 'websocket',
        inputMode: plan.mode,
        reason: plan.reason,
        socketReused: turn.socketReused,
        requestBytes: turn.requestBytes,
        retries: turn.retries,
      },
      providerOptionsName: config.providerOptionsName,
      signal: call.signal,
      url: connectionURL(config),
      settle: async ({ terminalType, parts, failed }) => {
        turn.detach();
        if (failed) {
          connection.headId = undefined;
          // A failed or incomplete response ends its turn cleanly; anything else (an error event,
          // which a late terminal event may follow, or a stream that broke off) leaves the socket
          // in a state that is not trusted.
          if (terminalType === 'response.failed' || terminalType === 'response.incomplete') {
            config.pool.release(connection);
          } else
            connection.close(
              terminalType ? `response ended with ${terminalType}` : 'response broke off',
            );
          return;
        }
        connection.headId = await recordHead(call, parts, connection.id);
        config.pool.release(connection);
      },
    });
  }
}

/** `conversationId` / `previousResponseId` as given (validated later, with every other option). */
function conversationKeys(options: CallOptions, name: string) {
  const own = options.providerOptions?.[name];
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return {
    conversationId: text(own?.conversationId),
    previousResponseId: text(own?.previousResponseId),
  };
}

function connectionURL(config: ModelConfig): string {
  return `${config.baseURL}/responses`;
}

/**
 * Headers of a call. The socket carries the provider's headers (auth, organization, project, the
 * `headers` setting) and only the auth-bearing per-call headers: a socket outlives the call, and
 * per-call extras (the AI SDK's user-agent, tracing ids) must not split the pool into scopes that
 * never reuse each other. The HTTP fallback sends them all, as @ai-sdk/openai does.
 */
function splitHeaders(
  provider: Record<string, string>,
  perCall: Record<string, string | undefined> | undefined,
) {
  const socketHeaders = { ...provider };
  const httpHeaders = { ...provider };
  for (const [name, value] of Object.entries(perCall ?? {})) {
    if (value === undefined) continue;
    httpHeaders[name] = value;
    if (AUTH_HEADERS.has(name.toLowerCase())) socketHeaders[name] = value;
  }
  return { socketHeaders, httpHeaders };
}

const AUTH_HEADERS = new Set([
  'authorization',
  'api-key',
  'x-api-key',
  'openai-organization',
  'openai-project',
]);
