// Checks on the mock server's request records: what actually went over the wire.
import assert from 'node:assert/strict';

const itemType = (item) =>
  item && typeof item === 'object' ? (item.type ?? 'message') : typeof item;

/**
 * Asserts that `records` form one tool loop: the first request starts (or continues) the chain,
 * every later one names the previous response and carries exactly one new tool output, all on
 * one socket, with no item the server already held sent again.
 */
export function assertToolLoop(records, { steps, label }) {
  assert.equal(records.length, steps, `${label}: ${steps} requests expected`);
  for (const [i, record] of records.entries()) {
    assert.equal(record.transport, 'websocket', `${label}: request ${i + 1} over the socket`);
    assert.equal(record.status, 'completed', `${label}: request ${i + 1} completed`);
    assert.deepEqual(record.duplicates, [], `${label}: request ${i + 1} resent nothing`);
    assert.equal(record.socketId, records[0].socketId, `${label}: request ${i + 1} on one socket`);
    if (i === 0) continue;
    assert.equal(
      record.previousResponseId,
      records[i - 1].responseId,
      `${label}: request ${i + 1} chains`,
    );
    assert.deepEqual(
      record.input.map(itemType),
      ['function_call_output'],
      `${label}: request ${i + 1} is a delta`,
    );
  }
}

/** Text of an input message item (string content or text parts). */
export function messageText(item) {
  if (typeof item?.content === 'string') return item.content;
  return (item?.content ?? []).map((part) => part.text ?? '').join('');
}

/** What sending the whole context would have cost, for the saving shown in the log. */
export function fullContextBytes(record) {
  return Buffer.byteLength(JSON.stringify(record.context));
}
