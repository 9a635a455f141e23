// generateText over a pooled WebSocket: the basic call.
import { generateText } from 'ai';
import { describeStep, setup } from './_setup.mjs';

const { provider, modelId, close } = await setup();
try {
  const result = await generateText({
    model: provider(modelId),
    prompt: 'In one sentence: why does a persistent socket make agent loops faster?',
  });
  console.log(`\n${result.text}\n`);
  console.log(describeStep(1, result.providerMetadata));
} finally {
  await close();
}
