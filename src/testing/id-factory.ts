type Prefix =
  | 'resp'
  | 'msg'
  | 'fc'
  | 'rs'
  | 'call'
  | 'steer'
  | 'item'
  | 'ctc'
  | 'lsh'
  | 'sh'
  | 'apc'
  | 'mcpr'
  | 'mcp';

/**
 * Deterministic ids: `resp_1`, `msg_1`, `call_1`, … Counters survive `reset()` on purpose: a
 * client may still hold ids from before (pooled sockets, cached chain heads), and a reused id
 * would make a stale id look valid.
 */
export class IdFactory {
  private readonly counters: Record<Prefix, number> = {
    resp: 0,
    msg: 0,
    fc: 0,
    rs: 0,
    call: 0,
    steer: 0,
    item: 0,
    ctc: 0,
    lsh: 0,
    sh: 0,
    apc: 0,
    mcpr: 0,
    mcp: 0,
  };

  next(prefix: Prefix): string {
    this.counters[prefix] += 1;
    return `${prefix}_${this.counters[prefix]}`;
  }
}
