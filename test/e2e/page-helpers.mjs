// Reading and driving the example app's page. Selectors are the data-testid attributes the
// app renders for this purpose (examples/next-app/components).

export const TIMEOUT_MS = 30_000;

/** Types a chat message and sends it. */
export async function sendChatMessage(page, text) {
  const chat = page.getByTestId('chat');
  await chat.getByLabel('Chat message').fill(text);
  await chat.getByRole('button', { name: 'Send' }).click();
}

/**
 * Waits until assistant message `index` shows `expected` and the chat is idle again (all steps
 * streamed, the metadata of the last step included), then returns that message's locator.
 */
export async function waitForAssistantAnswer(page, index, expected) {
  const message = page.getByTestId('message-assistant').nth(index);
  await message
    .getByTestId('message-text')
    .filter({ hasText: expected })
    .waitFor({ timeout: TIMEOUT_MS });
  await page.locator('[data-testid="chat"][data-status="ready"]').waitFor({ timeout: TIMEOUT_MS });
  return message;
}

/** The per-step wire metadata rows the app rendered inside `scope`. */
export function readWireSteps(scope) {
  return scope.getByTestId('wire-step').evaluateAll((rows) =>
    rows.map((row) => ({
      transport: row.dataset.transport,
      inputMode: row.dataset.inputMode,
      requestBytes: Number(row.dataset.requestBytes),
      socketReused: row.dataset.socketReused === 'true',
    })),
  );
}

/** Text of the tool-call lines inside `scope`. */
export function readToolCalls(scope) {
  return scope.getByTestId('tool-call').allTextContents();
}
