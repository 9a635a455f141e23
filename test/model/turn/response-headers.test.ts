import { describe, expect, it } from 'vitest';
import { responseHeaders } from '../../../src/model/turn/response-headers';

describe('responseHeaders', () => {
  it('reports the upgrade headers minus cookies and credentials', () => {
    expect(
      responseHeaders({
        'x-request-id': 'req_1',
        'openai-processing-ms': '12',
        'x-ratelimit-remaining-requests': '99',
        'x-ratelimit-remaining-tokens': '9000',
        'set-cookie': '__cf_bm=secret',
        'x-api-key': 'sk-leak',
        authorization: 'Bearer sk-leak',
        'proxy-authorization': 'Basic x',
        'x-session-id': 's',
        'x-access-token': 't',
      }),
    ).toEqual({
      'x-request-id': 'req_1',
      'openai-processing-ms': '12',
      'x-ratelimit-remaining-requests': '99',
      'x-ratelimit-remaining-tokens': '9000',
    });
  });

  it("gives every call of a socket the same headers, each in an object of the call's own", () => {
    const upgrade = { 'x-request-id': 'req_1', 'set-cookie': 'secret' };
    const first = responseHeaders(upgrade);
    const second = responseHeaders(upgrade);
    expect(second).toEqual({ 'x-request-id': 'req_1' });
    expect(second).not.toBe(first);
    if (first) first['x-request-id'] = 'changed by a caller';
    expect(responseHeaders(upgrade)).toEqual({ 'x-request-id': 'req_1' });
  });

  it('has none when the socket kind does not report its upgrade', () => {
    expect(responseHeaders(undefined)).toBeUndefined();
  });
});
