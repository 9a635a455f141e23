import { createJsonErrorResponseHandler } from '@ai-sdk/provider-utils';
import { z } from 'zod';

/** OpenAI's HTTP error body; loose so OpenAI-compatible gateways' variants still parse. */
export const openaiErrorSchema = z.object({
  error: z.object({
    message: z.string(),
    type: z.string().nullish(),
    param: z.any().nullish(),
    code: z.union([z.string(), z.number()]).nullish(),
  }),
});

/**
 * Turns a non-2xx response into an APICallError the way @ai-sdk/openai does: message from the
 * body, retryable for 408/409/429/5xx (the APICallError default), body text kept as is.
 */
export const openaiFailedResponseHandler = createJsonErrorResponseHandler({
  errorSchema: openaiErrorSchema,
  errorToMessage: (data) => data.error.message,
});
