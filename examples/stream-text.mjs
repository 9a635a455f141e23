// streamText, then a follow-up message in a separate call: the second call goes out as a delta.
import { streamText } from 'ai';
import { describeStep, setup } from './_setup.mjs';

const { provider, modelId, close } = await setup();
try {
  const messages = [];
  for (const question of ['Name a prime number.', 'And the next one?']) {
    messages.push({ role: 'user', content: question });
    const result = streamText({ model: provider(modelId), messages });
    process.stdout.write(`\n> ${question}\n`);
    for await (const delta of result.textStream) process.stdout.write(delta);
    process.stdout.write('\n');
    // ai@7: responseMessages holds every step's messages (response.messages only the last step).
    messages.push(...(await result.responseMessages));
    console.log(describeStep(messages.length / 2, await result.providerMetadata));
  }
} finally {
  await close();
}
