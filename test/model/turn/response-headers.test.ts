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

  it('has none when the socket kind does not report its upgrade', () => {
    expect(responseHeaders(undefined)).toBeUndefined();
  });
});
