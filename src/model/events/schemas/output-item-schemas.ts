import { z } from 'zod';

/*
 * Schemas of the output items carried by `response.output_item.added` / `.done`. One schema per
 * item type serves both events: fields that only `.done` carries are optional. An item whose
 * type has no schema here is ignored by the mapper (it still appears in `outputItems`).
 */

const status = z.string().nullish();

const callerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('direct') }),
  z.object({ type: z.literal('program'), caller_id: z.string() }),
]);

const patchOperation = z.discriminatedUnion('type', [
  z.object({ type: z.literal('create_file'), path: z.string(), diff: z.string() }),
  z.object({ type: z.literal('delete_file'), path: z.string() }),
  z.object({ type: z.literal('update_file'), path: z.string(), diff: z.string() }),
]);

export type PatchOperation = z.infer<typeof patchOperation>;

const mcpError = z
  .union([
    z.string(),
    z
      .object({
        type: z.string().optional(),
        code: z.union([z.number(), z.string()]).optional(),
        message: z.string().optional(),
      })
      .loose(),
  ])
  .nullish();

export const itemSchemas = {
  message: z.object({
    type: z.literal('message'),
    id: z.string(),
    phase: z.string().nullish(),
  }),
  reasoning: z.object({
    type: z.literal('reasoning'),
    id: z.string(),
    encrypted_content: z.string().nullish(),
  }),
  function_call: z.object({
    type: z.literal('function_call'),
    id: z.string(),
    call_id: z.string(),
    name: z.string(),
    arguments: z.string().nullish(),
    async: z.boolean().nullish(),
    namespace: z.string().nullish(),
    caller: callerSchema.nullish(),
    status,
  }),
  custom_tool_call: z.object({
    type: z.literal('custom_tool_call'),
    id: z.string(),
    call_id: z.string(),
    name: z.string(),
    input: z.string().nullish(),
    async: z.boolean().nullish(),
  }),
  web_search_call: z.object({
    type: z.literal('web_search_call'),
    id: z.string(),
    status,
    // Checked field by field when mapped: new action types must not fail the item.
    action: z.object({ type: z.string() }).loose().nullish(),
  }),
  file_search_call: z.object({
    type: z.literal('file_search_call'),
    id: z.string(),
    queries: z.array(z.string()).nullish(),
    results: z
      .array(
        z.object({
          attributes: z.record(z.string(), z.unknown()).nullish(),
          file_id: z.string(),
          filename: z.string(),
          score: z.number().nullish(),
          text: z.string().nullish(),
        }),
      )
      .nullish(),
  }),
  code_interpreter_call: z.object({
    type: z.literal('code_interpreter_call'),
    id: z.string(),
    container_id: z.string(),
    code: z.string().nullish(),
    outputs: z.array(z.record(z.string(), z.unknown())).nullish(),
  }),
  image_generation_call: z.object({
    type: z.literal('image_generation_call'),
    id: z.string(),
    result: z.string().nullish(),
  }),
  mcp_call: z.object({
    type: z.literal('mcp_call'),
    id: z.string(),
    name: z.string().nullish(),
    arguments: z.string().nullish(),
    server_label: z.string().nullish(),
    output: z.string().nullish(),
    error: mcpError,
    approval_request_id: z.string().nullish(),
  }),
  mcp_list_tools: z.object({ type: z.literal('mcp_list_tools'), id: z.string() }),
  mcp_approval_request: z.object({
    type: z.literal('mcp_approval_request'),
    id: z.string(),
    name: z.string().nullish(),
    arguments: z.string().nullish(),
    approval_request_id: z.string().nullish(),
  }),
  local_shell_call: z.object({
    type: z.literal('local_shell_call'),
    id: z.string(),
    call_id: z.string(),
    action: z
      .object({
        command: z.array(z.string()),
        timeout_ms: z.number().nullish(),
        user: z.string().nullish(),
        working_directory: z.string().nullish(),
        env: z.record(z.string(), z.string()).nullish(),
      })
      .nullish(),
  }),
  shell_call: z.object({
    type: z.literal('shell_call'),
    id: z.string(),
    call_id: z.string(),
    action: z
      .object({
        commands: z.array(z.string()),
        timeout_ms: z.number().nullish(),
        max_output_length: z.number().nullish(),
      })
      .nullish(),
  }),
  shell_call_output: z.object({
    type: z.literal('shell_call_output'),
    id: z.string(),
    call_id: z.string(),
    max_output_length: z.number().nullish(),
    output: z
      .array(
        z.object({
          stdout: z.string(),
          stderr: z.string(),
          outcome: z.object({ type: z.string(), exit_code: z.number().nullish() }),
        }),
      )
      .nullish(),
  }),
  apply_patch_call: z.object({
    type: z.literal('apply_patch_call'),
    id: z.string(),
    call_id: z.string(),
    status,
    operation: patchOperation,
  }),
  tool_search_call: z.object({
    type: z.literal('tool_search_call'),
    id: z.string(),
    execution: z.enum(['server', 'client']).nullish(),
    call_id: z.string().nullish(),
    arguments: z.unknown(),
  }),
  tool_search_output: z.object({
    type: z.literal('tool_search_output'),
    id: z.string(),
    call_id: z.string().nullish(),
    tools: z.array(z.record(z.string(), z.unknown())).nullish(),
  }),
  program: z.object({
    type: z.literal('program'),
    id: z.string(),
    call_id: z.string(),
    code: z.string().nullish(),
    fingerprint: z.string().nullish(),
  }),
  program_output: z.object({
    type: z.literal('program_output'),
    id: z.string(),
    call_id: z.string(),
    result: z.string().nullish(),
    status,
  }),
  compaction: z.object({
    type: z.literal('compaction'),
    id: z.string(),
    encrypted_content: z.string().nullish(),
  }),
  computer_call: z.object({
    type: z.literal('computer_call'),
    id: z.string(),
    call_id: z.string().nullish(),
    status,
    action: z.record(z.string(), z.unknown()).nullish(),
    actions: z.array(z.record(z.string(), z.unknown())).nullish(),
    pending_safety_checks: z
      .array(
        z.object({ id: z.string(), code: z.string().nullish(), message: z.string().nullish() }),
      )
      .nullish(),
  }),
} as const;

type ItemSchemas = typeof itemSchemas;
export type ItemType = keyof ItemSchemas;
export type OutputItem = { [K in ItemType]: z.infer<ItemSchemas[K]> }[ItemType];
export type ItemOf<K extends ItemType> = z.infer<ItemSchemas[K]>;

export function isKnownItemType(type: unknown): type is ItemType {
  return typeof type === 'string' && Object.hasOwn(itemSchemas, type);
}
