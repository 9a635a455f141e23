import { NoSuchModelError } from '@ai-sdk/provider';
import type { ResponsesWebSocketModel } from '../model/responses-websocket-model';
import { createProviderCore, type OpenAIWebSocketSettings } from '../provider';

/** The shape every entry's provider has; `M` is that entry's language model type. */
export type SpecProvider<M> = {
  (modelId: string): M;
  languageModel(modelId: string): M;
  responses(modelId: string): M;
  /** Closes every socket of this provider's pool; pooled sockets never keep a process alive anyway. */
  close(): Promise<void>;
};

const notSupported = (modelType: string) => (modelId: string) => {
  throw new NoSuchModelError({ modelId, modelType: modelType as 'languageModel' });
};

/** The callable provider object, identical for every spec; `wrap` is the spec adapter. */
export function buildProvider<M>(
  settings: OpenAIWebSocketSettings | undefined,
  wrap: (model: ResponsesWebSocketModel) => M,
  specificationVersion: 'v2' | 'v3' | 'v4',
): SpecProvider<M> {
  const core = createProviderCore(settings);
  const languageModel = (modelId: string) => wrap(core.languageModel(modelId));
  return Object.assign((modelId: string) => languageModel(modelId), {
    specificationVersion,
    languageModel,
    responses: languageModel,
    close: core.close,
    textEmbeddingModel: notSupported('textEmbeddingModel'),
    embeddingModel: notSupported('embeddingModel'),
    imageModel: notSupported('imageModel'),
  });
}

/** A default instance created on first use, so importing the entry never throws. */
export function lazyProvider<M>(create: () => SpecProvider<M>): SpecProvider<M> {
  let instance: SpecProvider<M> | undefined;
  const get = () => (instance ??= create());
  return Object.assign((modelId: string) => get()(modelId), {
    languageModel: (modelId: string) => get().languageModel(modelId),
    responses: (modelId: string) => get().responses(modelId),
    close: () => instance?.close() ?? Promise.resolve(),
  });
}
