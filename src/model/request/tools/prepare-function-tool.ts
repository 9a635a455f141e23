import { normalizeJsonSchema } from '../../../convert/normalize-json-schema';
import type { FunctionTool, JsonObject, Warning } from '../../../types';

/**
 * `providerOptions.openai` of a function tool, as `@ai-sdk/openai` reads it (unvalidated, as
 * there): where the tool may be called from, whether it loads later, what it returns, where it
 * lives, whether it is sent at all.
 */
export type FunctionToolOptions = {
  allowedCallers?: Array<'direct' | 'programmatic'>;
  /** The model may go on without waiting for the result (GPT-6+). */
  async?: boolean;
  /** Loaded by tool search when the model needs it. */
  deferLoading?: boolean;
  /** Kept out of `tools` (it arrives in the history through `additionalTools`). */
  omitFromRequestTools?: boolean;
  /** JSON schema of the result: the output is then sent as JSON. */
  outputSchema?: JsonObject;
  namespace?: { name: string; description: string };
};

export function functionToolOptions(
  tool: FunctionTool,
  providerOptionsName: string,
): FunctionToolOptions | undefined {
  return (tool.providerOptions?.[providerOptionsName] ?? tool.providerOptions?.openai) as
    | FunctionToolOptions
    | undefined;
}

/**
 * The Responses function tool, key for key as `@ai-sdk/openai` builds it: the input (and output)
 * schema normalised for OpenAI, `strict` only when the tool says so.
 */
export function prepareFunctionTool(
  tool: FunctionTool,
  options: FunctionToolOptions | undefined,
  async: boolean | undefined,
  warnings: Warning[],
): JsonObject {
  // Cached per schema object: the same object is passed on, not copied, on every call.
  const parameters = normalizeJsonSchema(tool.inputSchema);
  const output = options?.outputSchema != null ? normalizeJsonSchema(options.outputSchema) : null;
  warnings.push(...parameters.warnings, ...(output?.warnings ?? []));
  return {
    type: 'function',
    name: tool.name,
    ...(tool.description !== undefined && { description: tool.description }),
    parameters: parameters.schema,
    ...(async != null && { async }),
    strict: tool.strict ?? false,
    ...(options?.deferLoading != null && { defer_loading: options.deferLoading }),
    ...(options?.allowedCallers != null && { allowed_callers: options.allowedCallers }),
    ...(output != null && { output_schema: output.schema }),
  };
}
