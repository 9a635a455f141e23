import type { InputItem, StreamPart } from '../../types';
import type { ResponsesRequest } from '../request/build-request';
import { type DigestKey, mintDigest } from './continuation-digest';
import type { ChainHead } from './head-store';
import { EMPTY_CHAIN, extendItemChain, type ItemTexts } from './item-chain';

/**
 * Signs a completed response for continuation on any instance: the hash chain of the items the
 * server holds for it (from the chain of the head it continued, so only the new items are hashed),
 * then its digest, written into the metadata of `parts[digestPart]` as `chainDigest`. Returns the
 * chain, for the new head; undefined when the response gets no digest: not stored (only its own
 * socket can continue it), its input not the prompt alone (a user-supplied
 * `previousResponseId`, a server-side `conversation`, request controls), or no key.
 */
export async function signHead(
  call: {
    digestKey: DigestKey | undefined;
    request: ResponsesRequest;
    settingsKey: string;
    itemTexts?: ItemTexts;
  },
  responseId: string,
  items: readonly InputItem[],
  settled: {
    parts: StreamPart[];
    continued: ChainHead | undefined;
    digestPart: number | undefined;
  },
): Promise<Uint8Array | undefined> {
  const { digestKey, request } = call;
  const { parts, digestPart } = settled;
  if (!digestKey || digestPart === undefined || !signable(request)) return undefined;
  const base = settled.continued?.chain ? settled.continued : undefined;
  const chain = await extendItemChain(
    base?.chain ?? EMPTY_CHAIN,
    items,
    base ? base.items.length : 0,
    call.itemTexts,
  );
  const digest = await mintDigest(digestKey, { responseId, settingsKey: call.settingsKey, chain });
  parts[digestPart] = withDigest(parts[digestPart], digest, request.conversion.providerOptionsName);
  return chain;
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
