import { AISDKError } from '@ai-sdk/provider';

const name = 'AI_NoSuchProviderReferenceError';

/**
 * ai@7's error for a provider reference without an id for this provider. Its class lives in
 * ai@7's `@ai-sdk/provider`, which this package does not depend on at runtime; the same name and
 * marker make `NoSuchProviderReferenceError.isInstance` recognise this one.
 */
export class NoSuchProviderReferenceError extends AISDKError {
  readonly provider: string;
  readonly reference: Record<string, string>;

  constructor({ provider, reference }: { provider: string; reference: Record<string, string> }) {
    super({
      name,
      message: `No provider reference found for provider '${provider}'. Available providers: ${Object.keys(reference).join(', ')}`,
    });
    (this as unknown as Record<symbol, boolean>)[Symbol.for(`vercel.ai.error.${name}`)] = true;
    this.provider = provider;
    this.reference = reference;
  }
}
