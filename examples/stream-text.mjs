// A chat over separate streamText calls: each call passes the whole history back, as an app
// does, and the provider sends only the new message, with previous_response_id.
//   node examples/stream-text.mjs
import { streamText } from 'ai';
import { runWhenMain } from './_setup.mjs';

const QUESTIONS = ['Name a prime number.', 'And the next one?', 'Add the two together.'];

/** Runs the chat and prints one line per call. */
export async function chat(backend) {
  console.log('Chat: three separate streamText calls, the history passed back each time');
  console.log(backend.header);
  const messages = [];
  for (const [i, question] of QUESTIONS.entries()) {
    messages.push({ role: 'user', content: question });
    const result = streamText({ model: backend.model(), messages });
    let answer = '';
    for await (const delta of result.textStream) answer += delta;
    // ai@7: responseMessages holds every step's messages (response.messages only the last step).
    messages.push(...(await result.responseMessages));
    const [step] = await result.steps;
    console.log(
      `${backend.line(`call ${i + 1}`, step)}  ${answer.replace(/\s+/g, ' ').slice(0, 30)}`,
    );
  }
}

await runWhenMain(import.meta.url, chat);
