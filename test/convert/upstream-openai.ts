/**
 * Test harness: runs `@ai-sdk/openai`'s Responses model (a LanguageModelV4) on a neutral call and
 * captures the request body it would send, so tests can compare it with `buildRequest`.
 */
import { createOpenAI } from '@ai-sdk/openai';
import type {
  LanguageModelV4CallOptions,
  LanguageModelV4Prompt,
  LanguageModelV4ToolResultOutput,
  SharedV4Warning,
} from '@ai-sdk/provider-v4';
import type {
  CallOptions,
  FilePart,
  Message,
  ToolResultContentItem,
  ToolResultOutput,
} from '../../src/types';

type Json = Record<string, unknown>;

/** File data in V4's tagged form (file ids as provider references, as ai@7 passes them). */
function toV4FileData(data: FilePart['data']) {
  if (data instanceof URL) return { type: 'url' as const, url: data };
  if (typeof data === 'string' && data.startsWith('file-')) {
    return { type: 'reference' as const, reference: { openai: data } };
  }
  return { type: 'data' as const, data };
}

function toV4ContentItem(item: ToolResultContentItem): Json {
  const i = item as Json;
  switch (item.type) {
    case 'text':
      return { type: 'text', text: i.text, providerOptions: i.providerOptions };
    case 'image-data':
    case 'file-data':
    case 'media':
      return {
        type: 'file',
        data: { type: 'data', data: i.data },
        mediaType: i.mediaType,
        filename: i.filename,
        providerOptions: i.providerOptions,
      };
    case 'image-url':
      return {
        type: 'file',
        data: { type: 'url', url: new URL(i.url as string) },
        mediaType: 'image',
        providerOptions: i.providerOptions,
      };
    case 'file-url':
      return {
        type: 'file',
        data: { type: 'url', url: new URL(i.url as string) },
        mediaType: i.mediaType ?? 'application/octet-stream',
      };
    case 'image-file-id':
    case 'file-id':
      return {
        type: 'file',
        data: {
          type: 'reference',
          reference: typeof i.fileId === 'string' ? { openai: i.fileId } : i.fileId,
        },
        mediaType: item.type === 'image-file-id' ? 'image/png' : 'application/pdf',
        providerOptions: i.providerOptions,
      };
    default:
      return item as Json;
  }
}

function toV4Output(output: ToolResultOutput): LanguageModelV4ToolResultOutput {
  if (output.type !== 'content') return output as LanguageModelV4ToolResultOutput;
  return { ...output, value: output.value.map(toV4ContentItem) } as LanguageModelV4ToolResultOutput;
}

/** Neutral prompt → V4 prompt, the way the AI SDK (ai@7) would have handed it to the model. */
export function toV4Prompt(prompt: Message[]): LanguageModelV4Prompt {
  return prompt.map((message): Json => {
    switch (message.role) {
      case 'system':
        return message;
      case 'user':
        return {
          ...message,
          content: message.content.map((part) =>
            part.type === 'file' ? { ...part, data: toV4FileData(part.data) } : part,
          ),
        };
      case 'assistant':
        return {
          ...message,
          content: message.content.map((part) =>
            part.type === 'tool-result'
              ? { ...part, output: toV4Output(part.output) }
              : part.type === 'file'
                ? { ...part, data: toV4FileData(part.data) }
                : part,
          ),
        };
      default:
        // The AI SDK only passes on approval responses of provider-executed tools (MCP).
        return {
          ...message,
          content: message.content.map((part) =>
            part.type === 'tool-result' ? { ...part, output: toV4Output(part.output) } : part,
          ),
        };
    }
  }) as LanguageModelV4Prompt;
}

export type UpstreamResult = { body: Json; warnings: SharedV4Warning[] };

/** The V4 call options both packages get for a neutral call (ai@7's view of it). */
export function toV4Options(options: CallOptions): LanguageModelV4CallOptions {
  return { ...options, prompt: toV4Prompt(options.prompt) } as LanguageModelV4CallOptions;
}

/** The body (minus `stream`) and warnings of `@ai-sdk/openai`'s `doGenerate` for a call. */
export async function runUpstream(
  modelId: string,
  options: CallOptions,
  v4Options: { prompt?: LanguageModelV4Prompt } = {},
): Promise<UpstreamResult> {
  let body: Json | undefined;
  const fetch = async (_url: unknown, init?: RequestInit) => {
    body = JSON.parse(String(init?.body));
    return new Response(
      JSON.stringify({
        id: 'resp_1',
        created_at: 1,
        model: modelId,
        output: [],
        usage: { input_tokens: 1, output_tokens: 1 },
      }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    );
  };
  const provider = createOpenAI({ apiKey: 'k', baseURL: 'http://api.test/v1', fetch });
  const result = await provider.responses(modelId).doGenerate({
    ...toV4Options(options),
    ...(v4Options.prompt && { prompt: v4Options.prompt }),
  });
  if (body == null) throw new Error('no request was sent');
  const { stream: _stream, ...withoutStream } = body;
  return { body: withoutStream, warnings: result.warnings };
}
