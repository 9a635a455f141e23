import type { CallOptions, Message, Prompt } from '../../types';
import type { ChainHead, HeadStore } from './head-store';

/** A response the prompt names with a continuation digest, for which this process has no head. */
export type DigestClaim = {
  responseId: string;
  digest: string;
  /** The prompt's messages up to and including the assistant message that names it. */
  messageCount: number;
  /** The latest head of this process that an earlier assistant message names: hashing and conversion start from it. */
  base: ChainHead | undefined;
};

/** What the prompt says about the chain it continues. */
export type ChainLookup = {
  /** The chain head of this process the prompt continues. */
  head: ChainHead | undefined;
  /** Else a response to verify by its digest, once the request is built. */
  claim: DigestClaim | undefined;
  /** Why there is neither: the reason a full-input call gives. */
  missing: string;
};

/**
 * The chain the prompt continues. The AI SDK copies each part's `providerMetadata` into the next
 * prompt, so each assistant message names the response it came from. From the last one back:
 * a response with a head in this process is continued; one with a digest is a claim to verify
 * (docs/architecture.md, "Continuing on any instance"); one that did not complete, or that
 * carries no digest, is passed over — the next call continues the last good response before it
 * and sends what follows as new input. Without any, the latest head of an explicit
 * `conversationId`. (A user-supplied `previousResponseId` is looked up once the request has
 * validated it.)
 */
export function findHead(
  heads: HeadStore,
  scope: string,
  options: CallOptions,
  providerOptionsName: string,
): ChainLookup {
  const { prompt } = options;
  let missing: string | undefined;
  for (let i = prompt.length - 1; i >= 0; i--) {
    const named = namedResponse(prompt[i], providerOptionsName);
    if (!named) continue;
    const head = heads.get(scope, named.responseId);
    if (head) return { head, claim: undefined, missing: missing ?? 'unverifiable-response' };
    if (heads.isNotCompleted(scope, named.responseId)) {
      missing ??= 'response-not-completed';
      continue;
    }
    if (named.digest !== undefined) {
      const base = latestHead(heads, scope, prompt, i, providerOptionsName);
      const claim = { ...named, digest: named.digest, messageCount: i + 1, base };
      return { head: undefined, claim, missing: 'unverifiable-response' };
    }
    missing ??= 'unverifiable-response';
  }
  const head = heads.latestOf(scope, conversationIdOf(options, providerOptionsName));
  return { head, claim: undefined, missing: missing ?? 'new-conversation' };
}

/** The head of the latest assistant message before `end` that names a response this process holds. */
function latestHead(
  heads: HeadStore,
  scope: string,
  prompt: Prompt,
  end: number,
  providerOptionsName: string,
): ChainHead | undefined {
  for (let i = end - 1; i >= 0; i--) {
    const named = namedResponse(prompt[i], providerOptionsName);
    const head = named && heads.get(scope, named.responseId);
    if (head) return head;
  }
  return undefined;
}

/**
 * The response an assistant message came from (its last part that names one) and the digest
 * one of its parts carries (the provider puts it on the response's last part).
 */
function namedResponse(
  message: Message,
  name: string,
): { responseId: string; digest: string | undefined } | undefined {
  if (message.role !== 'assistant') return undefined;
  let responseId: string | undefined;
  let digest: string | undefined;
  for (let j = message.content.length - 1; j >= 0; j--) {
    const options = message.content[j].providerOptions?.[name];
    if (responseId === undefined && typeof options?.responseId === 'string') {
      responseId = options.responseId;
    }
    if (digest === undefined && typeof options?.chainDigest === 'string') {
      digest = options.chainDigest;
    }
  }
  return responseId === undefined ? undefined : { responseId, digest };
}

/**
 * `conversationId` as given: the head must be known before the request is built (its converted
 * prefix is reused), and the option is validated then, with every other option.
 */
function conversationIdOf(options: CallOptions, name: string): string | undefined {
  const value = options.providerOptions?.[name]?.conversationId;
  return typeof value === 'string' ? value : undefined;
}
