import type { InputItem, StreamPart } from '../../types';
import type { ResponsesRequest } from '../request/build-request';
import { contextKey } from './context-key';
import { type DigestKey, mintDigest } from './continuation-digest';
import type { ChainHead } from './head-store';
import { EMPTY_CHAIN, extendItemChain, type ItemTexts } from './item-chain';

/**
 * The hash chain of a call's input, from the chain of the head its plan continued: hashed as soon
 * as its frame is sent, while the server works, from the frame's own item texts. The response's
 * digest then hashes only its output items, and the texts (a whole history's JSON, for a first
 * call) need not live on through the response.
 */
export type InputChain = {
  /** The request input it hashes. */
  input: readonly InputItem[];
  /** The head whose chain it extends (`continuedHead`), undefined: from the empty chain. */
  base: ChainHead | undefined;
  chain: Promise<Uint8Array>;
};

/** The call's input chain; undefined when its response would get no digest (see `signHead`). */
export function hashInput(
  call: { digestKey: DigestKey | undefined; request: ResponsesRequest },
  base: ChainHead | undefined,
  texts: ItemTexts,
): InputChain | undefined {
  const { digestKey, request } = call;
  if (!digestKey || !signable(request)) return undefined;
  const chain = chainFrom(base, request.input, texts);
  // Awaited only if the response completes.
  chain.catch(() => {});
  return { input: request.input, base, chain };
}

/**
 * Signs a completed response for continuation on any instance: the hash chain of the items the
 * server holds for it (from the chain of the head it continued, so only the new items are hashed),
 * then its digest, written into the metadata of `parts[digestPart]` as `chainDigest`. Returns the
 * chain of `items`, for the new head; undefined when the response gets no digest: not stored
 * (only its own socket can continue it), its input not the prompt alone (a user-supplied
 * `previousResponseId`, a server-side `conversation`, request controls), or no key.
 *
 * The digest covers `covered`: the same items without the response's empty messages, which ai@5
 * and ai@6 leave out of the next prompt (empty-texts.ts), so that a prompt of either form
 * verifies (verify-claim.ts). Both start with the request's input.
 */
export async function signHead(
  call: {
    digestKey: DigestKey | undefined;
    request: ResponsesRequest;
    inputChain?: InputChain;
  },
  responseId: string,
  { items, covered }: { items: readonly InputItem[]; covered: readonly InputItem[] },
  settled: {
    parts: StreamPart[];
    continued: ChainHead | undefined;
    digestPart: number | undefined;
  },
): Promise<Uint8Array | undefined> {
  const { digestKey, request } = call;
  const { parts, digestPart } = settled;
  if (!digestKey || digestPart === undefined || !signable(request)) return undefined;
  const { input } = request;
  const inputChain = await inputChainOf(call.inputChain, input, settled.continued);
  const chain = await extendItemChain(inputChain, items, input.length);
  const signed =
    covered === items ? chain : await extendItemChain(inputChain, covered, input.length);
  const digest = await mintDigest(digestKey, {
    responseId,
    settingsKey: contextKey(request.settings),
    chain: signed,
  });
  parts[digestPart] = withDigest(parts[digestPart], digest, request.conversion.providerOptionsName);
  return chain;
}

/** The chain of the input: hashed when its frame was sent, else from the head it continued. */
async function inputChainOf(
  hashed: InputChain | undefined,
  input: readonly InputItem[],
  continued: ChainHead | undefined,
): Promise<Uint8Array> {
  if (hashed?.input === input && hashed.base === continued) return hashed.chain;
  return chainFrom(continued, input);
}

/** The chain of `items`, extended from `base`'s chain where it has one, else from the start. */
function chainFrom(
  base: ChainHead | undefined,
  items: readonly InputItem[],
  texts?: ItemTexts,
): Promise<Uint8Array> {
  if (!base?.chain) return extendItemChain(EMPTY_CHAIN, items, 0, texts);
  return extendItemChain(base.chain, items, base.items.length, texts);
}

function signable(request: ResponsesRequest): boolean {
  const { input } = request;
  // Request controls a prompt never converts to: a configuration update goes first, a
  // compaction trigger last (build-input.ts).
  return (
    request.store &&
    request.previousResponseId === undefined &&
    request.settings.conversation == null &&
    input[0]?.type !== 'configuration_update' &&
    input[input.length - 1]?.type !== 'compaction_trigger'
  );
}

function withDigest(part: StreamPart, digest: string, name: string): StreamPart {
  const metadata = 'providerMetadata' in part ? part.providerMetadata : undefined;
  return {
    ...part,
    providerMetadata: { ...metadata, [name]: { ...metadata?.[name], chainDigest: digest } },
  } as StreamPart;
}
