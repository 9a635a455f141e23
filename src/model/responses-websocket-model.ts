import type { CallOptions, GenerateResult, StreamPart, StreamResult, Warning } from '../types';
import { sliceRoom } from '../util/event-loop-slice';
import type { DigestKey } from './chain/continuation-digest';
import { findHead } from './chain/find-head';
import { inlineUnstoredItems, responseOfItem } from './chain/inline-unstored';
import { ensureHeadForms } from './chain/plan-turn';
import { reusablePrefix } from './chain/reusable-prefix';
import { ClaimedPrefix } from './chain/verify-claim';
import { splitHeaders } from './credentials';
import { collectContent } from './events/collect-content';
import type { ModelConfig } from './model-config';
import { approvalToolCallIds, structuredOutputText } from './prompt-facts';
import { buildRequest } from './request/build-request';
import { streamOverHttp } from './turn/http-turn';
import { openTurn } from './turn/open-turn';
import type { PartConverter } from './turn/stream-events';
import type { TurnCall } from './turn/turn-call';
import { streamWebSocketTurn } from './turn/websocket-turn';

/**
 * The spec-neutral model: one implementation behind the V2, V3 and V4 adapters. It converts the
 * call, plans the turn (delta or full), runs it over a pooled socket (or HTTP), and maps the
 * events back, recording the new chain head before the caller sees the finish
 * (docs/architecture.md, "The flow of one call").
 */
export class ResponsesWebSocketModel {
  constructor(
    readonly modelId: string,
    private readonly config: ModelConfig,
  ) {}

  get provider(): string {
    return this.config.provider;
  }

  /**
   * The call's stream; `convert` puts each part into the caller's spec form as it is enqueued
   * (undefined drops it), so an adapter adds no stream stage of its own.
   */
  doStream<T = StreamPart>(
    options: CallOptions,
    convert?: PartConverter<T>,
  ): Promise<StreamResult<T>> {
    return this.stream(options, false, convert);
  }

  /**
   * The same turn, its parts held back until the response ends: a finished response is reported
   * as its output items, as `@ai-sdk/openai`'s doGenerate reports the response object.
   */
  async doGenerate(options: CallOptions): Promise<GenerateResult> {
    const { stream, request, response } = await this.stream<StreamPart>(options, true, undefined);
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
    const name = this.config.providerOptionsName;
    const structured =
      options.responseFormat?.type === 'json'
        ? structuredOutputText(collected.content, name)
        : undefined;
    return {
      content: collected.content,
      ...(structured !== undefined && { structuredOutputText: structured }),
      finishReason: collected.finishReason,
      usage: collected.usage,
      providerMetadata: collected.providerMetadata,
      warnings,
      request,
      response: {
        ...collected.response,
        headers: response?.headers,
        ...(collected.body !== undefined && { body: collected.body }),
      },
    };
  }

  private async stream<T>(
    options: CallOptions,
    generate: boolean,
    convert: PartConverter<T> | undefined,
  ): Promise<StreamResult<T>> {
    const call = await this.prepareCall(options, generate);
    const turn = await openTurn(call);
    if (turn.transport === 'http') return streamOverHttp(call, options, turn, convert);
    return {
      stream: streamWebSocketTurn(call, turn, options, convert),
      request: { body: turn.frame },
      response: { headers: turn.responseHeaders },
    };
  }

  /** Whose call it is, which chain head it continues, and the request it makes. */
  private async prepareCall(options: CallOptions, generate: boolean): Promise<TurnCall> {
    const { config } = this;
    // Before anything async: a provider.close() from now on ends this call.
    const poolGeneration = config.pool.generation;
    const { socketHeaders, httpHeaders } = splitHeaders(config.headers(), options.headers);
    const { scope, digestKey } = await config.credentials.resolve(
      config.baseURL,
      socketHeaders,
      config.inputMode !== 'full',
    );
    // Conversion and planning are the synchronous bulk of a call: a burst of calls takes turns.
    const room = sliceRoom(options);
    if (room) await room;
    const chain = await this.chainRequest(options, scope, digestKey);
    const call: TurnCall = {
      config,
      headers: socketHeaders,
      httpHeaders,
      scope,
      digestKey,
      signal: options.abortSignal,
      poolGeneration,
      sliceKey: options,
      ...chain,
      inlineItem: async (itemId) => {
        const source = responseOfItem(call.prompt, itemId, config.providerOptionsName);
        if (!source) return false;
        // The response broke off in another process: none of its items was stored.
        if (source.responseId) {
          config.heads.markNotCompleted(scope, source.responseId, source.itemIds);
        } else config.heads.markUnstored(scope, itemId);
        Object.assign(call, await this.chainRequest(options, scope, digestKey));
        return true;
      },
      mapping: {
        logprobs: chain.request.logprobs,
        approvalToolCallIds: () => approvalToolCallIds(options.prompt, config.providerOptionsName),
        generate,
      },
    };
    return call;
  }

  /**
   * The request and the chain it continues: a head of this process, or one its digest proves
   * (docs/architecture.md, "Continuing on any instance"); else why there is none.
   */
  private async chainRequest(
    options: CallOptions,
    scope: string,
    digestKey: DigestKey | undefined,
  ) {
    const { config } = this;
    const name = config.providerOptionsName;
    const prompt = inlineUnstoredItems(options.prompt, config.heads, scope, name);
    const lookup = findHead(config.heads, scope, { ...options, prompt }, name);
    const claimed = lookup.claim && new ClaimedPrefix(lookup.claim, prompt);
    const request = await buildRequest({
      modelId: this.modelId,
      options: { ...options, prompt },
      providerOptionsName: name,
      prefix: claimed ? claimed.source : await reusablePrefix(lookup.head, prompt),
    });
    const settingsKey = JSON.stringify(request.settings);
    let { head, missing } = lookup;
    if (claimed) {
      const verified = await claimed.verify({
        heads: config.heads,
        scope,
        request,
        digestKey,
        tools: options.tools,
      });
      if ('head' in verified) head = verified.head;
      else missing = verified.missing;
    }
    // A user-supplied previousResponseId is the last key. Its head is never a reusable prefix
    // (the option rules reuse out), so the validated value of the request is looked up here.
    if (!head && request.previousResponseId !== undefined) {
      head = config.heads.get(scope, request.previousResponseId);
      if (missing === 'new-conversation') missing = 'unverifiable-response';
    }
    // With store: false only the socket that holds a response can continue it.
    if (!head && missing === 'unverifiable-response' && !request.store) missing = 'not-stored';
    await ensureHeadForms(head, request.input);
    return { prompt: request.prompt, tools: options.tools, request, settingsKey, head, missing };
  }
}
