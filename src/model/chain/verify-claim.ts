import { type ConversionState, convertPrompt } from '../../convert/convert-prompt';
import type { CallOptions, InputItem, Prompt, Warning } from '../../types';
import {
  type ConversionOptions,
  convertsAlike,
  type PrefixSource,
  type PromptPrefix,
} from '../request/build-input';
import type { ResponsesRequest } from '../request/build-request';
import { contextKey } from './context-key';
import { checkDigest, type DigestKey } from './continuation-digest';
import { withoutEmptyTexts } from './empty-texts';
import type { DigestClaim } from './find-head';
import { DeferredForm } from './head-form';
import type { ChainHead, HeadStore } from './head-store';
import { EMPTY_CHAIN, extendItemChain } from './item-chain';
import { heldPrefix } from './reusable-prefix';
import { withoutDefaultValues } from './tool-input-defaults';

/** The claiming message's items as the digest covers them (without empty texts), from `start`. */
type Covered = { start: number; items: readonly InputItem[] };

/**
 * The messages a digest claim covers, converted once: the request reuses them as its prefix
 * (only the messages after are converted), and the check hashes them. Conversion and hashing
 * start after the latest head of this process the prompt still starts with, so a round-robin
 * instance handles only the items added since its own last turn.
 */
export class ClaimedPrefix {
  private converted:
    | {
        prefix: PromptPrefix;
        base: ChainHead | undefined;
        /** The claimed message's items without its empty texts, from `start` in the prefix's. */
        covered?: Covered;
      }
    | undefined;

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
    const baseItems = base?.prefix.items ?? [];
    const claimed = prompt.slice(from, claim.messageCount);
    const { input, warnings, state, covered } = await convertClaimed(
      claimed,
      base?.prefix.state,
      conversion,
    );
    const prefix = {
      messageCount: claim.messageCount,
      messages: base?.prefix.messages && [...base.prefix.messages, ...claimed],
      items: [...baseItems, ...input],
      warnings: [...(base?.prefix.warnings ?? []), ...warnings],
      conversionKey,
      state,
    };
    this.converted = {
      prefix,
      base: base?.head,
      covered: covered && { start: baseItems.length + covered.start, items: covered.items },
    };
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
    digestKey: DigestKey | undefined;
    tools: CallOptions['tools'];
  }): Promise<{ head: ChainHead } | { missing: string }> {
    const { request, digestKey } = args;
    const context = contextKey(request.settings);
    if (!request.store) return { missing: 'not-stored' };
    const converted = this.converted;
    if (!digestKey || !converted || !request.prefixReused) {
      return { missing: 'unverifiable-response' };
    }
    const { prefix, base, covered } = converted;
    const checked = await checkClaim(this.claim, digestKey, context, {
      base,
      items: prefix.items,
      covered,
      tools: args.tools,
    });
    if ('mismatch' in checked) return { missing: checked.mismatch };
    const { chain } = checked;
    const messages = prefix.messages ?? this.prompt.slice(0, prefix.messageCount);
    const head: ChainHead = {
      responseId: this.claim.responseId,
      scope: args.scope,
      contextKey: context,
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
 * Converts the claimed messages, the claiming one last. The digest covers that one without its
 * empty texts (empty-texts.ts): a claiming message that has some is also converted without them,
 * from the state the messages before it left (`covered`, from `start` in `input`).
 */
async function convertClaimed(
  messages: Prompt,
  state: ConversionState | undefined,
  conversion: ConversionOptions,
): Promise<{
  input: InputItem[];
  warnings: Warning[];
  state: ConversionState;
  covered?: Covered;
}> {
  const convert = (some: Prompt, from: ConversionState | undefined) =>
    convertPrompt({ prompt: some, state: from, ...conversion });
  const last = messages.at(-1);
  const stripped = last && withoutEmptyTexts(last);
  if (!last || !stripped) return convert(messages, state);
  const before = await convert(messages.slice(0, -1), state);
  const tail = await convert([last], before.state);
  const covered = await convert([stripped], before.state);
  return {
    input: [...before.input, ...tail.input],
    warnings: [...before.warnings, ...tail.warnings],
    state: tail.state,
    covered: { start: before.input.length, items: covered.input },
  };
}

/**
 * The chain of the claimed prefix's items (the new head's, which the next head extends) and the
 * chain its digest covers: the same, but for the claimed message's empty texts, which the digest
 * leaves out so that a prompt of ai@5 or ai@6 (without them) and one of ai@7 (with them) verify
 * alike (sign-head.ts). In an ai@7 prompt they are the response's own empty messages, which the
 * server holds. The digest does not cover them, so an empty text part with another item id
 * added to the claimed message would verify too, and a delta would not send its reference; but
 * that part is empty in the app's own history, and only parts of that one message are passed over.
 */
async function claimChains(
  base: ChainHead | undefined,
  items: readonly InputItem[],
  covered: Covered | undefined,
): Promise<{ chain: Uint8Array; signed: Uint8Array }> {
  const from = base?.chain ? base.items.length : 0;
  const baseChain = base?.chain ?? EMPTY_CHAIN;
  if (!covered) {
    const chain = await extendItemChain(baseChain, items, from);
    return { chain, signed: chain };
  }
  const before = await extendItemChain(baseChain, items.slice(0, covered.start), from);
  const chain = await extendItemChain(before, items, covered.start);
  return { chain, signed: await extendItemChain(before, covered.items) };
}

/**
 * The chain of the claimed items, when the claim's digest covers it; else why not. The digest
 * covers tool calls as the model emitted them, up to the order of their arguments' keys, which
 * the chain leaves out (tool-input-order.ts), and the prompt may carry them with the schema
 * defaults the model left out filled in (tool-input-defaults.ts): on a history mismatch, the
 * items are hashed once more with those defaults taken out.
 */
async function checkClaim(
  claim: DigestClaim,
  digestKey: DigestKey,
  settingsKey: string,
  hashed: {
    base: ChainHead | undefined;
    items: readonly InputItem[];
    covered: Covered | undefined;
    tools: CallOptions['tools'];
  },
): Promise<{ chain: Uint8Array } | { mismatch: string }> {
  const { responseId, digest } = claim;
  const { base, tools } = hashed;
  const check = async (items: readonly InputItem[], covered: Covered | undefined) => {
    const { chain, signed } = await claimChains(base, items, covered);
    const subject = { responseId, settingsKey, chain: signed };
    return { chain, mismatch: await checkDigest(digestKey, digest, subject) };
  };
  const first = await check(hashed.items, hashed.covered);
  if (!first.mismatch) return { chain: first.chain };
  if (first.mismatch !== 'history-changed') return { mismatch: first.mismatch };
  const from = base?.chain ? base.items.length : 0;
  const emitted = withoutDefaultValues(hashed.items, from, tools);
  if (!emitted) return { mismatch: first.mismatch };
  const covered = hashed.covered && {
    start: hashed.covered.start,
    items: withoutDefaultValues(hashed.covered.items, 0, tools) ?? hashed.covered.items,
  };
  const second = await check(emitted, covered);
  return second.mismatch ? { mismatch: first.mismatch } : { chain: second.chain };
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
