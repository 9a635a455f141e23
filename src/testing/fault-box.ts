import type { Fault } from './types';

type Transport = 'websocket' | 'http';
type FaultOf<T extends Fault['type']> = Extract<Fault, { type: T }>;

/**
 * The faults armed by a test. Each fault fires once, at the first point of a request (or
 * upgrade) where it applies, in the order the faults were armed. `ignore-pings` is a switch,
 * not a one-shot; `connection-limit-idle` is scheduled by the WebSocket endpoint, not stored.
 */
export class FaultBox {
  private armed: Fault[] = [];
  /** Set by an `ignore-pings` fault until `clear()`. */
  ignorePings = false;

  arm(fault: Fault): void {
    if (fault.type === 'ignore-pings') {
      this.ignorePings = true;
      return;
    }
    if (fault.type === 'reject-upgrade') {
      // One entry per rejection keeps "fires once" true for every stored fault.
      const count = Math.max(1, fault.count ?? 1);
      for (let i = 0; i < count; i++) this.armed.push({ ...fault, count: 1 });
      return;
    }
    this.armed.push(fault);
  }

  /**
   * Remove and return the first armed fault of one of `types` that applies to `transport`
   * (faults without a `transport` filter apply to both) and to `lane` (faults with a `streamId`
   * filter apply only to WebSocket requests on that lane; `lane` is `undefined` over HTTP), and
   * that `accept` allows.
   */
  take<T extends Fault['type']>(
    types: readonly T[],
    transport: Transport,
    accept: (fault: FaultOf<T>) => boolean = () => true,
    lane?: string | null,
  ): FaultOf<T> | undefined {
    const index = this.armed.findIndex((fault) => {
      if (!(types as readonly string[]).includes(fault.type)) return false;
      const filter = fault as { transport?: Transport; streamId?: string | null };
      if (filter.transport !== undefined && filter.transport !== transport) return false;
      if (filter.streamId !== undefined && filter.streamId !== lane) return false;
      return accept(fault as FaultOf<T>);
    });
    if (index < 0) return undefined;
    const [fault] = this.armed.splice(index, 1);
    return fault as FaultOf<T>;
  }

  /** Faults still waiting to fire (for diagnostics and tests). */
  pending(): readonly Fault[] {
    return this.armed;
  }

  clear(): void {
    this.armed = [];
    this.ignorePings = false;
  }
}
