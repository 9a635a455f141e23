import { z } from 'zod';

/*
 * Schemas of the server events the mapper reads. Only the fields it uses are declared, and they
 * are declared leniently (nullish where the API has been seen to omit them), because the same
 * objects arrive over HTTP SSE and WebSocket from OpenAI and from compatible gateways. Parsing
 * strips unknown keys; the raw event is kept wherever the server form matters (output items,
 * usage). Event types without a schema here are ignored by the mapper.
 */

const responseSummary = z.object({
  id: z.string().nullish(),
  created_at: z.number().nullish(),
  model: z.string().nullish(),
  store: z.boolean().nullish(),
  service_tier: z.string().nullish(),
});

const terminalResponse = z.object({
  id: z.string().nullish(),
  output: z.array(z.unknown()).nullish(),
  incomplete_details: z.object({ reason: z.string().nullish() }).nullish(),
  usage: z.unknown().nullish(),
  service_tier: z.string().nullish(),
  reasoning: z.object({ context: z.string().nullish() }).nullish(),
  prompt_cache_diagnostics: z.record(z.string(), z.unknown()).nullish(),
  // How the server changed the input before running it (reported as metadata, as given).
  input_transformations: z
    .array(
      z.object({
        id: z.string().nullish(),
        type: z.string(),
        action: z.string(),
        reason: z.string(),
      }),
    )
    .nullish(),
  error: z
    .object({
      code: z.union([z.string(), z.number()]).nullish(),
      message: z.string().nullish(),
      type: z.string().nullish(),
    })
    .nullish(),
});

const annotationSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('url_citation'),
    url: z.string(),
    title: z.string().nullish(),
    start_index: z.number().nullish(),
    end_index: z.number().nullish(),
  }),
  z.object({
    type: z.literal('file_citation'),
    file_id: z.string(),
    filename: z.string().nullish(),
    index: z.number().nullish(),
  }),
  z.object({
    type: z.literal('container_file_citation'),
    container_id: z.string(),
    file_id: z.string(),
    filename: z.string().nullish(),
    start_index: z.number().nullish(),
    end_index: z.number().nullish(),
  }),
  z.object({
    type: z.literal('file_path'),
    file_id: z.string(),
    index: z.number().nullish(),
  }),
]);

export type Annotation = z.infer<typeof annotationSchema>;

const itemRef = { item_id: z.string(), output_index: z.number().nullish() };
const outputItemEvent = {
  output_index: z.number(),
  // Item schemas live in output-item-schemas.ts: an unknown item type must not fail the event.
  item: z.object({ type: z.string() }).loose(),
};

const logprobsSchema = z
  .array(
    z.object({
      token: z.string(),
      logprob: z.number(),
      top_logprobs: z.array(z.object({ token: z.string(), logprob: z.number() })).nullish(),
    }),
  )
  .nullish();

/** Schema per event type. */
export const eventSchemas = {
  'response.created': z.object({ type: z.literal('response.created'), response: responseSummary }),
  'response.completed': z.object({
    type: z.literal('response.completed'),
    response: terminalResponse,
  }),
  'response.incomplete': z.object({
    type: z.literal('response.incomplete'),
    response: terminalResponse,
  }),
  'response.failed': z.object({ type: z.literal('response.failed'), response: terminalResponse }),
  'response.output_item.added': z.object({
    type: z.literal('response.output_item.added'),
    ...outputItemEvent,
  }),
  'response.output_item.done': z.object({
    type: z.literal('response.output_item.done'),
    ...outputItemEvent,
  }),
  'response.output_text.delta': z.object({
    type: z.literal('response.output_text.delta'),
    ...itemRef,
    delta: z.string(),
    logprobs: logprobsSchema,
  }),
  'response.refusal.delta': z.object({
    type: z.literal('response.refusal.delta'),
    ...itemRef,
    delta: z.string(),
  }),
  'response.refusal.done': z.object({ type: z.literal('response.refusal.done') }),
  'response.output_text.annotation.added': z.object({
    type: z.literal('response.output_text.annotation.added'),
    annotation: annotationSchema,
  }),
  'response.reasoning_summary_part.added': z.object({
    type: z.literal('response.reasoning_summary_part.added'),
    ...itemRef,
    summary_index: z.number(),
  }),
  'response.reasoning_summary_text.delta': z.object({
    type: z.literal('response.reasoning_summary_text.delta'),
    ...itemRef,
    summary_index: z.number(),
    delta: z.string(),
  }),
  'response.reasoning_summary_part.done': z.object({
    type: z.literal('response.reasoning_summary_part.done'),
    ...itemRef,
    summary_index: z.number(),
  }),
  'response.function_call_arguments.delta': z.object({
    type: z.literal('response.function_call_arguments.delta'),
    output_index: z.number(),
    delta: z.string(),
  }),
  'response.custom_tool_call_input.delta': z.object({
    type: z.literal('response.custom_tool_call_input.delta'),
    output_index: z.number(),
    delta: z.string(),
  }),
  'response.code_interpreter_call_code.delta': z.object({
    type: z.literal('response.code_interpreter_call_code.delta'),
    output_index: z.number(),
    delta: z.string(),
  }),
  'response.code_interpreter_call_code.done': z.object({
    type: z.literal('response.code_interpreter_call_code.done'),
    output_index: z.number(),
    code: z.string(),
  }),
  'response.apply_patch_call_operation_diff.delta': z.object({
    type: z.literal('response.apply_patch_call_operation_diff.delta'),
    output_index: z.number(),
    delta: z.string(),
  }),
  'response.image_generation_call.partial_image': z.object({
    type: z.literal('response.image_generation_call.partial_image'),
    item_id: z.string(),
    partial_image_b64: z.string(),
  }),
  'response.apply_patch_call_operation_diff.done': z.object({
    type: z.literal('response.apply_patch_call_operation_diff.done'),
    output_index: z.number(),
    diff: z.string(),
  }),
} as const;

type EventSchemas = typeof eventSchemas;
export type EventType = keyof EventSchemas;
export type ServerEvent<T extends EventType = EventType> = z.infer<EventSchemas[T]>;

export function isKnownEventType(type: unknown): type is EventType {
  return typeof type === 'string' && Object.hasOwn(eventSchemas, type);
}
