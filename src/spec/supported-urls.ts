/** URLs the Responses API fetches itself (so the AI SDK does not download them), as @ai-sdk/openai. */
export const SUPPORTED_URLS: Record<string, RegExp[]> = {
  'image/*': [/^https?:\/\/.*$/],
  'application/pdf': [/^https?:\/\/.*$/],
};
