import { asObject } from '../../util/as-object';

/**
 * The key under which the AI SDK (ai@7) looks for a provider's telemetry view of a value: a
 * function that returns the copy its telemetry integrations may see. A global symbol, so no
 * particular `@ai-sdk/provider-utils` version is needed to set it.
 */
const TELEMETRY_VIEW = Symbol.for('vercel.ai.telemetry.redact');

const REDACTED = '[redacted]';

/**
 * Marks a Responses body (a request, or a response object that echoes its tools) with a telemetry
 * view in which the credentials its tools carry read `[redacted]`: an MCP server's
 * `authorization` and header values, and the domain secrets of a code interpreter's container or
 * a shell's environment. The body itself is unchanged (the property is a non-enumerable symbol:
 * neither JSON nor a spread copies it), so the frame, the POST and `request.body` stay as sent.
 * `@ai-sdk/openai` marks the same bodies, so a telemetry integration sees the same through both.
 */
export function withTelemetryView<T extends Record<string, unknown>>(body: T): T {
  if (!Array.isArray(body.tools)) return body;
  Object.defineProperty(body, TELEMETRY_VIEW, { value: redactBody, configurable: true });
  return body;
}

function redactBody(body: Record<string, unknown>): Record<string, unknown> {
  return { ...body, tools: (body.tools as unknown[]).map(redactTool) };
}

function redactTool(tool: unknown): unknown {
  const value = asObject(tool);
  if (value === undefined) return tool;
  switch (value.type) {
    case 'mcp':
      return {
        ...value,
        ...(value.authorization != null && { authorization: REDACTED }),
        ...(asObject(value.headers) && {
          headers: Object.fromEntries(
            Object.keys(value.headers as object).map((n) => [n, REDACTED]),
          ),
        }),
      };
    case 'code_interpreter':
      return withSecretsRedacted(value, 'container');
    case 'shell':
      return withSecretsRedacted(value, 'environment');
    default:
      return tool;
  }
}

/** `tool[key].network_policy.domain_secrets[].value` redacted; the rest as it was. */
function withSecretsRedacted(tool: Record<string, unknown>, key: string): Record<string, unknown> {
  const holder = asObject(tool[key]);
  const policy = asObject(holder?.network_policy);
  const secrets = policy?.domain_secrets;
  if (!Array.isArray(secrets)) return tool;
  return {
    ...tool,
    [key]: {
      ...holder,
      network_policy: {
        ...policy,
        domain_secrets: secrets.map((secret) =>
          asObject(secret) && 'value' in secret ? { ...secret, value: REDACTED } : secret,
        ),
      },
    },
  };
}
