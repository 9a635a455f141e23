import { InvalidArgumentError } from '@ai-sdk/provider';
import { validateTypes } from '@ai-sdk/provider-utils';
import type { z } from 'zod';
import type { JsonObject, ProviderTool, Warning } from '../../../types';
import { customArgs, mcpArgs, shellArgs, toolSearchArgs } from './agent-tool-args';
import { mapNetworkPolicy } from './prepare-hosted-tool';

/** What preparing a tool may need of the call: the model's async support, the warnings. */
export type ToolContext = { supportsAsyncToolCalling: boolean; warnings: Warning[] };

/*
 * The provider tools that act for an agent: on the caller's machine (local shell, shell,
 * apply_patch, computer: the app runs them and sends the result back), as free-form calls
 * (custom tools), or on OpenAI's side (MCP servers, tool search, programmatic tool calling).
 * Each Responses tool is built as `@ai-sdk/openai` builds it, key for key.
 */

export async function prepareShell(tool: ProviderTool): Promise<JsonObject> {
  const { environment } = await validateTypes({ value: tool.args, schema: shellArgs });
  return { type: 'shell', ...(environment && { environment: shellEnvironment(environment) }) };
}

type ShellEnvironment = NonNullable<z.infer<typeof shellArgs>['environment']>;
type ContainerSkill = NonNullable<
  Extract<ShellEnvironment, { type: 'containerAuto' }>['skills']
>[number];

function shellEnvironment(env: ShellEnvironment): JsonObject {
  if (env.type === 'containerReference') {
    return { type: 'container_reference', container_id: env.containerId };
  }
  if (env.type === 'containerAuto') {
    return {
      type: 'container_auto',
      file_ids: env.fileIds,
      memory_limit: env.memoryLimit,
      network_policy: mapNetworkPolicy(env.networkPolicy),
      skills: env.skills?.map(containerSkill),
    };
  }
  return { type: 'local', skills: env.skills };
}

function containerSkill(skill: ContainerSkill): JsonObject {
  if (skill.type === 'skillReference') {
    return {
      type: 'skill_reference',
      skill_id: skillId(skill),
      version: skill.version ?? 'latest',
    };
  }
  return {
    type: 'inline',
    name: skill.name,
    description: skill.description,
    source: { type: 'base64', media_type: skill.source.mediaType, data: skill.source.data },
  };
}

/** A skill is referenced by its OpenAI id; a reference without one cannot be sent. */
function skillId(skill: Extract<ContainerSkill, { type: 'skillReference' }>): string {
  const id = skill.providerReference.openai;
  if (id != null) return id;
  throw new InvalidArgumentError({
    argument: 'skills',
    message: `A shell skill reference needs an OpenAI skill id (providerReference.openai); got ${JSON.stringify(skill.providerReference)}.`,
  });
}

export async function prepareMcp(tool: ProviderTool): Promise<JsonObject> {
  const args = await validateTypes({ value: tool.args, schema: mcpArgs });
  const { allowedTools, requireApproval } = args;
  // Only the `never` filter has a wire form; no policy means never asking.
  const approval =
    typeof requireApproval === 'string'
      ? requireApproval
      : requireApproval?.never != null
        ? { never: { tool_names: requireApproval.never.toolNames } }
        : undefined;
  return {
    type: 'mcp',
    server_label: args.serverLabel,
    allowed_tools: Array.isArray(allowedTools)
      ? allowedTools
      : allowedTools
        ? { read_only: allowedTools.readOnly, tool_names: allowedTools.toolNames }
        : undefined,
    authorization: args.authorization,
    connector_id: args.connectorId,
    headers: args.headers,
    require_approval: approval ?? 'never',
    server_description: args.serverDescription,
    server_url: args.serverUrl,
    tunnel_id: args.tunnelId,
  };
}

export async function prepareCustom(tool: ProviderTool, context: ToolContext): Promise<JsonObject> {
  const args = await validateTypes({ value: tool.args, schema: customArgs });
  const async = resolveAsyncOption(args.async, tool.name, context);
  return {
    type: 'custom',
    name: tool.name,
    description: args.description,
    ...(async != null && { async: args.async }),
    format: args.format,
  };
}

export async function prepareToolSearch(tool: ProviderTool): Promise<JsonObject> {
  const args = await validateTypes({ value: tool.args, schema: toolSearchArgs });
  return {
    type: 'tool_search',
    ...(args.execution != null && { execution: args.execution }),
    ...(args.description != null && { description: args.description }),
    ...(args.parameters != null && { parameters: args.parameters as JsonObject }),
  };
}

/**
 * `async: true` needs a model that can continue without waiting for the result (GPT-6+):
 * elsewhere it is left out with a warning, as `@ai-sdk/openai` does.
 */
export function resolveAsyncOption(
  value: boolean | undefined,
  toolName: string,
  { supportsAsyncToolCalling, warnings }: ToolContext,
): boolean | undefined {
  if (value !== true || supportsAsyncToolCalling) return value;
  warnings.push({
    type: 'unsupported',
    feature: `async tool calling for "${toolName}"`,
    details: 'Async tool calling is only supported by GPT-6 and later models.',
  });
  return undefined;
}
