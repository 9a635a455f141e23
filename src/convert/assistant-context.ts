import type { ParallelGroup } from './parallel-tool-calls';
import type { ToolContext } from './tool-context';

/** What the parts of an assistant message are converted with (one prompt's shared state). */
export type AssistantContext = {
  store: boolean;
  isReasoningModel: boolean;
  providerOptionsName: string;
  /** `conversation` is set: the server holds every item that has an id; do not resend it. */
  hasConversation: boolean;
  /** A user-supplied `previousResponseId` is set: items with an id are already held. */
  hasPreviousResponseId: boolean;
  /** `parallel` wrappers to fold back (see parallel-tool-calls.ts), and those already sent. */
  parallelGroups: Map<string, ParallelGroup>;
  emittedParallelCalls: Set<string>;
  tools: ToolContext;
  /** Calls made by a program (programmatic tool calling): their results cannot be denied. */
  programCallIds: Set<string>;
};
