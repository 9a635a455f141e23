import type { LanguageModelV4 } from '@ai-sdk/provider-v4';

/**
 * The model with a count of the calls that reached it. The AI SDK calls a model a few turns
 * after it announced the call (`onLanguageModelCallStart`); a run is over only once every
 * announced call reached the model, which from then on counts it as begun (a provider.close()
 * ends it).
 */
export function countedModel(model: LanguageModelV4): {
  model: LanguageModelV4;
  calls: () => number;
} {
  let calls = 0;
  const counted = Object.create(model) as LanguageModelV4;
  counted.doStream = (options) => {
    calls++;
    return model.doStream(options);
  };
  counted.doGenerate = (options) => {
    calls++;
    return model.doGenerate(options);
  };
  return { model: counted, calls: () => calls };
}
