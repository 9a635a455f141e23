import { convertPrompt } from '../../convert/convert-prompt';
import type {
  CallOptions,
  Content,
  InputItem,
  Message,
  Prompt,
  ProviderOptions,
  StreamPart,
  ToolResultOutput,
} from '../../types';
import { collectContent } from '../events/collect-content';
import type { ResponsesRequest } from '../request/build-request';
import { contextKey } from './context-key';
import type { DigestKey } from './continuation-digest';
import { isEmptyText } from './empty-texts';
import { DeferredForm } from './head-form';
import type { ChainHead, HeadStore } from './head-store';
import { addEquivalentForm, sameItem } from './history-prefix';
import { type InputChain, signHead } from './sign-head';
import { type ToolInputs, toolInputs } from './tool-input-defaults';

type AssistantMessage = Extract<Message, { role: 'assistant' }>;

/**
 * The assistant message the AI SDK will put into the next prompt for this response: it turns the
 * parts we emitted into text, reasoning and tool-call parts, with their metadata as
 * providerOptions. `withMetadata: false` gives the same message as an app that stores messages
 * without their metadata sends it.
 */
function outputMessage(
  content: Content[],
  withMetadata: boolean,
  inputs: ReadonlyMap<string, unknown>,
): AssistantMessage {
  const metadata = (value: ProviderOptions | undefined) => (withMetadata ? value : undefined);
  const message: AssistantMessage = { role: 'assistant', content: [] };
  for (const part of content) {
    switch (part.type) {
      case 'text':
      case 'reasoning':
        message.content.push({
          type: part.type,
          text: part.text,
          providerOptions: metadata(part.providerMetadata),
        });
        break;
      case 'tool-call':
        message.content.push({
          type: 'tool-call',
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          input: inputs.get(part.toolCallId),
          providerExecuted: part.providerExecuted,
          providerOptions: metadata(part.providerMetadata),
        });
        break;
      case 'tool-result':
        message.content.push({
          type: 'tool-result',
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          output: toolOutput(part),
          providerOptions: metadata(part.providerMetadata),
        });
        break;
      case 'custom':
        message.content.push({
          type: 'custom',
          kind: part.kind,
          providerOptions: metadata(part.providerMetadata),
        });
        break;
    }
  }
  return message;
}

/** A result as the AI SDK hands it back: an error as `error-json`, a string as text. */
function toolOutput(part: Extract<Content, { type: 'tool-result' }>): ToolResultOutput {
  if (part.isError) return { type: 'error-json', value: part.result };
  return typeof part.result === 'string'
    ? { type: 'text', value: part.result }
    : { type: 'json', value: part.result };
}

/**
 * The output message, and the same with the tool inputs as the AI SDK may hand them back
 * instead, with the schema defaults the model left out filled in (tool-input-defaults.ts): when
 * there is such a message, it counts as the same.
 */
function outputMessages(content: Content[], withMetadata: boolean, inputs: ToolInputs) {
  const message = outputMessage(content, withMetadata, inputs.raw);
  const filled = inputs.filled && outputMessage(content, withMetadata, inputs.filled);
  if (filled) addEquivalentForm(message, filled);
  return { message, filled };
}

/** What recording a head needs to know about the call that produced the response. */
export type ChainCall = {
  /** Credential scope of the call; a head is never used across scopes. */
  scope: string;
  /** The call's tools: their input schemas give the defaults a tool input may come back with. */
  tools: CallOptions['tools'];
  /** The call's prompt in neutral form (kept with the head, for prefix reuse). */
  prompt: Prompt;
  request: ResponsesRequest;
  /** Signs continuation digests; undefined where none are made (`inputMode: 'full'`). */
  digestKey: DigestKey | undefined;
  /** The chain of the input, hashed when the frame was sent (websocket turns). */
  inputChain?: InputChain;
};

/** A completed response, as the turn saw it. */
export type SettledResponse = {
  parts: StreamPart[];
  /** The socket whose cache holds the response; -1: none (HTTP). */
  connectionId: number;
  /** The head the request continued, when its input starts with that head's `items`. */
  continued: ChainHead | undefined;
  /** The head the request named as `previous_response_id` (a delta on any of its forms). */
  parent: ChainHead | undefined;
  /** Index in `parts` of the part that carries the digest (the response's last closing part). */
  digestPart: number | undefined;
};

/**
 * The next prompt's view of this response: its output message, and the items that message
 * converts to with the same converter and options. Converting what the AI SDK will send, rather
 * than the server's output items, makes "what the server holds" and "what the prompt says"
 * compare equal item for item. The items of the message with defaults filled in count as the
 * same, pair by pair: a prompt that does not start with the head's messages (no metadata) is
 * compared by its items.
 */
async function nextPromptView(
  output: { message: AssistantMessage; filled: AssistantMessage | undefined },
  request: Pick<ResponsesRequest, 'conversionState' | 'conversion'>,
) {
  const { message, filled } = output;
  const state = request.conversionState;
  if (message.content.length === 0) return { messages: [], items: [] as InputItem[], state };
  const convert = (form: AssistantMessage) =>
    convertPrompt({ prompt: [form], state, ...request.conversion });
  const converted = await convert(message);
  if (filled) addEquivalentItems(converted.input, (await convert(filled)).input);
  return { messages: [message], items: converted.input, state: converted.state };
}

