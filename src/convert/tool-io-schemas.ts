import { z } from 'zod';

/*
 * The inputs and outputs of the provider tools as the AI SDK hands them back in a prompt (the
 * tool-call input the event mapper emitted, the result the app's tool returned). The converter
 * validates them before it rebuilds the items, with the shapes of `@ai-sdk/openai`'s tool
 * definitions, so the same values are accepted and refused.
 */

export const localShellInput = z.object({
  action: z.object({
    type: z.literal('exec'),
    command: z.array(z.string()),
    timeoutMs: z.number().optional(),
    user: z.string().optional(),
    workingDirectory: z.string().optional(),
    env: z.record(z.string(), z.string()).optional(),
  }),
});

export const localShellOutput = z.object({ output: z.string() });

export const shellInput = z.object({
  action: z.object({
    commands: z.array(z.string()),
    timeoutMs: z.number().optional(),
    maxOutputLength: z.number().optional(),
  }),
});

export const shellOutput = z.object({
  maxOutputLength: z.number().optional(),
  output: z.array(
    z.object({
      stdout: z.string(),
      stderr: z.string(),
      outcome: z.discriminatedUnion('type', [
        z.object({ type: z.literal('timeout') }),
        z.object({ type: z.literal('exit'), exitCode: z.number() }),
      ]),
    }),
  ),
});

export const applyPatchInput = z.object({
  callId: z.string(),
  operation: z.discriminatedUnion('type', [
    z.object({ type: z.literal('create_file'), path: z.string(), diff: z.string() }),
    z.object({ type: z.literal('delete_file'), path: z.string() }),
    z.object({ type: z.literal('update_file'), path: z.string(), diff: z.string() }),
  ]),
});

export const applyPatchOutput = z.object({
  status: z.enum(['completed', 'failed']),
  output: z.string().optional(),
});

const safetyCheck = z.object({
  id: z.string(),
  code: z.string().optional(),
  message: z.string().optional(),
});

const keys = z.array(z.string()).optional();
const computerAction = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('click'),
    button: z.enum(['left', 'right', 'wheel', 'back', 'forward']),
    x: z.number(),
    y: z.number(),
    keys,
  }),
  z.object({ type: z.literal('double_click'), x: z.number(), y: z.number(), keys }),
  z.object({
    type: z.literal('drag'),
    path: z.array(z.object({ x: z.number(), y: z.number() })),
    keys,
  }),
  z.object({ type: z.literal('keypress'), keys: z.array(z.string()) }),
  z.object({ type: z.literal('move'), x: z.number(), y: z.number(), keys }),
  z.object({ type: z.literal('screenshot') }),
  z.object({
    type: z.literal('scroll'),
    x: z.number(),
    y: z.number(),
    scrollX: z.number(),
    scrollY: z.number(),
    keys,
  }),
  z.object({ type: z.literal('type'), text: z.string() }),
  z.object({ type: z.literal('wait') }),
]);

export const computerInput = z.object({
  actions: z.array(computerAction),
  pendingSafetyChecks: z.array(safetyCheck),
  status: z.enum(['in_progress', 'completed', 'incomplete']),
});

const detail = z.enum(['auto', 'low', 'high', 'original']).optional();
export const computerOutput = z.object({
  output: z.union([
    z.object({
      type: z.literal('computer_screenshot'),
      imageUrl: z.string(),
      fileId: z.string().optional(),
      detail,
    }),
    z.object({
      type: z.literal('computer_screenshot'),
      fileId: z.string(),
      imageUrl: z.string().optional(),
      detail,
    }),
  ]),
  acknowledgedSafetyChecks: z.array(safetyCheck).optional(),
});

export const toolSearchInput = z.object({
  arguments: z.unknown().optional(),
  call_id: z.string().nullish(),
});

export const toolSearchOutput = z.object({ tools: z.array(z.record(z.string(), z.unknown())) });

export const programInput = z.object({ code: z.string(), fingerprint: z.string() });

export const programOutput = z.object({
  result: z.string(),
  status: z.enum(['completed', 'incomplete']),
});

export const webSearchOutput = z.object({
  action: z
    .discriminatedUnion('type', [
      z.object({
        type: z.literal('search'),
        query: z.string().optional(),
        queries: z.array(z.string()).optional(),
      }),
      z.object({ type: z.literal('openPage'), url: z.string().nullish() }),
      z.object({
        type: z.literal('findInPage'),
        url: z.string().nullish(),
        pattern: z.string().nullish(),
      }),
    ])
    .optional(),
  sources: z
    .array(
      z.discriminatedUnion('type', [
        z.object({ type: z.literal('url'), url: z.string() }),
        z.object({ type: z.literal('api'), name: z.string() }),
      ]),
    )
    .optional(),
});
