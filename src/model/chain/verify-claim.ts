import { convertPrompt } from '../../convert/convert-prompt';
import type { Prompt } from '../../types';
import { convertsAlike, type PrefixSource, type PromptPrefix } from '../request/build-input';
import type { ResponsesRequest } from '../request/build-request';
import { checkDigest, type DigestKey } from './continuation-digest';
import type { DigestClaim } from './find-head';
import { DeferredForm } from './head-form';
import type { ChainHead, HeadStore } from './head-store';
import { EMPTY_CHAIN, extendItemChain } from './item-chain';
import { heldPrefix } from './reusable-prefix';

/**
 * The messages a digest claim covers, converted once: the request reuses them as its prefix
 * (only the messages after are converted), and the check hashes them. Conversion and hashing
 * start after the latest head of this process the prompt still starts with, so a round-robin
 * instance handles only the items added since its own last turn.
 */
export class ClaimedPrefix {
  private converted: { prefix: PromptPrefix; base: ChainHead | undefined } | undefined;

  constructor(
    private readonly claim: DigestClaim,
    private readonly prompt: Prompt,
  ) {}

  readonly source: PrefixSource = async (conversion, conversionKey) => {
    const { claim, prompt } = this;
    const held = claim.base && heldPrefix(claim.base, prompt);
    const base =
      held &&
      convertsAlike(held, conversion, conversionKey) &&
      held.messageCount <= claim.messageCount
        ? { head: claim.base as ChainHead, prefix: held }
        : undefined;
    const from = base?.prefix.messageCount ?? 0;
    const { input, warnings, state } = await convertPrompt({
      prompt: prompt.slice(from, claim.messageCount),
      state: base?.prefix.state,
      ...conversion,
    });
    const prefix = {
      messageCount: claim.messageCount,
      messages: base?.prefix.messages && [
        ...base.prefix.messages,
        ...prompt.slice(from, claim.messageCount),
      ],
      items: [...(base?.prefix.items ?? []), ...input],
      warnings: [...(base?.prefix.warnings ?? []), ...warnings],
      conversionKey,
      state,
    };
    this.converted = { prefix, base: base?.head };
    return prefix;
  };

  /**
   * The head the claim proves, added to `heads` (connectionId -1: any socket continues it from
   * the store), or why there is none: `not-stored` (with `store: false` only the socket that
   * holds a response can continue it), a digest mismatch, or `unverifiable-response` when the
   * call's options convert the prompt as a whole.
   */
  async verify(args: {
    heads: HeadStore;
    scope: string;
    request: ResponsesRequest;
    settingsKey: string;
    digestKey: DigestKey | undefined;
  }): Promise<{ head: ChainHead } | { missing: string }> {
    const { request, settingsKey, digestKey } = args;
    if (!request.store) return { missing: 'not-stored' };
    const converted = this.converted;
    if (!digestKey || !converted || !request.prefixReused) {
      return { missing: 'unverifiable-response' };
    }
    const { prefix, base } = converted;
    const from = base?.chain ? base.items.length : 0;
    const chain = await extendItemChain(base?.chain ?? EMPTY_CHAIN, prefix.items, from);
    const { responseId, digest } = this.claim;
    const mismatch = await checkDigest(digestKey, digest, { responseId, settingsKey, chain });
    if (mismatch) return { missing: mismatch };
    const messages = prefix.messages ?? this.prompt.slice(0, prefix.messageCount);
    const head: ChainHead = {
      responseId,
      scope: args.scope,
      settingsKey,
      conversionKey: prefix.conversionKey,
      messages,
      items: prefix.items,
      inputWarnings: [...prefix.warnings],
      conversionState: prefix.state,
      // Verified in the form with metadata only; the plain form is the same (never empty).
      plain: DeferredForm.of({ messages, items: prefix.items, conversionState: prefix.state }),
      stored: true,
      connectionId: -1,
      chain,
      approvalRequestIds: approvalsAnsweredAt(this.prompt, this.claim.messageCount),
    };
    args.heads.add(head, request.conversationId);
    return { head };
  }
}

/**
 * The approval requests of the claimed response, as far as the prompt tells: the ids the answers
 * right after it name. The digest cannot cover them: the AI SDK drops approval requests from the
 * prompt, and the MCP call of a request converts to no item. An app answers approvals in a tool
 * message it appends right after the response that asked (the AI SDK reads them from the prompt's
 * last message). The ids only leave out references to them (`withoutHeldReferences`). An answer
 * there to an earlier response's request is held as well when the claimed response continued that
 * one by delta; the server would lack it only after a response that went out in full. A digest
 * covering the ids would send in full every continuation that leaves an approval unanswered.
 */
function approvalsAnsweredAt(prompt: Prompt, index: number): ReadonlySet<string> {
  const ids = new Set<string>();
  for (let i = index; i < prompt.length; i++) {
    const message = prompt[i];
    if (message.role !== 'tool') break;
    for (const part of message.content) {
      if (part.type === 'tool-approval-response') ids.add(part.approvalId);
    }
  }
  return ids;
}