/** Each of `forms` that differs from the item in its place in `items` counts as the same as it. */
function addEquivalentItems(items: readonly InputItem[], forms: readonly InputItem[]): void {
  if (forms.length !== items.length) return;
  items.forEach((item, i) => {
    if (!sameItem(item, forms[i])) addEquivalentForm(item, forms[i]);
  });
}

/**
 * The MCP approval requests the server holds for this response: its own, and after a delta
 * those its parent held. An app may answer a request only after a later response (it sent
 * another message first); when that response continued the asking one by delta, the server
 * holds the request in its context, and a reference to it would repeat it. A response that went
 * out in full holds no earlier request: the AI SDK drops approval requests from the prompt.
 */
function heldApprovalRequests(
  content: Content[],
  parent: ChainHead | undefined,
): ReadonlySet<string> | undefined {
  const own = content.flatMap((part) =>
    part.type === 'tool-approval-request' ? [part.approvalId] : [],
  );
  const inherited = parent?.approvalRequestIds;
  if (own.length === 0) return inherited;
  return new Set([...(inherited ?? []), ...own]);
}

const nonEmpty = (content: Content[]) => content.filter((part) => !isEmptyText(part));

/**
 * The items the output converts to once ai@5 or ai@6 left its empty text parts out of the
 * message (empty-texts.ts); undefined when it has none.
 */
async function outputWithoutEmptyTexts(
  content: Content[],
  request: Pick<ResponsesRequest, 'conversionState' | 'conversion'>,
  inputs: ToolInputs,
): Promise<InputItem[] | undefined> {
  if (!content.some(isEmptyText)) return undefined;
  return (await nextPromptView(outputMessages(nonEmpty(content), true, inputs), request)).items;
}

/**
 * Records the chain head of a completed response: its whole context as the next prompt will
 * express it, as messages and as items. A stored response also gets its continuation digest
 * (sign-head.ts), written into `parts[digestPart]` before that part is handed on. Returns the
 * response id.
 */
export async function recordHead(
  heads: HeadStore,
  call: ChainCall,
  settled: SettledResponse,
): Promise<string | undefined> {
  const { request, prompt } = call;
  const { parts } = settled;
  let responseId: string | undefined;
  for (const part of parts)
    if (part.type === 'response-metadata' && part.id) responseId ??= part.id;
  if (!responseId) return undefined;
  const { content } = collectContent(parts);
  const inputs = toolInputs(content, call.tools);
  const withMetadata = await nextPromptView(outputMessages(content, true, inputs), request);
  const dropped = await outputWithoutEmptyTexts(content, request, inputs);
  const items = [...request.input, ...withMetadata.items];
  // The digest covers what every AI SDK major sends: the items without the empty messages.
  const covered = dropped ? [...request.input, ...dropped] : items;
  const chain = await signHead(call, responseId, { items, covered }, settled);
  // The digest is metadata of the output message too, as the next prompt will carry it.
  const output = chain
    ? [outputMessages(collectContent(parts).content, true, inputs).message]
    : withMetadata.messages;
  const messages = [...prompt, ...(withMetadata.messages.length > 0 ? output : [])];
  // The plain form starts with the same prompt and input: it is made from the arrays of the
  // head that asks and the request's conversion options, so it holds no copy of them.
  // It converts an assistant message only, which loads no tools (tool messages do): the call's
  // loadable tools, and with them every tool definition of the call, are not kept for it.
  const { conversion: withTools, conversionState } = request;
  const conversion = { ...withTools, loadableTools: undefined };
  const promptLength = prompt.length;
  const inputLength = request.input.length;
  const head: ChainHead = {
    responseId,
    scope: call.scope,
    contextKey: contextKey(request.settings),
    conversionKey: request.conversionKey,
    inputWarnings: request.inputWarnings,
    conversionState: withMetadata.state,
    messages,
    items,
    withoutEmptyTexts: dropped && { outputStart: inputLength, output: dropped },
    plain: new DeferredForm(async (held) => {
      // Without metadata, every AI SDK major drops empty text parts (empty-texts.ts).
      const plainOutput = outputMessages(nonEmpty(content), false, inputs);
      const plain = await nextPromptView(plainOutput, { conversion, conversionState });
      return {
        messages: [...held.messages.slice(0, promptLength), ...plain.messages],
        items: [...held.items.slice(0, inputLength), ...plain.items],
        conversionState: plain.state,
      };
    }),
    stored: request.store,
    connectionId: settled.connectionId,
    chain,
    approvalRequestIds: heldApprovalRequests(content, settled.parent),
  };
  // The head this one continued stays (a regenerated step continues it again), on this head's
  // arrays: a conversation holds its history once, not once per step. First, so that the new
  // head is the most recently used.
  if (settled.continued) heads.supersede(settled.continued, head);
  heads.add(head, request.conversationId);
  return responseId;
}
